import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { useErrorToast } from "~/components/auth/useErrorToast";
import { useFormValidation } from "~/components/auth/useFormValidation";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { fieldErrors, formValues, resetPasswordSchema } from "~/lib/auth-schemas";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { AUTH_MESSAGES, isResetTokenValid, resetPassword } from "~/server/accounts.server";
import { flashHeaders } from "~/server/flash.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only a recovery link from the email opens this page.
  if (url.searchParams.get("type") !== "recovery") throw redirect("/signin");
  const token = url.searchParams.get("token") ?? "";
  if (!(await isResetTokenValid(context.auth, token))) {
    throw redirect("/signin", {
      headers: await flashHeaders(context, request, { type: "error", message: AUTH_MESSAGES.invalidRecoveryLink }),
    });
  }
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const outcome = await resetPassword(context, request, { token: parsed.data.token, password: parsed.data.password });
  if (outcome === "updated" || outcome === "invalid-token") {
    const flash =
      outcome === "updated"
        ? ({ type: "success", message: AUTH_MESSAGES.passwordUpdated } as const)
        : ({ type: "error", message: AUTH_MESSAGES.invalidRecoveryLink } as const);
    return redirect("/signin", { headers: await flashHeaders(context, request, flash) });
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
  const { errors, onSubmit, clearChanged } = useFormValidation(resetPasswordSchema, actionData?.errors);
  useErrorToast(actionData);
  const busy = useNavigation().state === "submitting";

  return (
    <AuthLayout
      title="Choose a New Password"
      description="Pick a password you don't use anywhere else. Afterwards you'll be signed out everywhere and can sign in with it."
    >
      {actionData?.message ? (
        <Alert tone="error" className="mb-5">
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={clearChanged} className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password}
          required
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Updating..." : "Update Password"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
