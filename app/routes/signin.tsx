import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signin";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { useErrorToast } from "~/components/auth/useErrorToast";
import { useFormValidation } from "~/components/auth/useFormValidation";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { fieldErrors, formValues, safeRedirectPath, signInNotice, signInSchema } from "~/lib/auth-schemas";
import { pageMeta, siteFrom } from "~/lib/meta";
import { AUTH_MESSAGES, signIn } from "~/server/accounts.server";
import { getSessionUser } from "~/server/auth.server";
import { flashHeaders } from "~/server/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context.auth, context.db, request)) throw redirect(redirectTo);
  return { redirectTo, notice: signInNotice(url.searchParams.get("message")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const redirectTo = safeRedirectPath(values.redirectTo);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), message: null, email: values.email ?? "" }, { status: 400 });
  }
  const result = await signIn(context, request, parsed.data);
  if (!result.ok) {
    return data({ errors: {}, message: result.message, email: parsed.data.email }, { status: result.status });
  }
  const headers = await flashHeaders(context, request, { type: "success", message: AUTH_MESSAGES.signInSuccess });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Sign In",
    description: `Sign in to your ${site.siteName} performer account to manage your profile, photos and inquiries.`,
    path: "/signin",
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, notice } = loaderData;
  const { errors, onSubmit, clearChanged } = useFormValidation(signInSchema, actionData?.errors);
  useErrorToast(actionData);
  const busy = useNavigation().state === "submitting";
  const signUpHref = redirectTo === "/dashboard" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back! Sign in to manage your performer profile."
      footer={
        <p>
          Don&apos;t have an account?{" "}
          <Link to={signUpHref} className={authLinkClass}>
            Sign up
          </Link>
        </p>
      }
    >
      {notice ? (
        <Alert tone="info" className="mb-5">
          {notice}
        </Alert>
      ) : null}
      {actionData?.message ? (
        <Alert tone="error" className="mb-5">
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={clearChanged} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={actionData?.email ?? ""}
          error={errors.email}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
        />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={authLinkClass}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
