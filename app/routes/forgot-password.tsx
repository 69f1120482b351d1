import { useEffect } from "react";
import { data, Link } from "react-router";
import { notify } from "~/components/layout/notify";
import type { Route } from "./+types/forgot-password";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { EmailField } from "~/components/auth/AuthFields";
import { AuthForm } from "~/components/auth/AuthForm";
import { Alert } from "~/components/ui/Alert";
import { forgotPasswordSchema } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(forgotPasswordSchema, await request.formData());
  if (!form.ok) return data({ sent: null, errors: form.errors, message: null }, { status: 400 });
  const result = await requestPasswordReset(context, request, form.data.email);
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
  const sent = actionData?.sent ?? null;
  useEffect(() => {
    if (sent) notify("success", sent);
  }, [actionData, sent]);

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
      <AuthForm schema={forgotPasswordSchema} result={actionData} submitLabel="Send Reset Link" busyLabel="Sending...">
        {(errors) => <EmailField error={errors.email} />}
      </AuthForm>
    </AuthLayout>
  );
}
