import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The reviews' mails. The parent's address on an inquiry was never confirmed, so every mail to it is
// fixed wording with a link: nothing a performer, a visitor or an admin typed. The performer's mails
// go to their account's confirmed address.

/** Collapses line breaks and runs of spaces, so a name can go into a subject line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
}

/** "Did Jolly Squad perform at your event?", with the answer link (no account needed). */
export function reviewQuestionEmail(a: { siteName: string; to: string; performerName: string; link: string; days: number }): OutgoingEmail {
  const name = oneLine(a.performerName);
  const subject = `Did ${name} perform at your event?`;
  const intro = `Someone, we hope you, asked ${name} about an event through ${a.siteName}. We'd love to know how it went.`;
  const how = `Open this link to answer with one tap: whether they performed, did not show up, or you did not book them. No account is needed, and the link works for ${a.days} days.`;
  const why = "Your answer helps other parents choose, and only answers from real inquiries like yours are shown as verified.";
  const notYou = "If this wasn't you, ignore this email: nothing more is sent.";
  const text = [subject, "", intro, "", how, a.link, "", why, "", notYou].join("\n");
  const html = `<p><strong>${escapeHtml(subject)}</strong></p>
${paragraphs([intro, how])}
<p><a href="${escapeHtml(a.link)}">Answer now</a></p>
${paragraphs([why, notYou])}`;
  return { to: a.to, subject: subject.slice(0, 200), text, html };
}

/** To the performer when a parent left a review: no words of it, the dashboard has them. */
export function reviewReceivedEmail(a: { siteName: string; to: string; dashboardUrl: string; published: boolean }): OutgoingEmail {
  const what = a.published
    ? "A parent you confirmed a party with has left you a review. It is on your profile now."
    : "A parent has left you a review. It goes on your profile in 7 days. If it is about a party that never happened, you can dispute it on your dashboard before then.";
  const reply = "You can post one public reply to it from your dashboard.";
  const text = [what, "", reply, a.dashboardUrl].join("\n");
  const html = `${paragraphs([what, reply])}
<p><a href="${escapeHtml(a.dashboardUrl)}">Open my reviews</a></p>`;
  return { to: a.to, subject: `You have a new review on ${a.siteName}`, text, html };
}

/** To the performer: an admin's decision and its reason (their address is confirmed). */
export function reviewDecisionPerformerEmail(a: { siteName: string; to: string; what: string; reason: string; replyTo: string; dashboardUrl: string }): OutgoingEmail {
  const line = `${a.what} Our reason: ${a.reason}`;
  const ask = "Reply to this email if you would like us to look again.";
  const text = [line, "", a.dashboardUrl, "", ask].join("\n");
  const html = `${paragraphs([line])}
<p><a href="${escapeHtml(a.dashboardUrl)}">Open my reviews</a></p>
${paragraphs([ask])}`;
  return { to: a.to, subject: `An update about a review on ${a.siteName}`, text, html, replyTo: a.replyTo };
}

/** To the parent: fixed wording only (their address was never confirmed), and where to look. */
export function reviewDecisionParentEmail(a: { siteName: string; to: string; profileUrl: string; replyTo: string }): OutgoingEmail {
  const line = `Our team has looked at the answer you gave ${a.siteName} about a performer you asked through us, and made a decision about it.`;
  const see = "You can see the performer's profile here:";
  const ask = "Reply to this email if you have a question.";
  const text = [line, "", see, a.profileUrl, "", ask].join("\n");
  const html = `${paragraphs([line])}
<p><a href="${escapeHtml(a.profileUrl)}">See the profile</a></p>
${paragraphs([ask])}`;
  return { to: a.to, subject: `An update from ${a.siteName}`, text, html, replyTo: a.replyTo };
}
