import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The reminder of an inquiry still unread 4 or 24 hours after it came, to the performer's own
// address (the one their inquiries go to). It names the parent by first name, the date and the city,
// as the alert on their phone does, and links to the inquiry in the dashboard.

export interface ReminderEmailArgs {
  siteName: string;
  to: string;
  performerName: string;
  parentFirstName: string;
  /** "for Sat, Dec 12, 2026 in Orlando", "in Orlando". */
  lead: string;
  afterHours: number;
  inquiryUrl: string;
}

export function inquiryReminderEmail(a: ReminderEmailArgs): OutgoingEmail {
  const since = a.afterHours >= 24 ? "a day ago" : `${a.afterHours} hours ago`;
  const intro = `${a.parentFirstName} sent you an inquiry ${a.lead ? `${a.lead} ` : ""}${since}, and it is still unread.`;
  const why = "Parents often book the first performer who answers, so a quick reply, even a short one, makes a difference.";
  const how = `We send at most two reminders for an inquiry, and never between 9 pm and 8 am your time. Opening the inquiry stops them.`;
  const text = [`Hi ${a.performerName},`, "", intro, why, "", `Read it and reply: ${a.inquiryUrl}`, "", how].join("\n");
  const html = `<p>Hi ${escapeHtml(a.performerName)},</p>
<p>${escapeHtml(intro)} ${escapeHtml(why)}</p>
<p><a href="${escapeHtml(a.inquiryUrl)}">Read it and reply</a></p>
<p>${escapeHtml(how)}</p>`;
  const subject =
    a.afterHours >= 24
      ? `Still unread after a day: ${a.parentFirstName}'s inquiry on ${a.siteName}`
      : `${a.parentFirstName} is waiting to hear from you on ${a.siteName}`;
  return { to: a.to, subject, text, html };
}
