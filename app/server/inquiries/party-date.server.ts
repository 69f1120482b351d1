import { parsePartyDate } from "~/lib/listing-refinements";
import type { CardAvailability } from "~/lib/party-date-view";
import { availabilityOn } from "../calendar/calendar.server";
import type { Executor } from "../db/client.server";
import { cardAvailability, shortDate } from "../directory/party-date.server";

// The party date where a visitor asks performers (issue 26): the profile and the shortlist say what
// each performer's calendar says about the date the visitor came with (`?date=`), and a send for a
// day a performer marked booked is held back until the visitor agrees. Every sentence is written
// here, so the pages' code carries no date wording. A performer's availability is public (every
// card with a date shows it), so neither the label nor the warning tells anyone more than a card does.

/**
 * Each performer's availability on the party date in `raw` (the address's `date`), in the cards'
 * words; null when there is no date, or it is not a real day, or it is past everywhere in the
 * United States, or more than two years ahead (the directory's own reading of `date`).
 */
export async function partyDateLabels(
  db: Executor,
  profileIds: readonly string[],
  raw: string | null,
  now: Date = new Date(),
): Promise<{ date: string; labels: Map<string, CardAvailability> } | null> {
  const date = parsePartyDate(raw, now);
  if (!date) return null;
  const availability = await availabilityOn(db, profileIds, date, now);
  const labels = new Map<string, CardAvailability>();
  for (const [id, kind] of availability) labels.set(id, cardAvailability(kind, date));
  return { date, labels };
}

/** "A", "A and B", "A, B and C". */
function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The question a send asks before it goes to performers who marked the event date booked:
 * "Jolly Squad marked Dec 12 as booked. Ask anyway?" for one, and for several (of "Ask them all")
 * how many and who.
 */
export function bookedWarningText(bookedNames: readonly string[], date: string): string {
  const day = shortDate(date);
  if (bookedNames.length === 1) return `${bookedNames[0]} marked ${day} as booked. Ask anyway?`;
  return `${bookedNames.length} of them (${namesInWords(bookedNames)}) marked ${day} as booked. Ask anyway?`;
}

/**
 * Of the performers a send is about to reach, those whose calendar says they are booked on the
 * event date (in the order given); empty when none is, or without a date.
 */
export async function bookedOn<P extends { id: string }>(
  db: Executor,
  performers: readonly P[],
  date: string | null,
  now: Date = new Date(),
): Promise<P[]> {
  if (!date || performers.length === 0) return [];
  const availability = await availabilityOn(
    db,
    performers.map((performer) => performer.id),
    date,
    now,
  );
  return performers.filter((performer) => availability.get(performer.id) === "booked");
}
