import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { useErrorToast } from "~/components/auth/useErrorToast";
import { useFormValidation } from "~/components/auth/useFormValidation";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { DEFAULT_AFTER_SIGN_IN, fieldErrors, formValues, safeRedirectPath, signUpSchema } from "~/lib/auth-schemas";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { AUTH_MESSAGES, signUp } from "~/server/accounts.server";
import { getSessionUser } from "~/server/auth.server";
import { flashHeaders } from "~/server/flash.server";

function signInPath(redirectTo: string) {
  return redirectTo === DEFAULT_AFTER_SIGN_IN ? "/signin" : `/signin?redirectTo=${encodeURIComponent(redirectTo)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(context.auth, context.db, request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const redirectTo = safeRedirectPath(values.redirectTo);
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), message: null, email: values.email ?? "" }, { status: 400 });
  }
  const result = await signUp(context, request, parsed.data);
  if (!result.ok) {
    return data({ errors: {}, message: result.message, email: parsed.data.email }, { status: result.status });
  }
  const headers = await flashHeaders(context, request, { type: "success", message: AUTH_MESSAGES.signUpSuccess });
  return redirect(signInPath(redirectTo), { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Create Your Performer Account",
    description: `Create a ${site.siteName} account to list yourself as a costume or cosplay performer and get booked for parties and events.`,
    path: "/signup",
  });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { errors, onSubmit, clearChanged } = useFormValidation(signUpSchema, actionData?.errors);
  useErrorToast(actionData);
  const busy = useNavigation().state === "submitting";

  return (
    <AuthLayout
      title="Create Your Account"
      description="Join the directory of costume and cosplay performers. After signing up you can build your profile and upload photos."
      footer={
        <p>
          Already have an account?{" "}
          <Link to={signInPath(redirectTo)} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
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
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password}
          required
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Sign Up"}
        </Button>
        <p className="text-xs text-slate-700">
          By signing up you agree to our{" "}
          <Link to="/terms" className={authLinkClass}>
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className={authLinkClass}>
            Privacy Policy
          </Link>
          , and confirm you are at least 18 and based in the US.
        </p>
      </Form>
    </AuthLayout>
  );
}
