import { writeRefinements, type ListingRefinements } from "~/lib/listing-refinements";

// The search page's address for a query and its filters; empty values and default refinements are
// left out so links stay short (and the loader redirects to this form of any address).

export interface SearchLinkInput {
  q?: string | null;
  state?: string | null;
  city?: string | null;
  category?: string | null;
  page?: number | null;
  /** Budget, distance, audience, solo or group and sort (~/lib/listing-refinements). */
  refinements?: Partial<ListingRefinements> | null;
}

export function searchHref(input: SearchLinkInput): string {
  const params = new URLSearchParams();
  const q = input.q?.trim();
  if (q) params.set("q", q);
  if (input.state) params.set("state", input.state);
  if (input.state && input.city) params.set("city", input.city);
  if (input.category) params.set("category", input.category);
  if (input.refinements) writeRefinements(params, input.refinements);
  if (input.page && input.page > 1) params.set("page", String(input.page));
  const text = params.toString();
  return text ? `/search?${text}` : "/search";
}
