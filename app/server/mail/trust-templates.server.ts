import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The trust documents' mails, to the performer's account address: a rejection with the admin's
// reason, and the reminder 30 days before an approved document's review runs out.

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
}

/** "background check for Jane Doe" or "certificate of insurance". */
export function documentWords(kind: "background_check" | "insurance", personName: string | null): string {
  return kind === "background_check" ? `background check for ${personName ?? "a person who has left your listing"}` : "certificate of insurance";
}

/** The admin could not accept a document: what it was, their reason, and where to upload another. */
export function trustRejectedEmail(a: { siteName: string; to: string; what: string; reason: string; trustUrl: string; replyTo: string }): OutgoingEmail {
  const line = `We looked at the ${a.what} you uploaded to ${a.siteName} and could not accept it.`;
  const why = `Our reason: ${a.reason}`;
  const next = "You can upload a new document from your dashboard. Reply to this email if you have a question.";
  const text = [line, "", why, "", next, a.trustUrl].join("\n");
  const html = `${paragraphs([line, why, next])}
<p><a href="${escapeHtml(a.trustUrl)}">Open my trust documents</a></p>`;
  return { to: a.to, subject: `Your document on ${a.siteName} was not accepted`, text, html, replyTo: a.replyTo };
}

/** 30 days before the review of an approved document runs out. */
export function trustExpiringEmail(a: { siteName: string; to: string; what: string; until: string; trustUrl: string }): OutgoingEmail {
  const line = `The review of your ${a.what} on ${a.siteName} is valid until ${a.until}. After that day its badge leaves your profile.`;
  const next = "To keep it, upload a current document from your dashboard; we review it before the badge returns.";
  const text = [line, "", next, a.trustUrl].join("\n");
  const html = `${paragraphs([line, next])}
<p><a href="${escapeHtml(a.trustUrl)}">Upload a current document</a></p>`;
  return { to: a.to, subject: `Your ${a.what.startsWith("background") ? "background check" : "insurance"} badge ends on ${a.until}`, text, html };
}
