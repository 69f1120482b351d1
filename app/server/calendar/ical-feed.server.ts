import { addDays, weekdayOf, type MarkedRange } from "~/lib/calendar";

// The performer's own iCalendar feed (RFC 5545): what they marked, as all-day events, so the days
// they keep here also show in Google, Apple or Outlook. All-day events carry dates, not instants
// (VALUE=DATE), so they stay on the performer's local day in any viewer's zone and need no
// VTIMEZONE. Lines end in CRLF and are folded at 75 octets, as the RFC requires of every producer.

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** TEXT values: backslash, semicolon and comma escaped, line breaks written as \n (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * One content line folded into lines of at most 75 octets of UTF-8 (RFC 5545 3.1), each
 * continuation starting with a space; a character is never split across lines.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts toward its 75.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function basicDate(iso: string): string {
  return iso.replaceAll("-", "");
}

function basicStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

export interface FeedInput {
  profileId: string;
  /** The calendar's name in the subscriber's list. */
  calendarName: string;
  timeZone: string;
  ranges: readonly MarkedRange[];
  /** The weekly rule's bitmask (bit 0 Sunday) and the day it took effect. */
  weeklyOff: number;
  weeklySince: string | null;
  /** When the performer last changed the calendar (DTSTAMP of every event). */
  stamp: Date;
  /** The site's host, which makes the events' UIDs unique across the world. */
  host: string;
}

const SUMMARY = { booked: "Booked", away: "Away" } as const;

/** The feed's text, CRLF line ends included. */
export function buildFeed(input: FeedInput): string {
  const stamp = basicStamp(input.stamp);
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CostumeCast//Performer calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.calendarName)}`,
    `X-WR-TIMEZONE:${input.timeZone}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const range of input.ranges) {
    lines.push(
      "BEGIN:VEVENT",
      // A range's first day and kind name it: a range that grows keeps its UID, and the subscriber's
      // copy is replaced rather than duplicated.
      `UID:${range.from}-${range.kind}-${input.profileId}@${input.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(range.from)}`,
      // DTEND of an all-day event is the day after the last (it is exclusive).
      `DTEND;VALUE=DATE:${basicDate(addDays(range.to, 1))}`,
      `SUMMARY:${SUMMARY[range.kind]}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  if (input.weeklyOff !== 0 && input.weeklySince) {
    for (let weekday = 0; weekday < 7; weekday++) {
      if ((input.weeklyOff & (1 << weekday)) === 0) continue;
      const first = addDays(input.weeklySince, (weekday - weekdayOf(input.weeklySince) + 7) % 7);
      lines.push(
        "BEGIN:VEVENT",
        `UID:weekly-${BYDAY[weekday]}-${input.profileId}@${input.host}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;VALUE=DATE:${basicDate(first)}`,
        `DTEND;VALUE=DATE:${basicDate(addDays(first, 1))}`,
        `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[weekday]}`,
        `SUMMARY:${SUMMARY.away}`,
        "TRANSP:OPAQUE",
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
