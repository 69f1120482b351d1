import { data, Link } from "react-router";
import type { Route } from "./+types/signin";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { EmailField, TAP_HEIGHT } from "~/components/auth/AuthFields";
import { AuthForm } from "~/components/auth/AuthForm";
import { Alert } from "~/components/ui/Alert";
import { TextField } from "~/components/ui/Field";
import { safeRedirectPath, signInNotice, signInSchema } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { signIn, takeNewAccountEmail } from "~/server/auth/accounts.server";
import { isAdmin, requireAnonymous } from "~/server/auth/auth.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  await requireAnonymous(context, request, redirectTo);
  const { email, headers } = await takeNewAccountEmail(context.config, request);
  // Whether a page asked to be returned to: without, an admin lands on /admin (see the action).
  const asked = url.searchParams.has("redirectTo");
  return data({ redirectTo, asked, notice: signInNotice(url.searchParams.get("message")), email }, { headers });
}

const ADMIN_LANDING = "/admin";

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const form = parseForm(signInSchema, posted);
  if (!form.ok) return data({ errors: form.errors, message: null, email: form.values.email }, { status: 400 });
  const { redirectTo, ...credentials } = form.data;
  const result = await signIn(context, request, credentials);
  if (!result.ok) {
    return data({ errors: {}, message: result.message, title: result.title ?? null, email: credentials.email }, { status: result.status });
  }
  const sessionCookies = result.headers.getSetCookie().map((cookie): [string, string] => ["Set-Cookie", cookie]);
  const flash = { type: "success", message: AUTH_MESSAGES.signInSuccess } as const;
  // An admin signing in with nowhere asked to go lands on the admin dashboard, not a performer's.
  const asked = String(posted.get("redirectTo") ?? "").trim() !== "";
  const landing = !asked && (await isAdmin(context.db, result.userId)) ? ADMIN_LANDING : redirectTo;
  return redirectWithFlash(context, request, landing, flash, sessionCookies);
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
  const { redirectTo, asked, notice, email: newAccountEmail } = loaderData;
  const signUpHref = redirectTo === "/dashboard" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back! Sign in to manage your performer profile."
      footer={
        <p>
          New here?{" "}
          <Link to={signUpHref} className={authLinkClass}>
            Create your account
          </Link>
        </p>
      }
    >
      {notice ? (
        <Alert tone="info" className="mb-5">
          {notice}
        </Alert>
      ) : null}
      <AuthForm schema={signInSchema} result={actionData} submitLabel="Sign In" busyLabel="Signing in...">
        {(errors) => (
          <>
            <input type="hidden" name="redirectTo" value={asked ? redirectTo : ""} />
            <EmailField defaultValue={actionData?.email ?? newAccountEmail ?? ""} error={errors.email} />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              className={TAP_HEIGHT}
              error={errors.password}
              required
            />
            <div className="flex justify-end text-sm">
              <Link to="/forgot-password" className={`${authLinkClass} inline-flex min-h-11 items-center`}>
                Forgot your password?
              </Link>
            </div>
          </>
        )}
      </AuthForm>
    </AuthLayout>
  );
}
