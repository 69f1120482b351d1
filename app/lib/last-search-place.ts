import { useEffect } from "react";
import { hasControlCharacter } from "./form";
import type { SearchPlace } from "./search-view";
import { STATE_ABBREVIATIONS } from "./us-state-names";

// The place a visitor last searched or browsed (city, state, ZIP code), kept for this tab only
// (sessionStorage: no cookie, nothing sent to the server), so the inquiry form can fill in where
// the event is. Storage can be missing or refuse (private modes, quotas): then nothing is kept.

export interface SearchedPlace {
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

const STORAGE_KEY = "costumecast:last-search-place";

/** Only values the inquiry form would accept as they are; anything else is dropped. */
function clean(place: SearchedPlace): { city?: string; state?: string; zip?: string } {
  const city = typeof place.city === "string" ? place.city.trim() : "";
  const state = typeof place.state === "string" ? place.state.trim().toUpperCase() : "";
  const zip = typeof place.zip === "string" ? place.zip.trim() : "";
  return {
    ...(city && city.length <= 100 && !hasControlCharacter(city) ? { city } : {}),
    ...((STATE_ABBREVIATIONS as string[]).includes(state) ? { state } : {}),
    ...(/^\d{5}$/.test(zip) ? { zip } : {}),
  };
}

/** Remembers the place of a search; one that names no place leaves the last one as it was. */
export function rememberSearchPlace(place: SearchedPlace): void {
  const kept = clean(place);
  if (!kept.city && !kept.state && !kept.zip) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // No storage: the form is simply not filled in.
  }
}

/** The place last remembered in this tab, or null. */
export function readSearchPlace(): { city?: string; state?: string; zip?: string } | null {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== "object" || parsed === null) return null;
    const place = clean(parsed as SearchedPlace);
    return place.city || place.state || place.zip ? place : null;
  } catch {
    return null;
  }
}

/** For search and browse pages: remembers the place the page shows, once it is in the browser. */
export function useRememberSearchPlace(place: SearchedPlace | null | undefined): void {
  const city = place?.city ?? null;
  const state = place?.state ?? null;
  const zip = place?.zip ?? null;
  useEffect(() => {
    rememberSearchPlace({ city, state, zip });
  }, [city, state, zip]);
}

/**
 * The place a /search page searched: a ZIP code (with its city and state), a city or a state named
 * in the words, or else the state and city filters.
 */
export function searchedPlace(
  results: { zip: { code: string; city: string; state: string } | null; place: SearchPlace | null },
  input: { state: string | null; city: string | null },
): SearchedPlace {
  if (results.zip) return { zip: results.zip.code, city: results.zip.city, state: results.zip.state };
  if (results.place?.kind === "city") return { city: results.place.city, state: results.place.state };
  if (results.place?.kind === "state") return { state: results.place.state };
  return { city: input.city, state: input.state };
}
