import type { OutgoingEmail } from "./outbox.server";

// Plain-text first: every message reads well in any client; the HTML part only adds a clickable link.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function passwordResetEmail(args: { siteName: string; to: string; link: string }): OutgoingEmail {
  const text = [
    `Someone asked to reset the password of your ${args.siteName} account.`,
    "",
    `Choose a new password here (the link works once and expires in one hour):`,
    args.link,
    "",
    "If this wasn't you, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(args.siteName)} account.</p>
<p><a href="${escapeHtml(args.link)}">Choose a new password</a> (the link works once and expires in one hour).</p>
<p>If this wasn't you, ignore this email: your password stays as it is.</p>`;
  return { to: args.to, subject: `Reset your ${args.siteName} password`, text, html };
}

export { escapeHtml };
