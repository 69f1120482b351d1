import type { Route } from "./+types/places.cities";
import type { StateCitiesAnswer } from "~/lib/city-names";
import { findState } from "~/lib/us-states";
import { gazetteerCitiesOf, largerCityNames } from "~/server/places/gazetteer.server";

// Every city of one state (JSON), for the profile editor's city box: fetched once when a state is
// chosen, then matched in the browser as the performer types, so no keystroke waits for a phone's
// round trip. Measured as sent (gzip): Texas's 1,475 names 6.7 kB, Pennsylvania's 1,814 (the most)
// 8.4 kB; about 2 ms of server time once the gazetteer is built. The answer changes only with the
// data, which ships with the code, so browsers and a CDN may keep it for a day.
const CITIES_CACHE_CONTROL = "public, max-age=86400, s-maxage=86400, stale-while-revalidate=604800";

export function loader({ request }: Route.LoaderArgs) {
  const started = performance.now();
  const state = findState(new URL(request.url).searchParams.get("state"));
  if (!state) {
    return Response.json({ error: "Unknown state" }, { status: 400, headers: { "Cache-Control": "public, max-age=3600", "X-Robots-Tag": "noindex" } });
  }
  const cities = gazetteerCitiesOf(state.abbreviation);
  const answer: StateCitiesAnswer = {
    state: state.abbreviation,
    cities: cities.map((city) => city.name),
    larger: largerCityNames(state.abbreviation),
  };
  return Response.json(answer, {
    headers: {
      "Cache-Control": CITIES_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
      "Server-Timing": `cities;dur=${(performance.now() - started).toFixed(1)}`,
    },
  });
}
