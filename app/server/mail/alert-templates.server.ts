import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";

// The search alerts' two mails. The confirmation goes to an address nobody has confirmed yet, so it
// says nothing the visitor typed (neither words nor place): only fixed text and the link. The alert
// itself goes only once the address's owner pressed the button, so it names their search.

export function alertConfirmationEmail(a: { siteName: string; to: string; link: string; days: number }): OutgoingEmail {
  const ask = `Someone, we hope you, asked ${a.siteName} to email this address when a new performer for their search is listed.`;
  const how = `To start these emails, open this link and press the button on the page. The link works for ${a.days} days.`;
  const notYou = "If this wasn't you, ignore this email: nothing more is sent, and the request is removed.";
  const text = [ask, "", how, a.link, "", notYou].join("\n");
  const html = `<p>${escapeHtml(ask)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(a.link)}">Start my email alerts</a></p>
<p>${escapeHtml(notYou)}</p>`;
  return { to: a.to, subject: `Confirm your ${a.siteName} email alert`, text, html };
}

export interface AlertMatchEmailArgs {
  siteName: string;
  to: string;
  /** The search in words: '"encanto" near Orlando, FL'. */
  search: string;
  performerName: string;
  /** "Kissimmee, FL", or null when the profile names no place. */
  performerPlace: string | null;
  profileUrl: string;
  searchUrl: string;
  unsubscribeUrl: string;
}

/** Collapses line breaks and runs of spaces, so a name can go into a subject line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * One new performer for one alert. List-Unsubscribe with List-Unsubscribe-Post (RFC 8058) lets a
 * mail program offer its own one-click "unsubscribe", which posts to the same address.
 */
export function alertMatchEmail(a: AlertMatchEmailArgs): OutgoingEmail {
  const name = oneLine(a.performerName);
  const who = a.performerPlace ? `${name} (${a.performerPlace})` : name;
  const intro = `Good news: a performer for your search ${oneLine(a.search)} is now listed on ${a.siteName}.`;
  const why = `You get this email because you asked ${a.siteName} to tell you when a performer for this search is listed.`;
  const text = [
    intro,
    "",
    who,
    a.profileUrl,
    "",
    `Everyone for this search: ${a.searchUrl}`,
    "",
    why,
    `Stop these emails: ${a.unsubscribeUrl}`,
  ].join("\n");
  const html = `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(a.profileUrl)}">${escapeHtml(who)}</a></p>
<p><a href="${escapeHtml(a.searchUrl)}">See everyone for this search</a></p>
<p>${escapeHtml(why)} <a href="${escapeHtml(a.unsubscribeUrl)}">Stop these emails</a>.</p>`;
  return {
    to: a.to,
    subject: `New on ${a.siteName}: ${name}, for ${oneLine(a.search)}`.slice(0, 200),
    text,
    html,
    headers: { "List-Unsubscribe": `<${a.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
