import { stateName } from "./us-state-names";

// The tiles in parents' words (home page, /categories, a search that found nobody): what a parent
// asks for at a party, each a plain search through the dictionary (app/lib/data/search-dictionary.ts
// knows every query below), with its own picture (public/images/tiles, drawn by
// scripts/art/tiles.ts) and how many performers that search finds. The server
// (app/server/directory/parent-tiles.server.ts) hands the page each tile ready to show (TilesView), and
// /search/tiles the same for the place the visitor last searched, so the browser's code holds none
// of the tiles' words, searches or sentences.

export interface ParentTile {
  id: string;
  /** The tile's name, as a parent says it. */
  label: string;
  /** What the tile searches for: a phrase the dictionary knows. */
  query: string;
}

export const PARENT_TILES: readonly ParentTile[] = [
  { id: "princesses", label: "Princesses", query: "princess" },
  { id: "superheroes", label: "Superheroes", query: "superhero" },
  { id: "mascots", label: "Mascots", query: "mascot" },
  { id: "santa-holidays", label: "Santa and holidays", query: "santa and holidays" },
  { id: "pirates-mermaids", label: "Pirates and mermaids", query: "pirates and mermaids" },
  { id: "dinosaurs-animals", label: "Dinosaurs and animals", query: "dinosaurs and animals" },
  { id: "anime-cosplay", label: "Anime and cosplay", query: "anime and cosplay" },
  { id: "villains", label: "Villains", query: "villain" },
];

/** The picture widths drawn for each tile, 3:2 (scripts/art/tiles.ts); the page lets the browser choose. */
export const TILE_IMAGE_WIDTHS = [240, 480] as const;
export const TILE_IMAGE_SIZE = { width: 480, height: 320 } as const;

export function tileImage(id: string, width: (typeof TILE_IMAGE_WIDTHS)[number]): string {
  return `/images/tiles/${id}-${width}.webp`;
}

/** Counts stop here, as the search's do: past it the tile says "1,000+". */
export const TILE_COUNT_CAP = 1000;

export interface TileCount {
  id: string;
  /** Performers the tile's search finds, at most TILE_COUNT_CAP. */
  count: number;
  /** More than `count` were found. */
  atLeast: boolean;
}

/** Where the counts are taken: the place last searched in this tab, as last-search-place.ts keeps it. */
export interface TilePlace {
  zip?: string;
  city?: string;
  state?: string;
}

/** The words a search needs for the place ("32801", "Orlando FL", "Florida"), or "" for none. */
export function tilePlaceWords(place: TilePlace | null | undefined): string {
  if (!place) return "";
  if (place.zip) return place.zip;
  if (place.city && place.state) return `${place.city} ${place.state}`;
  if (place.state) return stateName(place.state);
  return "";
}

/** How a tile names the place: "Orlando, FL", "32801" (with its town when known), "Florida". */
export function tilePlaceName(place: TilePlace | null | undefined): string {
  if (!place) return "";
  if (place.city && place.state) return `${place.city}, ${place.state}`;
  if (place.zip) return place.zip;
  if (place.state) return stateName(place.state);
  return "";
}

/** The tile's search, near the place when there is one. */
export function tileHref(tile: ParentTile, place?: TilePlace | null): string {
  const q = [tile.query, tilePlaceWords(place)].filter(Boolean).join(" ");
  return `/search?${new URLSearchParams({ q }).toString()}`;
}

/** "1,000+ performers", "1 performer", "No performers yet", with "near Orlando, FL" when counted there. */
export function tileCountText(count: TileCount | undefined, placeName = ""): string {
  if (!count) return "";
  const near = placeName ? ` near ${placeName}` : "";
  if (count.count === 0) return placeName ? `None near ${placeName} yet` : "No performers yet";
  const n = `${count.count.toLocaleString("en-US")}${count.atLeast ? "+" : ""}`;
  return `${n} ${count.count === 1 && !count.atLeast ? "performer" : "performers"}${near}`;
}

/** One tile as the page shows it. */
export interface TileView extends TileCount {
  label: string;
  href: string;
  /** "12 performers near Orlando, FL" (tileCountText). */
  countText: string;
}

export interface TilesView {
  /** Where the tiles were counted ("Orlando, FL"), or null for nationwide. */
  placeName: string | null;
  tiles: TileView[];
}

/** The tiles ready to show, from their counts (in the tiles' order) and where they were taken. */
export function tilesView(counts: readonly TileCount[], place: TilePlace | null): TilesView {
  const placeName = tilePlaceName(place);
  const byId = new Map(counts.map((count) => [count.id, count]));
  return {
    placeName: placeName || null,
    tiles: PARENT_TILES.map((tile) => {
      const count = byId.get(tile.id) ?? { id: tile.id, count: 0, atLeast: false };
      return { ...count, label: tile.label, href: tileHref(tile, place), countText: tileCountText(count, placeName) };
    }),
  };
}

/** The query string /search/tiles answers for a place (only what the server checks again). */
export function tileCountsHref(place: TilePlace): string {
  const params = new URLSearchParams();
  if (place.zip) params.set("zip", place.zip);
  else {
    if (place.state) params.set("state", place.state);
    if (place.state && place.city) params.set("city", place.city);
  }
  return `/search/tiles?${params.toString()}`;
}
