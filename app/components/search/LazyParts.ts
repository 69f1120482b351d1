import { lazy } from "react";

// What a search that found nobody offers (NoResults, with the tiles and the alert form) is code a
// search with results never needs, so it is not in the search page's first download: it loads
// when a page has nobody to show. No Suspense boundary: the server waits for it, and hydration
// keeps the server's HTML until it arrives.
export const NoResults = lazy(() => import("./NoResults").then((m) => ({ default: m.NoResults })));

// Likewise the question a shared town name asks ("Springfield: IL · MA · MO …"): only such a search
// shows it.
export const PlaceChoices = lazy(() => import("./PlaceChoices").then((m) => ({ default: m.PlaceChoices })));
