import { data, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { NewPasswordFields } from "~/components/auth/AuthFields";
import { AuthForm } from "~/components/auth/AuthForm";
import { resetPasswordSchema } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { isResetTokenValid, resetPassword } from "~/server/auth/accounts.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";
import { redirectWithFlash } from "~/server/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only a recovery link from the email opens this page.
  if (url.searchParams.get("type") !== "recovery") throw redirect("/signin");
  const token = url.searchParams.get("token") ?? "";
  if (!(await isResetTokenValid(context.auth, token))) {
    const flash = { type: "error", message: AUTH_MESSAGES.invalidRecoveryLink } as const;
    throw await redirectWithFlash(context, request, "/signin", flash);
  }
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(resetPasswordSchema, await request.formData());
  if (!form.ok) return data({ errors: form.errors, message: null }, { status: 400 });
  const outcome = await resetPassword(context, request, { token: form.data.token, password: form.data.password });
  if (outcome === "updated" || outcome === "invalid-token") {
    const flash =
      outcome === "updated"
        ? ({ type: "success", message: AUTH_MESSAGES.passwordUpdated } as const)
        : ({ type: "error", message: AUTH_MESSAGES.invalidRecoveryLink } as const);
    return redirectWithFlash(context, request, "/signin", flash);
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
