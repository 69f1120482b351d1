import type { OutgoingEmail } from "../mail/outbox.server";
import { longDate } from "../mail/payment-templates.server";
import { escapeHtml } from "../mail/templates.server";

// The applicant's emails after an admin reviews a free-listing application.

export interface ApprovalEmailArgs {
  siteName: string;
  publicUrl: string;
  to: string;
  fullName: string;
  /** Last day of the free year (YYYY-MM-DD). */
  endsOn: string;
  /** Whether an account with this email exists already (sign in) or not (sign up). */
  hasAccount: boolean;
  /** That account has not confirmed the address yet: the free year waits for the confirmation. */
  accountUnconfirmed?: boolean;
  notes: string | null;
}

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
}

export function freeListingApprovedEmail(a: ApprovalEmailArgs): OutgoingEmail {
  const base = a.publicUrl.replace(/\/$/, "");
  const start = a.hasAccount ? `Sign in at ${base}/signin` : `Create your account with this email address at ${base}/signup`;
  const waiting = a.hasAccount && a.accountUnconfirmed;
  const lines = [
    `Hi ${a.fullName},`,
    `Good news: your free listing on ${a.siteName} is approved. Your listing is free until ${longDate(a.endsOn)}.`,
    ...(waiting
      ? [
          `An account with this email address is waiting for its address to be confirmed, and your free year goes to it once it is. If you created it, open the confirmation link we emailed you (or sign in at ${base}/signin and send a new one from your dashboard).`,
          `If you didn't create it, ignore it: an account that is never confirmed is removed within a week, and you can then create your own with this address at ${base}/signup. Your free year waits for you either way.`,
          `Then complete your profile (display name, city and state, bio, categories and photos). Your listing shows in the directory once your profile has a display name.`,
        ]
      : [
          `${start}, then complete your profile (display name, city and state, bio, categories and photos). Your listing shows in the directory once your profile has a display name.`,
        ]),
    ...(a.notes ? [`A note from our team: ${a.notes}`] : []),
    `Welcome aboard!`,
  ];
  return {
    to: a.to,
    subject: `Your free ${a.siteName} listing is approved`,
    text: lines.join("\n\n"),
    html: paragraphs(lines),
  };
}

export interface RejectionEmailArgs {
  siteName: string;
  to: string;
  fullName: string;
  notes: string | null;
}

export function freeListingRejectedEmail(a: RejectionEmailArgs): OutgoingEmail {
  const lines = [
    `Hi ${a.fullName},`,
    `Thank you for applying for a free listing on ${a.siteName}. We are not able to approve your application this time.`,
    ...(a.notes ? [`A note from our team: ${a.notes}`] : []),
    `You are welcome to create a listing at any time, and we wish you many happy events.`,
  ];
  return {
    to: a.to,
    subject: `Your ${a.siteName} free listing application`,
    text: lines.join("\n\n"),
    html: paragraphs(lines),
  };
}
