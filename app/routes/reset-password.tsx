import { data, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { EmailField, NewPasswordFields } from "~/components/auth/AuthFields";
import { Alert } from "~/components/ui/Alert";
import { AuthForm } from "~/components/auth/AuthForm";
import { forgotPasswordSchema, resetPasswordSchema } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { resetLinkState, resetPassword } from "~/server/auth/accounts.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only a recovery link from the email opens this page.
  if (url.searchParams.get("type") !== "recovery") throw redirect("/signin");
  const token = url.searchParams.get("token") ?? "";
  const link = await resetLinkState(context.auth, token);
  if (!link.live) {
    // A used or expired link: a page that says so and sends a new one, to the address it went to
    // when that is still known (an expired link; a used one is gone), rather than a passing toast.
    return data({ token: null, stale: { message: AUTH_MESSAGES.invalidRecoveryLink, email: link.email ?? "" } }, { status: 400 });
  }
  return { token, stale: null };
}

/** The page again for the same link, which now says it no longer works. */
function staleLinkPage(token: string) {
  return redirect(`/reset-password?${new URLSearchParams({ type: "recovery", token }).toString()}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(resetPasswordSchema, await request.formData());
  if (!form.ok) return data({ errors: form.errors, message: null }, { status: 400 });
  const outcome = await resetPassword(context, request, { token: form.data.token, password: form.data.password });
  if (outcome === "invalid-token") return staleLinkPage(form.data.token);
  if (outcome === "updated") {
    return redirectWithFlash(context, request, "/signin", { type: "success", message: AUTH_MESSAGES.passwordUpdated });
  }
  if (outcome === "rate-limited") return data({ errors: {}, message: AUTH_MESSAGES.tooManyAttempts }, { status: 429 });
  return data({ errors: {}, message: outcome.failed }, { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Choose a New Password",
    description: `Choose a new password for your ${site.siteName} account.`,
    path: "/reset-password",
    noindex: true,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.stale || loaderData.token === null) {
    const stale = loaderData.stale;
    return (
      <AuthLayout title="This link no longer works" description="A reset link works once, and for one hour.">
        <Alert tone="warning" title={stale?.message} className="mb-5">
          Ask for a new link below: it goes to your email and replaces the old one.
        </Alert>
        <AuthForm schema={forgotPasswordSchema} result={undefined} action="/forgot-password" submitLabel="Send a new link" busyLabel="Sending...">
          {(errors) => <EmailField error={errors.email} defaultValue={stale?.email} />}
        </AuthForm>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a New Password"
      description="Pick a password you don't use anywhere else. Afterwards you'll be signed out everywhere and can sign in with it."
    >
      <AuthForm schema={resetPasswordSchema} result={actionData} submitLabel="Update Password" busyLabel="Updating...">
        {(errors) => (
          <>
            <input type="hidden" name="token" value={loaderData.token} />
            <NewPasswordFields errors={errors} labels={["New password", "Confirm new password"]} />
          </>
        )}
      </AuthForm>
    </AuthLayout>
  );
}
