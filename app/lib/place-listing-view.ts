import type { ProfileCardData } from "./profile-view";

// Who a place can have, in distance bands, on city pages and place searches alike: those whose
// travel range covers the place ("covers", nearest first); those within the nearby distance (150
// miles unless NEARBY_MILES says otherwise) whose usual range stops short of it ("nearby", nearest
// first, each card saying how far they usually travel); and those who travel anywhere, farther
// away ("nationwide", by distance). When none of the three has anyone, the nearest performers at
// all ("nearest"), so a place never shows an empty page while anyone could come.

export type PlaceGroup = "covers" | "nearby" | "nationwide" | "nearest";

export interface PlaceHit {
  profile: ProfileCardData;
  group: PlaceGroup;
  /** Miles from the place to the performer's city; null when the performer gave no city we know. */
  distanceMiles: number | null;
  /** How far the performer usually travels, in miles; null for nationwide. */
  rangeMiles: number | null;
}

/** What a group shows above its cards: written by the server, so no page's code carries the wording. */
export interface PlaceGroupText {
  heading: string;
  note: string;
  /** "12", "1,000+", or null when the group was not counted. */
  count: string | null;
}

export interface PlaceListingView {
  /** "Orlando" for a city page, "Wyoming" for a state page. */
  placeName: string;
  /**
   * How many performers each group holds over all pages (the page shows a slice of them). Null for
   * a group past the counting limit: the groups before it already hold 1,000 or more.
   */
  counts: Record<PlaceGroup, number | null>;
  /** The last counted group holds more than its count says ("1,000+"). */
  countsAtLeast: boolean;
  /** Each card, with its distance line written out (distanceLine). */
  hits: (PlaceHit & { distanceText: string | null })[];
  /** The heading, note and count of each group the page shows. */
  text: Partial<Record<PlaceGroup, PlaceGroupText>>;
}

/** The group of performers who travel anywhere, on city pages and place searches alike. */
export const NATIONWIDE_HEADING = "Travels nationwide: ask about travel fees";
export const NATIONWIDE_NOTE = "They travel anywhere in the US. Distances are from their home city.";
/** The group whose usual range stops short of the place. */
export const NEARBY_HEADING = "Nearby, may charge travel";

/** The heading over each group's cards. */
export function placeGroupHeading(group: PlaceGroup, place: string): string {
  switch (group) {
    case "covers":
      return `Travel to ${place}`;
    case "nearby":
      return NEARBY_HEADING;
    case "nationwide":
      return NATIONWIDE_HEADING;
    case "nearest":
      return "Nearest performers";
  }
}

const performers = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "performer" : "performers"}`;

/** The line under a group's heading ("" when the heading says it all). */
export function placeGroupNote(group: PlaceGroup, place: string, count: number | null): string {
  switch (group) {
    case "covers":
      return count === null ? `Their travel range reaches ${place}, nearest first.` : `${performers(count)} whose travel range reaches ${place}, nearest first.`;
    case "nearby":
      return `Close to ${place}, but past their usual travel range: ask whether they would come, and about travel fees.`;
    case "nationwide":
      return NATIONWIDE_NOTE;
    case "nearest":
      return `Nobody based in ${place} or travelling there is listed yet. These are the closest performers: ask whether they would make the trip.`;
  }
}

/** A group's size as its heading shows it: "(12)", "(1,000+)", or nothing when it was not counted. */
export function placeGroupCount(view: Pick<PlaceListingView, "counts" | "countsAtLeast">, group: PlaceGroup): string | null {
  const count = view.counts[group];
  if (count === null || group === "nearest") return null;
  const last = (["nationwide", "nearby", "covers"] as const).find((g) => view.counts[g] !== null && view.counts[g] > 0);
  return `${count.toLocaleString("en-US")}${view.countsAtLeast && group === last ? "+" : ""}`;
}

/**
 * The distance line of a card in the nearby group, which says how far the performer usually
 * travels beside how far they are ("About 100 mi from you · usually travels up to 50 mi"); null
 * for the other groups, whose cards say only how far ("12 miles away"). `from` is "you" in a
 * search and the place's name on its page.
 */
export function distanceLine(hit: Pick<PlaceHit, "group" | "distanceMiles" | "rangeMiles">, from: string): string | null {
  if (hit.distanceMiles === null) return null;
  if (hit.group !== "nearby" || hit.rangeMiles === null) return milesAway(hit.distanceMiles);
  return `About ${Math.round(hit.distanceMiles).toLocaleString("en-US")} mi from ${from} · usually travels up to ${hit.rangeMiles} mi`;
}

/** A card's plain distance ("12 miles away"), outside the nearby band's longer line. */
export function milesAway(miles: number): string {
  if (miles < 1) return "Less than 1 mile away";
  const rounded = Math.round(miles);
  return `${rounded} ${rounded === 1 ? "mile" : "miles"} away`;
}

/** How many performers the page found for what was asked: none when it offers the nearest instead. */
export function performersForPlace(total: number, place: PlaceListingView | null | undefined): number {
  return place && (place.counts.nearest ?? 0) > 0 ? 0 : total;
}
