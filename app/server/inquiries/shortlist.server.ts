import { and, inArray } from "drizzle-orm";
import { DEFAULT_TRAVEL_RANGE } from "~/lib/constants";
import { SHORTLIST_MAX, type ShortlistItem, type ShortlistPerformer } from "~/lib/shortlist";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";
import { cardsForIds } from "../directory/directory.server";
import { isProfileId } from "./inquiries.server";
import { partyDateLabels } from "./party-date.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";

// What /shortlist shows for a list of saved ids: public data of the performers still listed, and a
// bare "unavailable" for the rest, so the page can name them (from the browser's own copy) rather
// than drop them silently. Nothing about an unlisted profile (not even whether it exists) leaves here.

/** The ids of `?ids=`: valid ids only, each once, in the given order, at most SHORTLIST_MAX. */
export function parseShortlistIds(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const ids: string[] = [];
  for (const part of raw.split(",")) {
    const id = part.trim();
    if (!isProfileId(id) || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length === SHORTLIST_MAX) break;
  }
  return ids;
}

/**
 * Each id in order, with the performer's public data when they are listed today, and with a party
 * date (`date`, the address's own text, read as the directory reads it) what each one's calendar
 * says about that day.
 */
export async function loadShortlist(
  db: Executor,
  ids: readonly string[],
  options: { today?: string; date?: string | null; now?: Date } = {},
): Promise<ShortlistItem[]> {
  const now = options.now ?? new Date();
  const today = options.today ?? todayIso(now);
  const wanted = ids.filter(isProfileId).slice(0, SHORTLIST_MAX);
  if (wanted.length === 0) return [];
  const cards = await cardsForIds(db, wanted, today);
  const listedIds = cards.map((card) => card.id);
  const dated = listedIds.length > 0 ? await partyDateLabels(db, listedIds, options.date ?? null, now) : null;
  // The comparison's extra facts, read under the same visibility rule as the cards.
  const extras =
    listedIds.length === 0
      ? []
      : await db
          .select({
            id: profiles.id,
            travelRadius: profiles.travelRadius,
            familyFriendlyOnly: profiles.familyFriendlyOnly,
            bringOwnCostume: profiles.bringOwnCostume,
            performOutdoors: profiles.performOutdoors,
          })
          .from(profiles)
          .where(and(inArray(profiles.id, listedIds), publicProfileCondition(today)));
  const extraById = new Map(extras.map((row) => [row.id, row]));
  const performers = new Map<string, ShortlistPerformer>();
  for (const card of cards) {
    const extra = extraById.get(card.id);
    // Unlisted between the two reads: shown as unavailable, like any other.
    if (!extra) continue;
    performers.set(card.id, {
      id: card.id,
      displayName: card.displayName,
      city: card.city,
      state: card.state,
      priceMin: card.priceMin,
      priceMax: card.priceMax,
      categories: card.categories,
      travelRadius: extra.travelRadius ?? DEFAULT_TRAVEL_RANGE,
      audience: card.audience ?? null,
      flags: {
        familyFriendlyOnly: Boolean(extra.familyFriendlyOnly),
        bringOwnCostume: Boolean(extra.bringOwnCostume),
        performOutdoors: Boolean(extra.performOutdoors),
      },
      image: card.image,
      partyDate: dated?.labels.get(card.id) ?? null,
    });
  }
  return wanted.map((id): ShortlistItem => {
    const performer = performers.get(id);
    return performer ? { id, listed: true, performer } : { id, listed: false };
  });
}
