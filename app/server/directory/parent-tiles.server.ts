import { PARENT_TILES, TILE_COUNT_CAP, tilePlaceWords, tilesView, type TileCount, type TilePlace, type TilesView } from "~/lib/parent-tiles";
import { STATE_ABBREVIATIONS } from "~/lib/us-state-names";
import type { Executor } from "../db/client.server";
import { recalledCount, rememberCount } from "./directory.server";
import { findGazetteerCity } from "../places/gazetteer.server";
import { parseSearchInput } from "../search/query.server";
import { searchProfiles } from "../search/search.server";
import { lookupZip } from "../search/zip.server";
import { todayIso } from "./visibility.server";

// How many performers each tile in parents' words finds (app/lib/parent-tiles.ts). A tile's count
// is the search's own: the tile's words (and the place's, when counted near one) run through
// searchProfiles exactly as the link the tile leads to, so the number on the tile is the number
// on the page it opens, and the search counts no further than 1,000 ("1,000+").
//
// A tile's count is a whole search (eight for a page of tiles), and a number on a tile may lag a
// little, so a page never waits for one it has seen before: each count is remembered 30 s like the
// listing counts (rememberCount), and once that has passed the last one taken is answered at once
// while it is taken afresh in the background (one recount per count at a time). A "1,000+" is kept
// 10 minutes before it is recounted: a few performers coming or going do not change it. Only the
// first page of a process to show a count waits for it.

/** A one-card page: the count is what is wanted, and the search reads cards only for its page. */
const COUNT_PAGE_SIZE = 1;
/** How long a count past the cap is answered without recounting. */
const CAPPED_KEEP_MS = 10 * 60_000;
/** Counts kept per database for answering while they are recounted; past it the oldest half goes. */
const KEPT_LIMIT = 2000;

type SearchCount = Omit<TileCount, "id">;

interface KeptCount {
  value: SearchCount;
  /** Not recounted before this time (a capped count's longer keep). */
  recountAfter: number;
  /** The recount under way, if any. */
  recounting: Promise<void> | null;
}

const keptCounts = new WeakMap<object, Map<string, KeptCount>>();

function keptFor(db: Executor): Map<string, KeptCount> {
  let kept = keptCounts.get(db);
  if (!kept) keptCounts.set(db, (kept = new Map()));
  return kept;
}

async function takeCount(db: Executor, q: string, today: string): Promise<SearchCount> {
  const input = parseSearchInput(new URL(`/search?${new URLSearchParams({ q }).toString()}`, "http://localhost"));
  const outcome = await searchProfiles(db, input, { pageSize: COUNT_PAGE_SIZE, today });
  // A search that fell back to the closest matches (nobody matched the words, or nobody near the
  // place) found none: the tile says so rather than counting performers who are not what it names.
  // One that only added similar performers to too few near ones found what its page shows.
  const fellBack = outcome.closest && outcome.closestReason !== "few near";
  const found = outcome.unknownZip || fellBack ? 0 : outcome.total;
  return { count: Math.min(found, TILE_COUNT_CAP), atLeast: found > 0 && (outcome.totalAtLeast || found > TILE_COUNT_CAP) };
}

function keep(db: Executor, key: string, value: SearchCount): void {
  const kept = keptFor(db);
  if (kept.size >= KEPT_LIMIT) for (const old of [...kept.keys()].slice(0, KEPT_LIMIT / 2)) kept.delete(old);
  rememberCount(db, key, value);
  kept.set(key, { value, recountAfter: Date.now() + (value.atLeast ? CAPPED_KEEP_MS : 0), recounting: null });
}

/** How many performers the search for `q` finds, capped like the search's total (see above for how it is remembered). */
export async function countSearch(db: Executor, q: string, today: string = todayIso()): Promise<SearchCount> {
  const key = JSON.stringify(["search-count", today, q.toLowerCase()]);
  const remembered = recalledCount<SearchCount>(db, key);
  if (remembered) return remembered;
  const last = keptFor(db).get(key);
  if (!last) {
    const value = await takeCount(db, q, today);
    keep(db, key, value);
    return value;
  }
  if (!last.recounting && Date.now() >= last.recountAfter) {
    // Not awaited: this page shows the last count. A failed recount is tried again by the next page.
    last.recounting = takeCount(db, q, today).then(
      (value) => keep(db, key, value),
      () => {
        last.recounting = null;
      },
    );
  }
  return last.value;
}

/** Resolves once every recount under way for this database is done (tests and benchmarks). */
export async function tileRecountsDone(db: Executor): Promise<void> {
  await Promise.all([...keptFor(db).values()].map((kept) => kept.recounting));
}

/** Every tile's count, nationwide or near the place; in the tiles' order. */
export async function parentTileCounts(db: Executor, place: TilePlace | null = null, today: string = todayIso()): Promise<TileCount[]> {
  const placeWords = tilePlaceWords(place);
  const counts: TileCount[] = [];
  // One after another: eight searches side by side would hold eight pooled connections for one page.
  for (const tile of PARENT_TILES) {
    const q = placeWords ? `${tile.query} ${placeWords}` : tile.query;
    const { count, atLeast } = await countSearch(db, q, today);
    counts.push({ id: tile.id, count, atLeast });
  }
  return counts;
}

/** The tiles ready to show, counted nationwide or near the place. */
export async function parentTiles(db: Executor, place: TilePlace | null = null, today: string = todayIso()): Promise<TilesView> {
  return tilesView(await parentTileCounts(db, place, today), place);
}

/**
 * The place a visitor's browser asked counts for (/search/tiles), as the site knows it: a ZIP code
 * the ZIP table has, a state, or a city the gazetteer has in that state. Anything else is null,
 * so a made-up place costs no search.
 */
export function readTilePlace(params: URLSearchParams): TilePlace | null {
  const zip = params.get("zip")?.trim() ?? "";
  if (zip) {
    const found = /^\d{5}$/.test(zip) ? lookupZip(zip) : undefined;
    return found && found.country === "US" ? { zip, city: found.city, state: found.state } : null;
  }
  const state = params.get("state")?.trim().toUpperCase() ?? "";
  if (!(STATE_ABBREVIATIONS as string[]).includes(state)) return null;
  const cityParam = params.get("city")?.trim() ?? "";
  if (!cityParam) return { state };
  const city = findGazetteerCity(state, cityParam);
  return city ? { city: city.name, state } : null;
}
