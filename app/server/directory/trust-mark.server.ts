// The compact mark a result card carries for reviewed documents (issue 28): worded here, on the
// server, so the listing pages' code (at its JavaScript budget) only prints a line it is handed.
// The profile's own badges name the person and the dates; a card says only what was reviewed.

export const CHECKED_MARK = "Background check reviewed";
export const INSURED_MARK = "Insured";

/**
 * "Background check reviewed · Insured", either alone, or null: a document counts on the day its
 * validity ends and not after (the same test as the filters', listing-conditions.server.ts).
 */
export function cardTrustMark(checkedUntil: string | null, insuredUntil: string | null, today: string): string | null {
  const marks = [checkedUntil !== null && checkedUntil >= today ? CHECKED_MARK : null, insuredUntil !== null && insuredUntil >= today ? INSURED_MARK : null];
  const shown = marks.filter((mark): mark is string => mark !== null);
  return shown.length > 0 ? shown.join(" · ") : null;
}
