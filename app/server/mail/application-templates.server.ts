import type { OutgoingEmail } from "./outbox.server";
import { longDate } from "./payment-templates.server";
import { escapeHtml } from "./templates.server";

// The applicant's receipt for a free-listing application. It goes only to the signed-in account's
// own confirmed address (listings.server.ts decides), so the name in it is the owner's own words;
// the rest is fixed text: what happens next.

export interface ApplicationReceiptArgs {
  siteName: string;
  publicUrl: string;
  /** The account's confirmed address. */
  to: string;
  fullName: string;
  receivedAt: Date;
}

export function applicationReceiptEmail(a: ApplicationReceiptArgs): OutgoingEmail {
  const base = a.publicUrl.replace(/\/$/, "");
  const dashboard = `${base}/dashboard`;
  const lines = [
    `Hi ${a.fullName},`,
    `Thank you for applying for a free listing on ${a.siteName}. We received your application on ${longDate(a.receivedAt)}.`,
    `What happens next: our team reviews every application and answers within 1–2 business days. We will email you the decision, and your dashboard shows where your application stands: ${dashboard}`,
    `If it is approved, your free year starts when your listing goes live, not on the day we approve it, so none of it is spent while you finish your profile (display name, bio, city and state, categories and photos).`,
    `There is no need to apply again or to subscribe while you wait.`,
  ];
  return {
    to: a.to,
    subject: `We received your ${a.siteName} free listing application`,
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
