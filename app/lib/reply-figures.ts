// The public reply figures (issue 27): "Usually replies within 3 hours · replies to 95% of
// inquiries" and the "Quick to reply" badge, worded here from the two numbers kept on the profile
// row (profiles.reply_hours and reply_rate, app/server/inquiries/reply-stats.server.ts).

/** The figures count the inquiries of the last REPLY_WINDOW_DAYS ... */
export const REPLY_WINDOW_DAYS = 90;
/** ... an unanswered one only once it is this old ... */
export const REPLY_GRACE_HOURS = 72;
/** ... and say nothing under this many. */
export const REPLY_MIN_INQUIRIES = 3;

/** The badge asks for a median first answer under this many hours ... */
export const QUICK_REPLY_HOURS = 24;
/** ... and at least this percent of inquiries answered. */
export const QUICK_REPLY_RATE = 80;

export function isQuickToReply(hours: number | null | undefined, rate: number | null | undefined): boolean {
  return typeof hours === "number" && typeof rate === "number" && hours < QUICK_REPLY_HOURS && rate >= QUICK_REPLY_RATE;
}

function withinWords(hours: number): string {
  if (hours <= 1) return "within an hour";
  if (hours < 48) return `within ${Math.round(hours)} hours`;
  return `within ${Math.round(hours / 24)} days`;
}

/** The line for cards and the profile, or null while there are too few inquiries to say. */
export function replyLine(hours: number | null | undefined, rate: number | null | undefined): string | null {
  if (typeof rate !== "number" || !Number.isFinite(rate)) return null;
  const share = `replies to ${Math.round(rate)}% of inquiries`;
  if (typeof hours !== "number" || !Number.isFinite(hours)) return share.charAt(0).toUpperCase() + share.slice(1);
  return `Usually replies ${withinWords(hours)} · ${share}`;
}
