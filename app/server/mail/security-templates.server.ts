import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// Mail that warns an account's owner about something done to the account by others. Only the site's
// own words and the account's stored address go in: nothing a stranger typed (the guessed passwords,
// their addresses) can reach the owner's inbox through these.

export interface SignInBurstEmailArgs {
  siteName: string;
  publicUrl: string;
  /** The account's address as stored, never as typed into a sign-in form. */
  to: string;
}

/** Many wrong passwords for the account in a short time (at most one a day: hook-rules.server.ts). */
export function signInBurstEmail(a: SignInBurstEmailArgs): OutgoingEmail {
  const base = a.publicUrl.replace(/\/$/, "");
  const forgot = `${base}/forgot-password`;
  const lines = [
    `Someone has been trying many wrong passwords to sign in to your ${a.siteName} account (${a.to}).`,
    "None of these attempts signed in, and nothing about your account has changed. The places the attempts come from are being slowed down and stopped; you can still sign in as usual.",
    "If your password is short or used on another site, choose a new one:",
    forgot,
    "If it was you trying to remember your password, you can ignore this email.",
  ];
  const html = [
    `<p>Someone has been trying many wrong passwords to sign in to your ${escapeHtml(a.siteName)} account (${escapeHtml(a.to)}).</p>`,
    `<p>${escapeHtml(lines[1])}</p>`,
    `<p>If your password is short or used on another site, <a href="${escapeHtml(forgot)}">choose a new one</a>.</p>`,
    `<p>${escapeHtml(lines[4])}</p>`,
  ].join("\n");
  return { to: a.to, subject: `Failed sign-in attempts on your ${a.siteName} account`, text: lines.join("\n\n"), html };
}
