import { createHash } from "node:crypto";
import { addDays } from "./ical-days.server";

// The demo's stand-in for a performer's Google calendar: a feed the demo server serves itself
// (/demo/calendar/<profile id>.ics, demo mode only) and its calendar-import job reads over loopback,
// so a few demo performers show days that came from an iCal feed. The events move with today and
// differ per performer, and use what real feeds use: all-day, a time zone, a weekly rule with an
// exception, a free block and a cancelled event (the last two never become busy days).

function compact(day: string): string {
  return day.replaceAll("-", "");
}

export function demoFeed(profileId: string, today: string): string {
  const seed = createHash("sha256").update(profileId).digest();
  const offset = (i: number, span: number) => 2 + (seed[i] % span);
  const uid = (name: string) => `${name}-${profileId}@demo.costumecast`;
  const stamp = `${compact(today)}T000000Z`;
  const allDay = addDays(today, offset(0, 20));
  const weekend = addDays(today, offset(1, 30) + 20);
  const evening = addDays(today, offset(2, 40));
  const weeklyStart = addDays(today, offset(3, 7));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CostumeCast demo//Demo calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Bookings (demo)",
    "BEGIN:VEVENT",
    `UID:${uid("festival")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(allDay)}`,
    `DTEND;VALUE=DATE:${compact(addDays(allDay, 1))}`,
    "SUMMARY:Festival appearance",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:${uid("weekend")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(weekend)}`,
    `DTEND;VALUE=DATE:${compact(addDays(weekend, 2))}`,
    "SUMMARY:Convention weekend",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:${uid("evening")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=America/New_York:${compact(evening)}T180000`,
    `DTEND;TZID=America/New_York:${compact(evening)}T200000`,
    "SUMMARY:Evening party",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:${uid("weekly")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=America/Chicago:${compact(weeklyStart)}T140000`,
    `DTEND;TZID=America/Chicago:${compact(weeklyStart)}T160000`,
    "RRULE:FREQ=WEEKLY;COUNT=6",
    `EXDATE;TZID=America/Chicago:${compact(addDays(weeklyStart, 14))}T140000`,
    "SUMMARY:Weekly library story time",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:${uid("free")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(addDays(today, 3))}`,
    `DTEND;VALUE=DATE:${compact(addDays(today, 4))}`,
    "TRANSP:TRANSPARENT",
    "SUMMARY:Costume cleaning (free)",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:${uid("cancelled")}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(addDays(today, 5))}`,
    `DTEND;VALUE=DATE:${compact(addDays(today, 6))}`,
    "STATUS:CANCELLED",
    "SUMMARY:Party (cancelled)",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
