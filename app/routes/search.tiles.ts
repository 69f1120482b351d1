import type { Route } from "./+types/search.tiles";
import { parentTiles, readTilePlace } from "~/server/directory/parent-tiles.server";

// The tiles' counts near one place (JSON), for a browser that remembers the place its visitor last
// searched (app/lib/last-search-place.ts keeps it in the tab, never in a cookie). The pages with
// tiles stay the same for everyone, and so cacheable; each asks this after hydration, and the
// answer is the same for everyone asking about that place, so a CDN may keep it a few minutes.
const TILE_COUNTS_CACHE_CONTROL = "public, max-age=120, s-maxage=300, stale-while-revalidate=600";

export async function loader({ request, context }: Route.LoaderArgs) {
  const started = performance.now();
  const place = readTilePlace(new URL(request.url).searchParams);
  const headers = { "Cache-Control": TILE_COUNTS_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
  // A place the site does not know is answered without a search: the page keeps its nationwide counts.
  if (!place) return Response.json({ placeName: null, tiles: [] }, { status: 404, headers });
  return Response.json(
    await parentTiles(context.db, place),
    { headers: { ...headers, "Server-Timing": `tiles;dur=${(performance.now() - started).toFixed(1)}` } },
  );
}
