// A state's or city's browse page, for links that carry no other filter (the profile's breadcrumbs).
// Kept apart from directory-params.ts, whose refinements a page with structured data alone (the
// list of categories) would otherwise download; the address is the one browseHref() writes.
export function placeBrowseHref(state: string, city?: string | null): string {
  const query = city ? `?${new URLSearchParams({ city }).toString()}` : "";
  return `/browse/${state}${query}`;
}
