import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import type { FieldErrors } from "~/lib/form";

/** What an account page's action answers when it does not redirect. */
export interface AuthActionResult {
  errors: FieldErrors;
  /**
   * A failure of the whole form (wrong password, too many attempts...), shown once, above it: not
   * also as a toast, which would say the same thing twice and vanish before it is read.
   */
  message: string | null;
  /** Over the message when it is the server's reason: the spec's "Failed to sign in" or "Failed to sign up". */
  title?: string | null;
}

/**
 * The form of an account page (sign in, sign up, forgot and reset password): the action's failure
 * message, the form checked in the browser with the action's own schema (see app/lib/form.ts), and
 * a full-width submit button that says what it is doing while the post is under way.
 */
export function AuthForm({
  schema,
  result,
  submitLabel,
  busyLabel,
  children,
  footer,
  action,
}: {
  schema: z.ZodType;
  result: AuthActionResult | undefined;
  submitLabel: string;
  busyLabel: string;
  /** The fields, given the messages to show next to them. */
  children: (errors: FieldErrors) => ReactNode;
  /** Below the button, inside the form. */
  footer?: ReactNode;
  /** Where the form posts, when not to its own page. */
  action?: string;
}) {
  const { errors, onSubmit, clearChanged } = useFieldErrors(result?.errors, schema);
  const busy = useNavigation().state === "submitting";

  return (
    <>
      {result?.message ? (
        <Alert tone="error" title={result.title ?? undefined} className="mb-5">
          {result.message}
        </Alert>
      ) : null}
      <Form method="post" action={action} noValidate onSubmit={onSubmit} onChange={clearChanged} className="space-y-5">
        {children(errors)}
        <Button type="submit" className="min-h-11 w-full" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {footer}
      </Form>
    </>
  );
}
