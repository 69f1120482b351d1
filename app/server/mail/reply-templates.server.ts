import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The mails a parent gets when a performer answers an inquiry from the dashboard (issue 27). The
// parent's address was typed into a form and nobody has confirmed it (anyone can type anyone's),
// so until its owner presses the button behind a link mailed to it, a mail carries only our fixed
// wording, the performer's name and the link to read the answer on the site; after that, a reply's
// own words come in the mail too. Reply-To is the performer, so answering the mail reaches them.

function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

function paragraphs(value: string): string {
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}

export interface ReplyMailArgs {
  siteName: string;
  to: string;
  replyTo: string;
  performerName: string;
  /** "Saturday, December 12, 2026", or null. */
  eventDate: string | null;
  /** The signed link to read the thread on the site. */
  readUrl: string;
  linkDays: number;
  /** The reply's words, only when the address is confirmed for this inquiry; null otherwise. */
  body: string | null;
}

const NO_BOOKINGS = (site: string) => `${site} does not take bookings or payments: please agree the details directly with the performer.`;

/** A performer's reply. */
export function replyEmail(args: ReplyMailArgs): OutgoingEmail {
  const name = singleLine(args.performerName);
  const about = args.eventDate ? `your inquiry about ${args.eventDate}` : "your inquiry";
  const intro = `${name} replied to ${about} on ${args.siteName}.`;
  const read = args.body
    ? `You can also read it, with everything said so far, here (the link works for ${args.linkDays} days):`
    : `Read the reply on ${args.siteName} (the link works for ${args.linkDays} days):`;
  const answer = `To answer, reply to this email: it goes straight to ${name}.`;
  const ignore = "If you did not send an inquiry, you can ignore this email.";
  const text = [
    "Hello,",
    "",
    intro,
    ...(args.body ? ["", args.body] : []),
    "",
    read,
    args.readUrl,
    "",
    answer,
    "",
    NO_BOOKINGS(args.siteName),
    "",
    ignore,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>${escapeHtml(intro)}</p>
${args.body ? `<blockquote>${paragraphs(args.body)}</blockquote>` : ""}
<p>${escapeHtml(read)} <a href="${escapeHtml(args.readUrl)}">${escapeHtml(args.readUrl)}</a></p>
<p>${escapeHtml(answer)}</p>
<p>${escapeHtml(NO_BOOKINGS(args.siteName))}</p>
<p>${escapeHtml(ignore)}</p>`;
  return { to: args.to, replyTo: args.replyTo, subject: `${name} replied to your ${args.siteName} inquiry`, text, html };
}

export interface DeclineMailArgs extends Omit<ReplyMailArgs, "body"> {
  /** Listed performers who share a category and have not marked the day booked, nearest first. */
  alternatives: { name: string; profileUrl: string }[];
}

/** "Sorry, I'm booked that day": our fixed words, with up to three listed performers to ask instead. */
export function declineEmail(args: DeclineMailArgs): OutgoingEmail {
  const name = singleLine(args.performerName);
  const when = args.eventDate ? `on ${args.eventDate}` : "for your event";
  const sorry = `${name} is sorry to say they are already booked ${when} and can't take your party this time. Thank you for asking them.`;
  const others =
    args.alternatives.length > 0
      ? args.eventDate
        ? "These performers do similar shows near you and have not marked that day as booked:"
        : "These performers do similar shows near you:"
      : null;
  const read = `The answer is also on ${args.siteName} (the link works for ${args.linkDays} days):`;
  const text = [
    "Hello,",
    "",
    sorry,
    ...(others ? ["", others, ...args.alternatives.map((a) => `- ${singleLine(a.name)}: ${a.profileUrl}`)] : []),
    "",
    read,
    args.readUrl,
    "",
    NO_BOOKINGS(args.siteName),
  ].join("\n");
  const html = `<p>Hello,</p>
<p>${escapeHtml(sorry)}</p>
${others ? `<p>${escapeHtml(others)}</p><ul>${args.alternatives.map((a) => `<li><a href="${escapeHtml(a.profileUrl)}">${escapeHtml(singleLine(a.name))}</a></li>`).join("")}</ul>` : ""}
<p>${escapeHtml(read)} <a href="${escapeHtml(args.readUrl)}">${escapeHtml(args.readUrl)}</a></p>
<p>${escapeHtml(NO_BOOKINGS(args.siteName))}</p>`;
  return { to: args.to, replyTo: args.replyTo, subject: `${name} is booked ${when}`, text, html };
}
