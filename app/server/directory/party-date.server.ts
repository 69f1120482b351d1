import { sql, type SQL } from "drizzle-orm";
import { parsePartyDate, parseRefinements, type ListingRefinements } from "~/lib/listing-refinements";
import type { Availability, CardAvailability, HiddenBookedNote } from "~/lib/party-date-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { availabilityOn, availabilitySql } from "../calendar/calendar.server";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";

// The party date in the directory (issue 26): with `date` in the address, every listing and search
// lists those free that day first, then those whose calendar says nothing, and leaves out those
// booked unless the visitor asks for them (then last). A listing's rows are split into these
// availability tiers, each read in the listing's own order and only as far as the page and the
// count reach, so a performer's calendar is looked up (a few key probes, availabilitySql) for the
// rows read, not for every row of a big state or city.

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

/** The row's availability on the day as SQL (the row being `profiles`, the table or its narrow copy). */
export function availabilityOfRow(date: PartyDate): SQL<Availability> {
  return availabilitySql(sql`${profiles.id}`, date.day, date.now);
}

export interface AvailabilityTier {
  kind: Availability;
  condition: SQL;
}

/** The tiers a dated listing shows, in page order: free, unknown, and booked only when asked for. */
export function availabilityTiers(date: PartyDate): AvailabilityTier[] {
  const availability = availabilityOfRow(date);
  return TIER_ORDER.filter((kind) => kind !== "booked" || date.showBooked).map((kind) => ({ kind, condition: sql`${availability} = ${kind}` }));
}

/** The condition of the performers a date hides: booked that day (none when they are shown). */
export function hiddenCondition(date: PartyDate): SQL | null {
  return date.showBooked ? null : sql`${availabilityOfRow(date)} = 'booked'`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "Dec 12" for 2026-12-12. */
export function shortDate(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${MONTHS[month - 1]} ${date}`;
}

/** "Sat, Dec 12" for 2026-12-12 (the weekday of that year's date). */
export function weekdayDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]}, ${shortDate(day)}`;
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

/** The cards with what each says about the date (one statement for the page's performers). */
export async function withAvailability<T extends ProfileCardData>(db: Executor, cards: T[], date: PartyDate | null): Promise<T[]> {
  if (!date || cards.length === 0) return cards;
  const found = await availabilityOn(
    db,
    cards.map((card) => card.id),
    date.day,
    date.now,
  );
  return cards.map((card) => ({ ...card, availability: cardAvailability(found.get(card.id) ?? "unknown", date.day) }));
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
