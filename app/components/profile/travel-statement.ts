import type { TravelRange } from "~/lib/constants";

// Apart from ProfileDetails so the shortlist's comparison can word the travel range the same way
// without downloading the rest of a profile page's details.

/** How far they travel, as a sentence. */
const TRAVEL_STATEMENT: Record<TravelRange, string> = {
  local_only: "Performs locally, up to 10 miles",
  short_distance: "Travels up to 25 miles",
  medium_distance: "Travels up to 50 miles",
  long_distance: "Travels up to 100 miles",
  nationwide: "Travels anywhere in the country",
};

export function travelStatement(range: string): string {
  return TRAVEL_STATEMENT[range as TravelRange] ?? TRAVEL_STATEMENT.local_only;
}
