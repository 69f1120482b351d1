import type { ProfileCardData } from "./profile-view";

// A listing page for a place (/browse/{ST}?city=..., a category page with a city, or a state page
// where nobody is based): the performers based there first, then those whose travel range reaches
// it, nearest first, then those who travel anywhere, in their own group. When none of the three
// has anyone, the nearest performers at all, so a place never shows an empty page while anyone
// could come.

export type PlaceGroup = "based" | "travels" | "nationwide" | "nearest";

export interface PlaceHit {
  profile: ProfileCardData;
  group: PlaceGroup;
  /** Miles from the place to the performer's city; null for performers based there. */
  distanceMiles: number | null;
}

export interface PlaceListingView {
  /** "Orlando" for a city page, "Wyoming" for a state page. */
  placeName: string;
  /** How many performers each group holds over all pages (the page shows a slice of them). */
  counts: Record<PlaceGroup, number>;
  hits: PlaceHit[];
}

/** The group of performers who travel anywhere, on city pages and place searches alike. */
export const NATIONWIDE_HEADING = "Travels nationwide: ask about travel fees";
export const NATIONWIDE_NOTE = "They travel anywhere in the US. Distances are from their home city.";

/** The heading over each group's cards. */
export function placeGroupHeading(group: PlaceGroup, place: string): string {
  switch (group) {
    case "based":
      return `Based in ${place}`;
    case "travels":
      return `Travel to ${place} from nearby`;
    case "nationwide":
      return NATIONWIDE_HEADING;
    case "nearest":
      return "Nearest performers";
  }
}

/** The line under a group's heading ("" when the heading says it all). */
export function placeGroupNote(group: PlaceGroup, place: string, count: number): string {
  const performers = `${count.toLocaleString("en-US")} ${count === 1 ? "performer" : "performers"}`;
  switch (group) {
    case "based":
      return "";
    case "travels":
      return `${performers} whose travel range reaches ${place}, nearest first.`;
    case "nationwide":
      return NATIONWIDE_NOTE;
    case "nearest":
      return `Nobody based in ${place} or travelling there is listed yet. These are the closest performers: ask whether they would make the trip.`;
  }
}

/** How many performers the page found for what was asked: none when it offers the nearest instead. */
export function performersForPlace(total: number, place: PlaceListingView | null | undefined): number {
  return place && place.counts.nearest > 0 ? 0 : total;
}
