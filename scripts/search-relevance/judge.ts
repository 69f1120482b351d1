import type { Place } from "./places";

// The relevance judge of `npm run bench:search`: grades what a parent would think of a performer
// for a query, from the raw profile data alone. It shares no code with the search: its distances
// are its own haversine over the profiles' stored coordinates, its places are literal data
// (places.ts), its notion of a travel range is the wording performers pick from, and its notion of
// a character is the hand-written rules of topics.ts. Nothing here reads the dictionary, the ZIP
// table, the gazetteer or app/server/search.
//
// Grading rubric (0 to 3), also printed as the report's legend:
//   3  exactly what was asked: plays the character (a character they list, or the stage name), or
//      is in the category the query names; for a place query also within their own travel range
//      of the place and no more than NEAR_MILES from it (a state: based in it).
//   2  the right kind but not the very thing (another princess for "elsa", the Hero category for
//      "batman"), or what was asked but outside their range while within NEAR_MILES ("nearby, may
//      charge travel").
//   1  weak: only the bio mentions it (the performer's own town and state are not read, so a
//      Santa Ana resident is no match for "santa"), a loosely related category, or a nationwide
//      traveller further than NEAR_MILES.
//   0  wrong: none of the above, too far to come, or an adults-only act (audience "adults" or the
//      18+ Events Only category) in a family search (any search not asking for adult events).
// A query with both a topic and a place gets the lower of the two grades.

/** What the judge reads of a listed performer: the public profile, as stored. */
export interface Performer {
  id: string;
  displayName: string;
  bio: string;
  characters: readonly string[];
  categories: readonly string[];
  city: string;
  state: string;
  /** The state's full name, so the bio's "all over Florida" is not read as a mention. */
  stateName?: string;
  latitude: number | null;
  longitude: number | null;
  travelRadius: string;
  /** profiles.audience where the column exists ('kids' | 'all' | 'adults'), else null. */
  audience: string | null;
}

export type Grade = 0 | 1 | 2 | 3;

/** What a query asks for, besides a place. Every pattern is matched case-insensitively by the caller's regex flags. */
export interface Topic {
  label: string;
  /** A character or stage name matching this plays exactly what was asked (3). */
  plays?: RegExp;
  /** Categories that are exactly what was asked ("mascot": Mascot Style) (3). */
  exactCategories?: readonly string[];
  /** A character or stage name of the right kind (2). */
  kind?: RegExp;
  /** Categories of the right kind (2). */
  categories?: readonly string[];
  /** Categories only loosely related (1). */
  weakCategories?: readonly string[];
  /** Words in the bio that count as a weak match (1); by default `plays` and `kind`. */
  mentions?: RegExp;
  /** Adult events were asked for: an adults-only act is exactly that (3). */
  adultsOnly?: boolean;
}

export interface JudgedQuery {
  q: string;
  kind: "character" | "category" | "place" | "town" | "zip" | "misspelling" | "mixed" | "adults";
  topic?: Topic;
  place?: Place;
  /** Extra address parameters, e.g. { audience: "adults" } for the one kind of search that may show adult acts. */
  params?: Readonly<Record<string, string>>;
}

/** A place's performers within this many miles are "nearby" (the second band). */
export const NEAR_MILES = 150;

/**
 * Miles a performer's chosen travel range covers, as the editor words the choice ("Local only
 * (0-10 miles)" ... "Nationwide (will travel anywhere)"). Written out here rather than imported,
 * so the judge keeps the performers' meaning even if the search changes its own.
 */
export const RANGE_MILES: Readonly<Record<string, number>> = {
  local_only: 10,
  short_distance: 25,
  medium_distance: 50,
  long_distance: 100,
  nationwide: Number.POSITIVE_INFINITY,
};

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (haversine), from plain degrees. */
export function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const ADULTS_ONLY_CATEGORY = "18+ Events Only";

/** An adults-only act: the audience answer says so, or (where there is no audience yet) the 18+ category. */
export function isAdultsOnly(p: Performer): boolean {
  return p.audience === "adults" || p.categories.includes(ADULTS_ONLY_CATEGORY);
}

/** A family search is any search that does not ask for adult events. */
export function isFamilySearch(query: JudgedQuery): boolean {
  return query.params?.audience !== "adults";
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The bio without the performer's own town and state: where someone lives is not what they play. */
function bioWithoutHome(p: Performer): string {
  let bio = p.bio;
  for (const name of [p.city, p.stateName].filter((n): n is string => Boolean(n))) {
    bio = bio.replace(new RegExp(`\\b${escape(name)}\\b`, "gi"), " ");
  }
  return bio;
}

const test = (pattern: RegExp | undefined, text: string) => {
  if (!pattern) return false;
  pattern.lastIndex = 0;
  return pattern.test(text);
};

/** How well what the performer plays matches the topic, ignoring where they are. */
export function topicGrade(topic: Topic, p: Performer): Grade {
  const names = [...p.characters, p.displayName];
  if (names.some((n) => test(topic.plays, n))) return 3;
  if (topic.exactCategories?.some((c) => p.categories.includes(c))) return 3;
  if (topic.adultsOnly && isAdultsOnly(p)) return 3;
  if (names.some((n) => test(topic.kind, n))) return 2;
  if (topic.categories?.some((c) => p.categories.includes(c))) return 2;
  const bio = bioWithoutHome(p);
  const mentions = topic.mentions ? [topic.mentions] : [topic.plays, topic.kind];
  if (mentions.some((m) => test(m, bio))) return 1;
  if (topic.weakCategories?.some((c) => p.categories.includes(c))) return 1;
  return 0;
}

/** Miles from a point place to the performer, or null (no coordinates, or a state). */
export function milesFrom(place: Place, p: Performer): number | null {
  if (place.kind !== "point" || p.latitude == null || p.longitude == null) return null;
  return haversineMiles(place, { latitude: p.latitude, longitude: p.longitude });
}

/** Near the place: within NEAR_MILES of a point, or based in the state named. */
export function isNear(place: Place, p: Performer): boolean {
  if (place.kind === "state") return p.state === place.state;
  const miles = milesFrom(place, p);
  return miles !== null && miles <= NEAR_MILES;
}

/** How well the performer serves the place, ignoring what they play. */
export function placeGrade(place: Place, p: Performer): Grade {
  const nationwide = p.travelRadius === "nationwide";
  if (place.kind === "state") return p.state === place.state ? 3 : nationwide ? 1 : 0;
  const miles = milesFrom(place, p);
  if (miles === null) return nationwide ? 1 : 0;
  const range = RANGE_MILES[p.travelRadius] ?? 0;
  if (miles <= NEAR_MILES && miles <= range) return 3;
  if (miles <= NEAR_MILES) return 2;
  return nationwide ? 1 : 0;
}

/** The grade of a performer for a query (the rubric above). */
export function grade(query: JudgedQuery, p: Performer): Grade {
  if (isFamilySearch(query) && isAdultsOnly(p)) return 0;
  const grades: Grade[] = [];
  if (query.topic) grades.push(topicGrade(query.topic, p));
  if (query.place) grades.push(placeGrade(query.place, p));
  return grades.length === 0 ? 0 : (Math.min(...grades) as Grade);
}

/** Discounted cumulative gain of the first k grades (linear gain, log2 discount, as trec_eval). */
export function dcgAt(grades: readonly number[], k: number): number {
  return grades.slice(0, k).reduce<number>((sum, g, i) => sum + g / Math.log2(i + 2), 0);
}

/** nDCG@k of a ranked list against every grade available; null when nothing available has a grade above 0. */
export function ndcgAt(ranked: readonly number[], available: readonly number[], k: number): number | null {
  const ideal = dcgAt([...available].sort((a, b) => b - a), k);
  return ideal === 0 ? null : dcgAt(ranked, k) / ideal;
}

/** A grade of 2 or more counts as relevant for precision and recall. */
export const RELEVANT_GRADE = 2;

/**
 * Precision@k: relevant among the first k, over k, or over the number of relevant performers the
 * data holds when that is fewer (a page cannot be blamed for a third that does not exist). Null
 * when the data holds none.
 */
export function precisionAt(ranked: readonly number[], relevantAvailable: number, k: number): number | null {
  const possible = Math.min(k, relevantAvailable);
  if (possible === 0) return null;
  return ranked.slice(0, k).filter((g) => g >= RELEVANT_GRADE).length / possible;
}

/** Recall in the first page: relevant on it over min(relevant in the data, page size); null when none. */
export function recallOnPage(ranked: readonly number[], relevantAvailable: number, pageSize: number): number | null {
  const possible = Math.min(pageSize, relevantAvailable);
  if (possible === 0) return null;
  return ranked.slice(0, pageSize).filter((g) => g >= RELEVANT_GRADE).length / possible;
}

export interface Judgement {
  query: JudgedQuery;
  /** Grades of the results, in the order shown. */
  grades: Grade[];
  relevantAvailable: number;
  ndcg5: number | null;
  p3: number | null;
  recall: number | null;
  /** Adults-only acts on the first page of a family search (their ids). */
  adultsOnPage: string[];
  /**
   * A place query: how many of its first min(3, nearAvailable) results are not near the place
   * (within NEAR_MILES, or in the state) although that many matching performers near it exist.
   * Null for a query without a place.
   */
  farInTopThree: number | null;
  /** Performers near the place who match the topic (grade 2+ on it) and may be shown in this search. */
  nearAvailable: number | null;
}

/** Judges one query's first page against every listed performer. */
export function judge(query: JudgedQuery, resultIds: readonly string[], pool: ReadonlyMap<string, Performer>, pageSize: number): Judgement {
  const performers = [...pool.values()];
  const available = performers.map((p) => grade(query, p));
  const relevantAvailable = available.filter((g) => g >= RELEVANT_GRADE).length;
  const shown = resultIds.map((id) => pool.get(id));
  const grades = shown.map((p) => (p ? grade(query, p) : 0));
  const family = isFamilySearch(query);
  const adultsOnPage = family ? shown.filter((p): p is Performer => Boolean(p && isAdultsOnly(p))).map((p) => p.id) : [];
  let farInTopThree: number | null = null;
  let nearAvailable: number | null = null;
  if (query.place) {
    const place = query.place;
    const matches = (p: Performer) => (!family || !isAdultsOnly(p)) && (!query.topic || topicGrade(query.topic, p) >= RELEVANT_GRADE);
    nearAvailable = performers.filter((p) => matches(p) && isNear(place, p)).length;
    const topThree = shown.slice(0, Math.min(3, nearAvailable));
    farInTopThree = topThree.filter((p) => !p || !isNear(place, p)).length;
  }
  return {
    query,
    grades,
    relevantAvailable,
    ndcg5: ndcgAt(grades, available, 5),
    p3: precisionAt(grades, relevantAvailable, 3),
    recall: recallOnPage(grades, relevantAvailable, pageSize),
    adultsOnPage,
    farInTopThree,
    nearAvailable,
  };
}

export interface Summary {
  queries: number;
  ndcg5: number;
  p3: number;
  recall: number;
  /** Queries answered with nothing while the data holds a relevant performer. */
  zeroResults: JudgedQuery[];
  /** Queries with no performer of grade 2+ in the data (not scored for P@3 and recall). */
  unjudgeable: JudgedQuery[];
}

const mean = (values: readonly (number | null)[]) => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? 0 : present.reduce((a, b) => a + b, 0) / present.length;
};

export function summarise(judgements: readonly Judgement[]): Summary {
  return {
    queries: judgements.length,
    ndcg5: mean(judgements.map((j) => j.ndcg5)),
    p3: mean(judgements.map((j) => j.p3)),
    recall: mean(judgements.map((j) => j.recall)),
    zeroResults: judgements.filter((j) => j.grades.length === 0 && j.relevantAvailable > 0).map((j) => j.query),
    unjudgeable: judgements.filter((j) => j.relevantAvailable === 0).map((j) => j.query),
  };
}

/** The rubric as printed under the report. */
export const LEGEND = [
  "Grades (judge.ts): 3 = exactly what was asked (plays the character, or in the category named; with a place: within their own",
  `travel range and within ${NEAR_MILES} mi, or based in the state); 2 = right kind (another princess for "elsa", Hero for "batman"),`,
  `or what was asked but outside their range within ${NEAR_MILES} mi; 1 = weak (bio mention only, loosely related category,`,
  `nationwide traveller further than ${NEAR_MILES} mi); 0 = wrong, too far, or adults-only (audience adults or the 18+ category) in a family search.`,
  "Topic and place: the lower grade. nDCG@5: linear gain, log2 discount, ideal from every listed performer. P@3 and recall: grade >= 2",
  "is relevant; P@3 over min(3, relevant in the data). Queries with no relevant performer in the data are left out of P@3 and recall.",
];
