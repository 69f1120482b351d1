import { inquiryDetails } from "~/lib/inquiry-fields";
import type { InquiryMessage } from "~/lib/inquiry-schema";
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

/** Collapses line breaks and runs of spaces, so typed text can go into a subject line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function detailRows(rows: [string, string][]) {
  const text = rows.map(([label, value]) => `${label}: ${value}`).join("\n");
  const html = `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table>`;
  return { text, html };
}

function paragraphsHtml(value: string): string {
  return value
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export interface InquiryEmailArgs {
  siteName: string;
  to: string;
  performerName: string;
  profileUrl: string;
  dashboardUrl: string;
  sender: InquiryMessage;
}

/** Tells a performer about an inquiry. Reply-To is the sender, so "Reply" reaches them directly. */
export function inquiryNotificationEmail(args: InquiryEmailArgs): OutgoingEmail {
  const s = args.sender;
  const details = detailRows(inquiryDetails(s));
  const text = [
    `Hi ${args.performerName},`,
    "",
    `${s.name} sent you an inquiry through your ${args.siteName} profile (${args.profileUrl}).`,
    "",
    details.text,
    "",
    "Message:",
    s.message,
    "",
    `Reply to this email to answer ${s.name} directly. You can also read your inquiries in your dashboard: ${args.dashboardUrl}`,
    "",
    `${args.siteName} does not process payments or bookings: please agree the details directly with the client.`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(args.performerName)},</p>
<p>${escapeHtml(s.name)} sent you an inquiry through your <a href="${escapeHtml(args.profileUrl)}">${escapeHtml(args.siteName)} profile</a>.</p>
${details.html}
<h3>Message</h3>
${paragraphsHtml(s.message)}
<p>Reply to this email to answer ${escapeHtml(s.name)} directly. Your inquiries are also in your <a href="${escapeHtml(args.dashboardUrl)}">dashboard</a>.</p>
<p>${escapeHtml(args.siteName)} does not process payments or bookings: please agree the details directly with the client.</p>`;
  return {
    to: args.to,
    replyTo: s.email,
    subject: `New inquiry from ${oneLine(s.name)} on ${args.siteName}`,
    text,
    html,
  };
}

export interface InquiryCopyEmailArgs {
  siteName: string;
  siteUrl: string;
  /** The address the sender typed as their own, which nobody has confirmed is theirs. */
  to: string;
  /** Whom the message went to: names and public profile links only, never a performer's address. */
  performers: { name: string; profileUrl: string }[];
}

/**
 * The note to the address a sender typed: that a message was sent from it to these performers, who
 * will reply to it. Anyone can type anyone's address, so the note is fixed text: nothing the sender
 * typed (name, phone, message) is in it, and the site never relays a stranger's words to someone who
 * did not ask for them. The sender's copy of what they wrote is the confirmation on screen.
 */
export function inquiryCopyEmail(args: InquiryCopyEmailArgs): OutgoingEmail {
  const one = args.performers.length === 1;
  const whom = one ? args.performers[0].name : `${args.performers.length} performers`;
  const sent = `A message was sent from this email address through ${args.siteName} to:`;
  const next = one
    ? `${args.performers[0].name} received it by email and will reply to this address directly, by email or phone.`
    : "Each performer received it by email and will reply to this address directly, by email or phone. None of them can see who else was asked.";
  const noCopy = "This email does not repeat the message: the sender saw it on screen when they sent it.";
  const noBookings = `${args.siteName} does not process payments or bookings: please agree the details directly with the performer.`;
  const ignore = "If you did not send this message, you can ignore this email.";
  const text = [
    "Hello,",
    "",
    sent,
    ...args.performers.map((p) => `- ${p.name}: ${p.profileUrl}`),
    "",
    next,
    "",
    noCopy,
    "",
    noBookings,
    "",
    ignore,
    args.siteUrl,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>${escapeHtml(sent)}</p>
<ul>${args.performers.map((p) => `<li><a href="${escapeHtml(p.profileUrl)}">${escapeHtml(p.name)}</a></li>`).join("")}</ul>
<p>${escapeHtml(next)}</p>
<p>${escapeHtml(noCopy)}</p>
<p>${escapeHtml(noBookings)}</p>
<p>${escapeHtml(ignore)}</p>`;
  return { to: args.to, subject: `Your message to ${oneLine(whom)} on ${args.siteName}`, text, html };
}

export interface FreeListingEmailArgs {
  siteName: string;
  to: string;
  adminUrl: string;
  application: {
    fullName: string;
    email: string;
    phone: string | null;
    city: string;
    state: string;
    instagram: string | null;
    facebook: string | null;
    youtube: string | null;
    tiktok: string | null;
    website: string | null;
    experience: string;
    paidEvents: string;
    eventTypes: string | null;
    characters: string | null;
    bio: string;
    travel: string;
    whyJoin: string | null;
    questions: string | null;
  };
}

/** Tells the admin mailbox about a new free-listing application; Reply-To is the applicant. */
export function freeListingNotificationEmail(args: FreeListingEmailArgs): OutgoingEmail {
  const a = args.application;
  const shown = (value: string | null) => value ?? "-";
  const details = detailRows([
    ["Full name", a.fullName],
    ["Email", a.email],
    ["Phone", shown(a.phone)],
    ["Location", `${a.city}, ${a.state}`],
    ["Instagram", shown(a.instagram)],
    ["Facebook", shown(a.facebook)],
    ["YouTube", shown(a.youtube)],
    ["TikTok", shown(a.tiktok)],
    ["Website", shown(a.website)],
    ["Experience", `${a.experience} years`],
    ["Has done paid events", a.paidEvents],
    ["Event types", shown(a.eventTypes)],
    ["Characters", shown(a.characters)],
    ["Willing to travel", a.travel],
    ["Why join", shown(a.whyJoin)],
    ["Questions", shown(a.questions)],
  ]);
  const text = [
    `A new free-listing application arrived on ${args.siteName}.`,
    "",
    details.text,
    "",
    "Bio:",
    a.bio,
    "",
    `Review it in the admin dashboard: ${args.adminUrl}`,
  ].join("\n");
  const html = `<p>A new free-listing application arrived on ${escapeHtml(args.siteName)}.</p>
${details.html}
<h3>Bio</h3>
${paragraphsHtml(a.bio)}
<p><a href="${escapeHtml(args.adminUrl)}">Review it in the admin dashboard</a>.</p>`;
  return {
    to: args.to,
    replyTo: a.email,
    subject: `Free listing application: ${oneLine(a.fullName)} (${oneLine(a.city)}, ${a.state})`,
    text,
    html,
  };
}
