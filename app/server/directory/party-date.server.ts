import { sql, type SQL } from "drizzle-orm";
import { formatDay, formatShortDay } from "~/lib/calendar";
import { parsePartyDate, parseRefinements, type ListingRefinements } from "~/lib/listing-refinements";
import type { Availability, CardAvailability, HiddenBookedNote } from "~/lib/party-date-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { availabilityOfCopy, availabilityOn, type CalendarCopy, type CopiedAvailability } from "../calendar/calendar.server";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";

// The party date in the directory (issue 26): with `date` in the address, every listing and search
// lists those free that day first, then those whose calendar says nothing, and leaves out those
// booked unless the visitor asks for them (then last). A listing's rows are split into these
// availability tiers, each read in the listing's own order and only as far as the page and the
// count reach. Whether a calendar says anything is on the row itself (profile_search's
// calendar_fresh_until, migration 0033, in the listing indexes), so "not shared" is told inside the
// index: where few keep a calendar, the free tier starts from those few, not from every row of a
// state. Whether a fresh row is booked is on the row too (busy_from and busy_days, migration 0034):
// a bit test, with the calendars looked up only for a day outside the bits' window.

/** Availability tiers in page order. */
const TIER_ORDER: readonly Availability[] = ["free", "unknown", "booked"];

/** Hidden booked performers are counted no further: the note then says "100+". */
export const HIDDEN_COUNTED = 100;

/**
 * The refinements of an address as the server reads them: parseRefinements', with a date that is
 * no real day from today (somewhere in the US) to two years ahead dropped, and "show booked" with it.
 */
export function readRefinements(params: URLSearchParams, now: Date = new Date()): ListingRefinements {
  const refinements = parseRefinements(params);
  const date = parsePartyDate(refinements.date, now);
  return { ...refinements, date, showBooked: date !== null && refinements.showBooked };
}

export interface PartyDate {
  day: string;
  showBooked: boolean;
  /**
   * The moment the calendars' freshness is judged from, to the minute: a statement's text and
   * parameters stay the same for a minute, so the remembered band counts (keyed by them) still serve.
   */
  now: Date;
}

/** The party date a listing was asked for, or null without one. */
export function partyDateOf(refinements: Pick<ListingRefinements, "date" | "showBooked"> | undefined, now: Date = new Date()): PartyDate | null {
  if (!refinements?.date) return null;
  return { day: refinements.date, showBooked: refinements.showBooked, now: new Date(Math.floor(now.getTime() / 60_000) * 60_000) };
}

/** A column of the narrow copy, named as the listings read the copy (db/narrow-profiles.server.ts). */
const copyColumn = (name: string) => sql`${sql.identifier("profiles")}.${sql.identifier(name)}`;

const CALENDAR_COPY: CalendarCopy = {
  id: sql`${profiles.id}`,
  freshUntil: copyColumn("calendar_fresh_until"),
  busyFrom: copyColumn("busy_from"),
  busyDays: copyColumn("busy_days"),
};

function copiedAvailability(date: PartyDate): CopiedAvailability {
  return availabilityOfCopy(CALENDAR_COPY, date.day, date.now);
}

/** The row's availability on the day as SQL (the row being profile_search read as `profiles`, its narrow copy). */
export function availabilityOfRow(date: PartyDate): SQL<Availability> {
  return copiedAvailability(date).kind;
}

export interface AvailabilityTier {
  kind: Availability;
  condition: SQL;
}

/** The tiers a dated listing shows, in page order: free, unknown, and booked only when asked for. */
export function availabilityTiers(date: PartyDate): AvailabilityTier[] {
  const { is } = copiedAvailability(date);
  return TIER_ORDER.filter((kind) => kind !== "booked" || date.showBooked).map((kind) => ({ kind, condition: is[kind] }));
}

/** The condition of the performers a date hides: booked that day (none when they are shown). */
export function hiddenCondition(date: PartyDate): SQL | null {
  return date.showBooked ? null : copiedAvailability(date).is.booked;
}

/** The calendar's own wording of a day without its year, which a party date (at most two years ahead) leaves out. */
const withoutYear = (text: string) => text.replace(/, \d{4}$/, "");

/** "Dec 12" for 2026-12-12. */
export function shortDate(day: string): string {
  return withoutYear(formatShortDay(day));
}

/** "Sat, Dec 12" for 2026-12-12 (the weekday of that year's date). */
export function weekdayDate(day: string): string {
  return withoutYear(formatDay(day));
}

/** What a card says about the day: the words. */
export function availabilityText(kind: Availability, day: string): string {
  if (kind === "free") return `Free on ${weekdayDate(day)}`;
  if (kind === "booked") return `Booked on ${shortDate(day)}`;
  return "Availability not shared";
}

export function cardAvailability(kind: Availability, day: string): CardAvailability {
  return { kind, text: availabilityText(kind, day), date: day };
}

/**
 * The cards with what each says about the date: the tier a dated listing read the card's row in,
 * when `known` has it (the listing already asked the calendars), otherwise availabilityOn's answer,
 * one statement for the rest of the page's performers.
 */
export async function withAvailability<T extends ProfileCardData>(
  db: Executor,
  cards: T[],
  date: PartyDate | null,
  known: ReadonlyMap<string, Availability> = new Map(),
): Promise<T[]> {
  if (!date || cards.length === 0) return cards;
  const asked = cards.filter((card) => !known.has(card.id)).map((card) => card.id);
  const found = asked.length > 0 ? await availabilityOn(db, asked, date.day, date.now) : new Map<string, Availability>();
  return cards.map((card) => ({ ...card, availability: cardAvailability(known.get(card.id) ?? found.get(card.id) ?? "unknown", date.day) }));
}

/**
 * The note beside a dated listing's count, with the address that shows whom it hides: the page's
 * own with `booked=show` (after the date, where the canonical address has it) and from its first page.
 */
export function hiddenBookedNote(text: string | null | undefined, url: URL): HiddenBookedNote | null {
  if (!text) return null;
  const params = new URLSearchParams(url.search);
  params.delete("page");
  params.set("booked", "show");
  return { text, href: `${url.pathname}?${params.toString()}` };
}

/** The note beside the count: "3 booked on Dec 12 are hidden"; null when none are (or they are shown). */
export function hiddenBookedText(count: number, day: string): string | null {
  if (count <= 0) return null;
  const many = count >= HIDDEN_COUNTED ? `${HIDDEN_COUNTED}+` : String(count);
  return `${many} booked on ${shortDate(day)} ${count === 1 ? "is" : "are"} hidden`;
}
