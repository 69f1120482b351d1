import { eq, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "~/lib/constants";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import type { PlaceGroup } from "~/lib/place-listing-view";
import type { ProfileCardData } from "~/lib/profile-view";
import type { SearchMatch } from "~/lib/search-match";
import { DEFAULT_NEARBY_MILES, type ClosestReason, type SearchExpansion, type SearchPlace } from "~/lib/search-view";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";
import { cardsForIds } from "../directory/directory.server";
import { categoryCondition, refinementConditions } from "../directory/listing-conditions.server";
import { findGazetteerCity } from "../places/gazetteer.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";
import { hiddenBookedText, partyDateOf, withAvailability } from "../directory/party-date.server";
import { EVERYONE, nearestBand, placeBands, type Band, type PlaceBands } from "./bands.server";
import { describeExpansions } from "./expand.server";
import { annotateMatches, biosOf } from "./highlight.server";
import { availabilityOfRows, readPage, type Paged } from "./page.server";
import type { SearchInput } from "./query.server";
import { rankings, type Ranking } from "./rank.server";
import { understandQuery, type UnderstoodQuery } from "./understand.server";
import { weighReplies } from "./reply-weight.server";
import { withAbsentWords } from "./absent-words.server";
import { lookupZip, type Point } from "./zip.server";

export { MAX_COUNTED } from "./page.server";

// The /search box, one pipeline in four stages:
//   1. understand  what was typed (understand.server.ts): a ZIP code, misspellings corrected, a
//                  place named in the words, the dictionary's phrases and plain words;
//   2. place       where the visitor is and who can come (bands.server.ts): a ZIP code, town or
//                  city is a point, and performers come in distance bands (their range covers it;
//                  nearby but past their range; nationwide); a state alone is a filter;
//   3. rank        which rows the words admit and in what order (rank.server.ts): precision tiers
//                  (character above category above bio, the typed word above its expansions),
//                  then nearest first, or the visitor's sort; readings tried in turn until one
//                  finds somebody (every word, kindred characters, related categories, the
//                  most words), around a place until one fills the first three from near it;
//   4. page        one page of it (page.server.ts), band by band, counted up to MAX_COUNTED.
// The refinements (budget, distance, audience, solo or group; listing-conditions.server.ts) narrow
// every stage alike; by default adults-only acts are left out. When nobody in any band matches, the
// matching performers nearest to the place at any distance are shown, so a search never ends on an
// empty page while any word finds someone.

export interface SearchHit {
  profile: ProfileCardData;
  /** Miles from the searched place to the performer's city (place searches only). */
  distanceMiles: number | null;
  /** The distance band the card is in; null for a search without a place. */
  band: PlaceGroup | null;
  /** How far the performer usually travels, in miles (null for nationwide or without a place). */
  rangeMiles: number | null;
  /** Why it matched the words: the character it plays, or a piece of its bio (highlight.server.ts). */
  match?: SearchMatch;
}

export interface SearchOutcome {
  input: SearchInput;
  /** Nothing typed and no filter: the page only shows the box. */
  idle: boolean;
  zip: { code: string; city: string; state: string } | null;
  /** A ZIP code the offline ZIP table does not know. */
  unknownZip: string | null;
  /** The words actually searched for, when a misspelling was corrected ("anime" for "anmie"). */
  correctedQuery: string | null;
  /** The place named in the words, used like a ZIP code (a city) or the state filter (a state). */
  place: SearchPlace | null;
  /** The place's name is shared by towns of several states: which ones (understand.server.ts). */
  ambiguousPlace: UnderstoodQuery["ambiguousPlace"];
  /** The search measured distances from a point (a ZIP code, town or city): cards come in bands. */
  banded: boolean;
  /** Phrases the dictionary knew, and what else was searched for them. */
  expansions: SearchExpansion[];
  /** No performer matched everything asked where asked; these are the closest (closestReason says why). */
  closest: boolean;
  /** Why the closest were shown (null when not): too few near, only similar performers, or most words. */
  closestReason: ClosestReason | null;
  hits: SearchHit[];
  /** How many performers match, at most MAX_COUNTED (see totalAtLeast). */
  total: number;
  /** More than `total` match: counting stopped there, and the page says "1,000+". */
  totalAtLeast: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** With a party date whose booked performers are left out: "3 booked on Dec 12 are hidden"; otherwise null. */
  hiddenBooked: string | null;
}

export interface SearchOptions {
  pageSize?: number;
  today?: string;
  /** How far "Nearby, may charge travel" reaches (the NEARBY_MILES setting). */
  nearbyMiles?: number;
  /**
   * Keep to the first reading that finds anyone, even with too few of them near the place: what
   * matches every word, for a search alert's "new matches" (true); a page widens (false, the default).
   */
  exactOnly?: boolean;
}


/** Stage 2: where the search measures from, and the filters that say who is based where. */
interface Where {
  point: Point | null;
  conditions: SQL[];
  zip: SearchOutcome["zip"];
  place: SearchPlace | null;
}

function whereOf(input: SearchInput, understood: UnderstoodQuery): Where | "unknown zip" {
  const based = (state: string | null, city: string | null) => [
    ...(state ? [eq(profiles.state, state)] : []),
    ...(state && city ? [eq(profiles.city, city)] : []),
  ];
  if (understood.zip) {
    const found = lookupZip(understood.zip);
    if (!found || found.country !== "US") return "unknown zip";
    // Beside a ZIP code the state and city filters keep their plain meaning: based there.
    return { point: found, conditions: based(input.state, input.city), zip: { code: understood.zip, city: found.city, state: found.state }, place: null };
  }
  // The state and city filters together are a place like a city in the words; a city (or town) in
  // the words agrees with the state filter (understand.server.ts), which then only says where it
  // is: performers over the state line are as near.
  const city = input.state && input.city ? findGazetteerCity(input.state, input.city) : undefined;
  if (input.state && city) {
    return { point: city, conditions: [], zip: null, place: { kind: "city", city: city.name, state: input.state } };
  }
  const named = understood.place;
  if (named?.kind === "city") {
    return { point: named, conditions: [], zip: null, place: { kind: "city", city: named.city, state: named.state } };
  }
  if (named?.kind === "state") {
    return { point: null, conditions: based(input.state ?? named.state, null), zip: null, place: { kind: "state", state: named.state, name: named.name } };
  }
  return { point: null, conditions: based(input.state, input.city), zip: null, place: null };
}

/** Enough performers near the place to fill the first row of results a phone shows. */
const FIRST_THREE = 3;

/** How many of a place search's matches are in range of the place or nearby (not only far travellers). */
function nearCount(found: Paged, bands: readonly Band[]): number {
  let near = 0;
  for (const [i, band] of bands.entries()) if (band.group === "covers" || band.group === "nearby") near += found.counts[i] ?? 0;
  return near;
}

/** Runs a search: the page of hits (as cards), the total, and what was understood from the query. */
export async function searchProfiles(db: Executor, input: SearchInput, options: SearchOptions = {}): Promise<SearchOutcome> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const today = options.today ?? todayIso();
  const refinements = input.refinements ?? NO_REFINEMENTS;
  const partyDate = partyDateOf(refinements);

  // 1. Understand the words (and which of their phrases nobody wrote, left out of the text query).
  const reading = await understandQuery(db, input);
  const understood = { ...reading, groups: await withAbsentWords(db, reading.groups) };
  const outcome: SearchOutcome = {
    input,
    idle: false,
    zip: null,
    unknownZip: null,
    correctedQuery: understood.correctedQuery,
    place: null,
    ambiguousPlace: understood.ambiguousPlace ?? null,
    banded: false,
    expansions: [],
    closest: false,
    closestReason: null,
    hits: [],
    total: 0,
    totalAtLeast: false,
    page: 1,
    pageCount: 1,
    pageSize,
    hiddenBooked: null,
  };
  const hasFilter = Boolean(input.state || input.category);
  if (!understood.zip && !understood.place && understood.groups.length === 0 && !hasFilter) {
    return { ...outcome, idle: input.q === "" };
  }

  // 2. The place and its bands.
  const where = whereOf(input, understood);
  if (where === "unknown zip") return { ...outcome, unknownZip: understood.zip };
  outcome.zip = where.zip;
  outcome.place = where.place;
  outcome.banded = where.point !== null;
  // Search reads the narrow copy, whose rows carry their categories (migration 0027).
  const base = [publicProfileCondition(today), ...categoryCondition(input.category ? [input.category] : [], "copy"), ...refinementConditions(refinements, "copy", where.point, today)];
  const scope: PlaceBands | null = where.point
    ? { point: where.point, nearbyMiles: options.nearbyMiles ?? DEFAULT_NEARBY_MILES, radiusMiles: refinements.miles }
    : null;
  const bands: Band[] = scope ? placeBands(scope) : [EVERYONE];

  // 3 and 4. Rank and page: each reading of the words in turn, until one finds somebody.
  const read = (ranking: Ranking, conditions: SQL[], readBands: Band[]) =>
    readPage(db, { where: [...base, ...conditions], bands: readBands, ranking, sort: refinements.sort, point: where.point, page: input.page, pageSize, partyDate });
  const readings = rankings(understood.groups);
  let used = readings[0];
  let found: Paged = { rows: [], counts: [], total: 0, totalAtLeast: false, page: 1 };
  // Around a place, a reading of every word that cannot fill the first three from near the place
  // ("batman" near Dallas: two players of the part, 450 and 660 miles off; "elsa" near Orlando: one
  // ice queen 63 miles off) gives way to the same words with their kindred characters when that
  // has more performers near the place (the area's princesses, the near players of the part first
  // among them in their band, the far ones in theirs). Related categories only when nobody near
  // matches at all (the Dallas area's superheroes): beside a near mermaid, the area's other Fantasy
  // acts would push the next mermaid down. The first wider reading with anyone near is kept. Never
  // "the most words", which would put a match of one word ("party") above a far match of all of them.
  let best: { index: number; ranking: Ranking; found: Paged; near: number } | null = null;
  let exactFound = false;
  for (const [i, ranking] of readings.entries()) {
    if (best && (ranking.matched || (best.near > 0 && ranking.reach === "related"))) break;
    const candidate = await read(ranking, where.conditions, bands);
    if (candidate.total === 0) continue;
    if (i === 0) exactFound = true;
    const near = scope ? nearCount(candidate, bands) : 0;
    if (!best || near > best.near) best = { index: i, ranking, found: candidate, near };
    if (!scope || options.exactOnly || near >= FIRST_THREE || (i > 0 && near > 0)) break;
  }
  if (best) {
    used = best.ranking;
    found = best.found;
    if (best.index > 0) outcome.closestReason = used.matched ? "most words" : exactFound ? "few near" : "similar";
  } else used = readings[readings.length - 1];
  const hasWords = understood.groups.length > 0;
  if (found.total === 0 && (scope || (hasWords && where.place?.kind === "state"))) {
    // Nobody where asked: the widest reading anywhere, nearest to the place first (a state: newest).
    used = readings[readings.length - 1];
    found = scope ? await read(used, where.conditions, [nearestBand(scope)]) : await read(used, [], [EVERYONE]);
    // Without words this is the page's only offer ("nearest performers"), not a weaker match.
    outcome.closestReason = found.total > 0 && hasWords ? (used.matched ? "most words" : "similar") : null;
  }
  outcome.expansions = describeExpansions(understood.groups, used.reach);

  // The same day as the match, so a search run for a given date shows the cards it counted.
  const ids = found.rows.map((r) => r.id);
  // The bios (for a snippet where no character explains the match) are read beside the cards. With
  // a date, each row carries the tier it was read in, so the cards do not ask the calendars again.
  const [cardList, bios] = await Promise.all([cardsForIds(db, ids, today).then((list) => withAvailability(db, list, partyDate, availabilityOfRows(found.rows))), understood.groups.length > 0 ? biosOf(db, ids) : new Map<string, string | null>()]);
  const cards = new Map(cardList.map((c) => [c.id, c]));
  const hits: SearchHit[] = [];
  for (const row of found.rows) {
    const profile = cards.get(row.id);
    if (profile) hits.push({ profile, distanceMiles: row.distance, band: row.group, rangeMiles: row.rangeMiles });
  }
  annotateMatches(hits, understood.groups, used.reach, bios);
  return {
    ...outcome,
    closest: outcome.closestReason !== null,
    hits: refinements.sort === "best" ? weighReplies(hits) : hits,
    total: found.total,
    totalAtLeast: found.totalAtLeast,
    page: found.page,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
    hiddenBooked: partyDate ? hiddenBookedText(found.hiddenBooked ?? 0, partyDate.day) : null,
  };
}
