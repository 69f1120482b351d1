import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The last email about a deletion: to a deleted account's address, after everything else is gone,
// or to the owner of a profile an admin removed; a record of what was deleted and of any billing
// that stopped.

export interface AccountDeletedEmailArgs {
  siteName: string;
  publicUrl: string;
  to: string;
  /** Who deleted it: the person themselves from the dashboard, or the site's team from /admin. */
  by: "self" | "admin";
  /** Whether a renewing subscription was cancelled as part of the deletion. */
  subscriptionCancelled: boolean;
  /** Where to write if the deletion was unexpected. */
  contactEmail: string | null;
}

export function accountDeletedEmail(a: AccountDeletedEmailArgs): OutgoingEmail {
  const lines = [
    a.by === "self"
      ? `As you asked, your ${a.siteName} account (${a.to}) has been deleted.`
      : `Our team has removed your ${a.siteName} profile from the directory.`,
    a.by === "self"
      ? "Your profile is no longer in the directory, and your photos, the inquiries sent to you and your sign-in have been deleted. They cannot be restored."
      : `Your photos and the inquiries sent to you have been deleted and cannot be restored. Your account (${a.to}) remains: you can still sign in.`,
    ...(a.subscriptionCancelled
      ? ["Your Yearly Membership subscription has been cancelled, so you will not be charged again. Payments already made are not refunded."]
      : []),
    a.by === "self"
      ? `If you did not ask for this${a.contactEmail ? `, write to us at ${a.contactEmail}` : ", reply to this email"}.`
      : `If you think this is a mistake${a.contactEmail ? `, write to us at ${a.contactEmail}` : ", reply to this email"}.`,
    a.by === "self"
      ? `You are welcome to create a new account at any time: ${a.publicUrl.replace(/\/$/, "")}/signup`
      : `You are welcome to create a new profile at any time: ${a.publicUrl.replace(/\/$/, "")}/dashboard`,
  ];
  return {
    to: a.to,
    subject: a.by === "self" ? `Your ${a.siteName} account has been deleted` : `Your ${a.siteName} profile has been removed`,
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
