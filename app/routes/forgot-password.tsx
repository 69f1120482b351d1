import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { notify } from "~/components/layout/notify";
import type { Route } from "./+types/forgot-password";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { useErrorToast } from "~/components/auth/useErrorToast";
import { useFormValidation } from "~/components/auth/useFormValidation";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { fieldErrors, forgotPasswordSchema, formValues } from "~/lib/auth-schemas";
import { pageMeta, siteFrom } from "~/lib/meta";
import { AUTH_MESSAGES, requestPasswordReset } from "~/server/accounts.server";

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) {
    return data({ sent: null, errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  }
  const result = await requestPasswordReset(context, request, parsed.data.email);
  if (!result.ok) return data({ sent: null, errors: {}, message: result.message }, { status: result.status });
  return { sent: AUTH_MESSAGES.resetLinkSent, errors: {}, message: null };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Forgot Password",
    description: `Reset the password of your ${site.siteName} performer account.`,
    path: "/forgot-password",
    noindex: true,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { errors, onSubmit, clearChanged } = useFormValidation(forgotPasswordSchema, actionData?.errors);
  useErrorToast(actionData);
  const sent = actionData?.sent ?? null;
  useEffect(() => {
    if (sent) notify("success", sent);
  }, [actionData, sent]);
  const busy = useNavigation().state === "submitting";

  return (
    <AuthLayout
      title="Forgot Password"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/signin" className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <Alert tone="success" title={sent} className="mb-5">
          If an account uses that address, the email is on its way. The link works once and expires in one hour.
          Check your spam folder if it doesn&apos;t arrive within a few minutes.
        </Alert>
      ) : null}
      {actionData?.message ? (
        <Alert tone="error" className="mb-5">
          {actionData.message}
        </Alert>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={clearChanged} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
