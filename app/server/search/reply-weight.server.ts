import type { PlaceGroup } from "~/lib/place-listing-view";

/** What the weighing reads of a search hit (search.server.ts's SearchHit). */
interface WeighedHit {
  profile: { quickToReply?: boolean };
  band: PlaceGroup | null;
  distanceMiles: number | null;
  match?: { kind: string };
}

// Best match weighs how performers answer, lightly (issue 27): on a page of a search sorted by best
// match, a performer with the "Quick to reply" badge moves one place ahead of the card just above
// when the two are otherwise about as good a match: the same distance band, the same kind of match
// (stage name, a character, or only the bio) and, around a place, about as near. It never crosses a
// band, a kind of match or a page, so precision and distance still decide, the counts and pages
// stay exactly as read, and the index reads behind them are untouched; each card moves one place
// at most, so a page of quick responders does not float one slow one to its end.

/** Around a place, "about as near": within this many miles of each other ... */
const NEAR_ENOUGH_MILES = 5;
/** ... or within this share of the nearer one's distance, whichever is more. */
const NEAR_ENOUGH_SHARE = 0.2;

function matchKind(hit: WeighedHit): string {
  return hit.match?.kind ?? "name";
}

function aboutAsNear(ahead: number | null, behind: number | null): boolean {
  if (ahead === null || behind === null) return ahead === behind;
  return behind - ahead <= Math.max(NEAR_ENOUGH_MILES, ahead * NEAR_ENOUGH_SHARE);
}

function aboutAsGood(ahead: WeighedHit, behind: WeighedHit): boolean {
  return ahead.band === behind.band && matchKind(ahead) === matchKind(behind) && aboutAsNear(ahead.distanceMiles, behind.distanceMiles);
}

/** The page's hits with each quick responder one place ahead of an about-as-good match that is not. */
export function weighReplies<T extends WeighedHit>(hits: readonly T[]): T[] {
  const out = [...hits];
  for (let i = 1; i < out.length; i++) {
    const ahead = out[i - 1];
    const behind = out[i];
    if (behind.profile.quickToReply && !ahead.profile.quickToReply && aboutAsGood(ahead, behind)) {
      out[i - 1] = behind;
      out[i] = ahead;
      // The card moved down may not move again: one place each.
      i++;
    }
  }
  return out;
}
