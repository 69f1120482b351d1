import { distanceLine, milesAway, placeGroupHeading, placeGroupNote, type PlaceGroup } from "~/lib/place-listing-view";
import { allInLine } from "~/lib/package-view";
import { searchedPlaceName } from "~/lib/search-view";
import type { SearchOutcome } from "./search.server";

// The sentences of a place search's bands, written here rather than by the page, so the search
// page's code carries none of their wording (it was over its JavaScript budget with it).

/** Each card's distance line ("About 100 mi from you · usually travels up to 50 mi", "12 miles away"), or null. */
export function hitsWithDistanceText(outcome: SearchOutcome) {
  const travelTo = travelTarget(outcome);
  return outcome.hits.map((hit) => ({
    ...hit,
    distanceText: hit.band
      ? distanceLine({ group: hit.band, distanceMiles: hit.distanceMiles, rangeMiles: hit.rangeMiles }, "you")
      : hit.distanceMiles !== null
        ? milesAway(hit.distanceMiles)
        : null,
    allInText: travelTo && hit.distanceMiles !== null && hit.profile.cheapestPackage ? allInLine(hit.profile.cheapestPackage, hit.distanceMiles, travelTo) : null,
  }));
}

/** Where an all-in price is delivered to: the searched ZIP, or the searched city by name. */
function travelTarget(outcome: SearchOutcome): string | null {
  if (outcome.zip) return outcome.zip.code;
  return outcome.place?.kind === "city" ? outcome.place.city : null;
}

/** The heading and note over each band past the first (those who travel there need none). */
export function bandTexts(outcome: SearchOutcome): Partial<Record<PlaceGroup, { heading: string; note: string }>> {
  const where = searchedPlaceName(outcome.zip, outcome.place) ?? "you";
  const texts: Partial<Record<PlaceGroup, { heading: string; note: string }>> = {};
  for (const { band } of outcome.hits) {
    if (band && band !== "covers") texts[band] ??= { heading: placeGroupHeading(band, where), note: placeGroupNote(band, where, null) };
  }
  return texts;
}
