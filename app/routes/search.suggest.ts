import type { Route } from "./+types/search.suggest";
import { suggest } from "~/server/search/suggest.server";

// Suggestions for the search box as a visitor types (JSON). The answer is the same for everyone,
// so a CDN may keep it for a few minutes; the box itself works without it as a plain GET form.
const SUGGEST_CACHE_CONTROL = "public, max-age=300, s-maxage=600, stale-while-revalidate=600";

export async function loader({ request, context }: Route.LoaderArgs) {
  const started = performance.now();
  const answer = await suggest(context.db, new URL(request.url).searchParams.get("q"));
  return Response.json(answer, {
    headers: {
      "Cache-Control": SUGGEST_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
      "Server-Timing": `suggest;dur=${(performance.now() - started).toFixed(1)}`,
    },
  });
}
