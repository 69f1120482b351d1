import type { OutgoingEmail } from "../mail/outbox.server";
import { longDate } from "../mail/payment-templates.server";
import { escapeHtml } from "../mail/templates.server";

// The applicant's emails after an admin reviews a free-listing application.

export interface ApprovalEmailArgs {
  siteName: string;
  publicUrl: string;
  to: string;
  fullName: string;
  /** Last day of the free year (YYYY-MM-DD); null until the listing goes live, when the year starts. */
  endsOn: string | null;
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
    a.endsOn
      ? `Good news: your free listing on ${a.siteName} is approved. Your listing is free until ${longDate(a.endsOn)}.`
      : `Good news: your free listing on ${a.siteName} is approved. Your free year starts when your listing goes live, so none of it is spent while you set up.`,
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

/**
 * The admin's reason as the end of a sentence the mail writes around it ("... because <reason>;"):
 * its own closing full stop or semicolon would double the punctuation.
 */
export function reasonClause(reason: string): string {
  return reason.trim().replace(/[\s.;,!]+$/u, "");
}

export interface RejectionEmailArgs {
  siteName: string;
  to: string;
  fullName: string;
  /** Why the application was not approved; the admin must give one. */
  reason: string;
  /** The team's address: replies go there (Reply-To). */
  replyTo: string | undefined;
}

export function freeListingRejectedEmail(a: RejectionEmailArgs): OutgoingEmail {
  const lines = [
    `Hi ${a.fullName},`,
    `Thank you for applying for a free listing on ${a.siteName}. We are not able to approve your application this time because ${reasonClause(a.reason)}; reply to this email to ask us to look again.`,
    `You are welcome to create a listing at any time, and we wish you many happy events.`,
  ];
  return {
    to: a.to,
    replyTo: a.replyTo,
    subject: `Your ${a.siteName} free listing application`,
    text: lines.join("\n\n"),
    html: paragraphs(lines),
  };
}

export interface ListingPausedEmailArgs {
  siteName: string;
  publicUrl: string;
  to: string;
  /** The profile's display name, when it has one. */
  displayName: string | null;
  reason: string;
  /** The team's address: replies go there (Reply-To). */
  replyTo: string | undefined;
}

/** To a performer whose profile an admin deactivated: why, what it means, and that a reply reaches the team. */
export function listingPausedEmail(a: ListingPausedEmailArgs): OutgoingEmail {
  const base = a.publicUrl.replace(/\/$/, "");
  const lines = [
    a.displayName ? `Hi ${a.displayName},` : "Hi,",
    `Your listing is paused because ${reasonClause(a.reason)}; reply to this email to ask us to look again.`,
    `While it is paused, your profile does not appear in the ${a.siteName} directory or search, and visitors cannot send you messages through it. Nothing has been deleted: your profile, photos and the messages you received are still in your dashboard at ${base}/dashboard, where you can make changes.`,
    `Once you have changed what we mention, or if you think we got it wrong, reply to this email and a person on our team will look again.`,
  ];
  return {
    to: a.to,
    replyTo: a.replyTo,
    subject: `Your ${a.siteName} listing is paused`,
    text: lines.join("\n\n"),
    html: paragraphs(lines),
  };
}
