import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { CONFIRM_EMAIL_PATH } from "~/lib/email-confirmation";

/**
 * "Resend email": a plain form posting to /confirm-email, which sends a fresh link (within the
 * account's allowance) and comes back to `returnTo` with a toast. Works without JavaScript.
 */
export function ResendConfirmation({
  returnTo,
  variant = "secondary",
  className,
  srLabel,
}: {
  returnTo: string;
  variant?: "primary" | "secondary";
  className?: string;
  /** Said after the button's words to a screen reader, where the button stands among others. */
  srLabel?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === CONFIRM_EMAIL_PATH;
  return (
    <Form method="post" action={CONFIRM_EMAIL_PATH} className={className}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button type="submit" disabled={sending} className={buttonClass(variant, "md")}>
        {sending ? "Sending..." : "Resend email"}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </button>
    </Form>
  );
}
