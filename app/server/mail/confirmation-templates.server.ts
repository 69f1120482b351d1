import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The one mail a new account gets: a welcome that carries the link proving the address is theirs,
// and the same link again when the performer asks for it from the dashboard.

export interface ConfirmationEmailArgs {
  siteName: string;
  publicUrl: string;
  to: string;
  link: string;
  /** Days the account waits for the link before it is removed. */
  keepDays: number;
  /** The sign-up mail welcomes; a resent one only repeats the link. */
  kind: "welcome" | "resend";
}

export function confirmationEmail(a: ConfirmationEmailArgs): OutgoingEmail {
  const dashboard = `${a.publicUrl}/dashboard`;
  const guide = `${a.publicUrl}/safety-first`;
  const why = `Until you do, your listing cannot go live, and an account that is not confirmed within ${a.keepDays} days is removed.`;
  const notYou = "If you didn't create this account, ignore this email: without the link it is removed, and nothing is listed under your address.";
  const welcome = a.kind === "welcome";
  const text = [
    ...(welcome ? [`Welcome to ${a.siteName}!`, ""] : []),
    "Please confirm that this is your email address:",
    a.link,
    "",
    why,
    ...(welcome
      ? [
          "",
          "Then, to appear in the directory:",
          "1. Sign in and complete your profile: display name, a bio, your state and city, and at least one category.",
          "2. Upload a few clear photos of yourself in costume (up to 4).",
          "3. Activate your listing.",
          "",
          `Your dashboard: ${dashboard}`,
          `Tips on rates, safety and bookings: ${guide}`,
        ]
      : []),
    "",
    notYou,
  ].join("\n");
  const html = `${welcome ? `<p>Welcome to ${escapeHtml(a.siteName)}!</p>\n` : ""}<p>Please confirm that this is your email address:</p>
<p><a href="${escapeHtml(a.link)}">Confirm my email address</a></p>
<p>${escapeHtml(why)}</p>
${
  welcome
    ? `<p>Then, to appear in the directory:</p>
<ol>
<li>Sign in and complete your profile: display name, a bio, your state and city, and at least one category.</li>
<li>Upload a few clear photos of yourself in costume (up to 4).</li>
<li>Activate your listing.</li>
</ol>
<p><a href="${escapeHtml(dashboard)}">Go to your dashboard</a> &middot; <a href="${escapeHtml(guide)}">Tips on rates, safety and bookings</a></p>
`
    : ""
}<p>${escapeHtml(notYou)}</p>`;
  const subject = welcome ? `Welcome to ${a.siteName}: please confirm your email` : `Confirm your email for ${a.siteName}`;
  return { to: a.to, subject, text, html };
}
