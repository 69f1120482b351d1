import { redirect } from "react-router";

// One address per page. A plain GET form (before JavaScript, or without it) sends every field,
// empty ones too ("?q=hero&state=&city="), and the browse form sends the state as a query value
// although a state's page carries it in its path. Such an address is sent on to the page's own.

/**
 * Throws a redirect to `canonicalHref()` when the address has a blank query value, or any of
 * `pathParams` (values that belong in the path) in its query.
 */
export function redirectToCanonical(url: URL, canonicalHref: () => string, options: { pathParams?: readonly string[] } = {}): void {
  const params = url.searchParams;
  const blank = [...params.values()].some((value) => value.trim() === "");
  const misplaced = options.pathParams?.some((name) => params.has(name)) ?? false;
  if (blank || misplaced) throw redirect(canonicalHref());
}
