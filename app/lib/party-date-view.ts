// What a card says about the party date the visitor searched for (issue 26). The server words it
// (app/server/directory/party-date.server.ts), so the listing pages' code carries no date wording.

/** A performer on one day: free, booked (marked, from their iCal calendar or a weekly rule), or not known. */
export type Availability = "free" | "booked" | "unknown";

export interface CardAvailability {
  kind: Availability;
  /** "Free on Sat, Dec 12", "Booked on Dec 12" or "Availability not shared". */
  text: string;
  /** The party date (YYYY-MM-DD), carried into the profile's address for its inquiry form. */
  date: string;
}

/** The profile's address from a card: with a party date, the date goes along for the inquiry form. */
export function profileHref(id: string, availability: CardAvailability | null | undefined): string {
  return availability ? `/profile/${id}?date=${availability.date}` : `/profile/${id}`;
}

/** Beside a dated listing's count: "3 booked on Dec 12 are hidden", and the same listing with them shown. */
export interface HiddenBookedNote {
  text: string;
  href: string;
}
