// What the pages say about confirming an email address (shared by the dashboard, the subscription
// page and /confirm-email, and by the tests that read them).

export const CONFIRM_EMAIL_PATH = "/confirm-email";

export const CONFIRM_EMAIL_LABEL = "Confirm your email";
export const EMAIL_CONFIRMED = "Email confirmed";
export const EMAIL_CONFIRMED_SIGN_IN = "Email confirmed. Please sign in.";
export const CONFIRMATION_SENT = (email: string) => `Confirmation email sent to ${email}.`;
export const ALREADY_CONFIRMED = "Your email address is already confirmed.";

/** The resend allowance in words, from the seconds until the next one may go. */
export function confirmationLimitMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 60) return "We sent a confirmation email less than a minute ago. Please check your inbox, or try again in a minute.";
  const hours = Math.ceil(retryAfterSeconds / 3600);
  return `You have asked for several confirmation emails today. Please check your inbox and spam folder, or try again in ${hours === 1 ? "an hour" : `${hours} hours`}.`;
}

export type ConfirmLinkState = "expired" | "invalid" | null;
