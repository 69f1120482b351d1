import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { busyDaysFromIcal, CalendarParseError } from "~/server/calendar-import/ical-days.server";

// Real exports, the way Google, Apple and Outlook publish a calendar (tests/fixtures/ical/), read
// into the performer's busy local days from a fixed "today".

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures/ical", name), "utf8");
const FROM = "2026-12-01";

describe("busy days from an iCal feed", () => {
  it("reads a Google export: all-day (DTEND exclusive), past midnight, weekly with EXDATE and a moved occurrence, free and cancelled left out", () => {
    const { days } = busyDaysFromIcal(fixture("google-sparkle-princess.ics"), { timeZone: "America/Los_Angeles", from: FROM });
    expect(days).toEqual([
      "2026-12-05", // weekly Saturday
      "2026-12-12", // the all-day weekend, and a Saturday
      "2026-12-13", // its second day; DTEND 14th is not busy
      "2026-12-18", // 22:00 ...
      "2026-12-19", // ... to 02:00; the Saturday of the 19th itself was excluded (EXDATE)
      "2026-12-27", // the 26th's occurrence moved to Sunday (RECURRENCE-ID)
      "2026-12-29", // 06:00 UTC on the 30th is the evening of the 29th in Los Angeles
    ]);
    // Free (TRANSP:TRANSPARENT) on the 22nd, cancelled on the 23rd, before and after the window: none.
    expect(days).not.toContain("2026-12-22");
    expect(days).not.toContain("2026-12-23");
    expect(days).not.toContain("2026-12-26");
  });

  it("puts the same Google events on other days for a performer in another zone", () => {
    const { days } = busyDaysFromIcal(fixture("google-sparkle-princess.ics"), { timeZone: "America/New_York", from: FROM });
    // 22:00-02:00 Pacific is 01:00-05:00 Eastern on the 19th only; 06:00 UTC is 01:00 on the 30th.
    expect(days).toContain("2026-12-19");
    expect(days).not.toContain("2026-12-18");
    expect(days).toContain("2026-12-30");
    expect(days).not.toContain("2026-12-29");
    // All-day days stay as written wherever the performer is.
    expect(days).toEqual(expect.arrayContaining(["2026-12-12", "2026-12-13"]));
  });

  it("reads an Apple export: a series begun last year, a daily series with UNTIL, another zone's event, a three-day all-day event", () => {
    const { days } = busyDaysFromIcal(fixture("apple-captain-cosmo.ics"), { timeZone: "America/New_York", from: FROM });
    expect(days).toEqual([
      "2026-12-07", // Mondays since January 2025, until the 15th
      "2026-12-14", // a Monday, and 01:00 London on the 15th is 20:00 on the 14th in New York
      "2026-12-21",
      "2026-12-22",
      "2026-12-23",
      "2026-12-24", // daily until the 24th (UNTIL is the 25th 04:59 UTC)
      "2027-01-01",
      "2027-01-02",
      "2027-01-03", // DTEND;VALUE=DATE:20270104 is exclusive
    ]);
    expect(days).not.toContain("2026-12-28"); // STATUS:CANCELLED
  });

  it("reads an Outlook export: Windows zone names from its VTIMEZONE, a cancelled occurrence of a monthly series, a free block", () => {
    const { days } = busyDaysFromIcal(fixture("outlook-texas-mascot.ics"), { timeZone: "America/Chicago", from: FROM });
    expect(days).toEqual([
      "2026-12-11", // 23:00 Pacific on the 10th is 01:00 on the 11th in Texas
      "2026-12-15", // the monthly show
      "2026-12-25", // all day
      "2027-02-15", // January's was cancelled by its override
    ]);
    expect(days).not.toContain("2026-12-02"); // shown as free
  });

  it("counts only the window: today and the next 365 days", () => {
    const { days } = busyDaysFromIcal(fixture("google-sparkle-princess.ics"), { timeZone: "America/Los_Angeles", from: "2026-12-13" });
    expect(days[0]).toBe("2026-12-13");
    expect(days).not.toContain("2026-12-12");
    const late = busyDaysFromIcal(fixture("apple-captain-cosmo.ics"), { timeZone: "America/New_York", from: "2026-01-02", days: 365 });
    expect(late.days.at(-1)).toBe("2027-01-01");
  });

  it("refuses a file that is not a calendar", () => {
    expect(() => busyDaysFromIcal("<html><body>Sign in</body></html>", { timeZone: "America/Chicago", from: FROM })).toThrow(CalendarParseError);
    expect(() => busyDaysFromIcal("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Someone\r\nEND:VCARD\r\n", { timeZone: "America/Chicago", from: FROM })).toThrow(
      CalendarParseError,
    );
  });
});
