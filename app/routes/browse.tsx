import { data, redirect } from "react-router";
import type { Route } from "./+types/browse";
import { DirectoryListing } from "~/components/directory/DirectoryListing";
import { PageHeader } from "~/components/ui/PageHeader";
import { browseHref, placeName, type DirectoryFilters } from "~/lib/directory-params";
import { useRememberSearchPlace } from "~/lib/last-search-place";
import { pageMeta, siteFrom } from "~/lib/meta";
import { performersForPlace } from "~/lib/place-listing-view";
import { listingPageJsonLd, type Crumb } from "~/lib/structured-data";
import { stateName } from "~/lib/us-state-names";
import { findState } from "~/lib/us-states";
import { loadDirectoryListing } from "~/server/directory/directory-listing.server";
import { cachedData, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";

// Serves /browse and /browse/{stateAbbr} (route ids "browse" and "browse-state").
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pathState = "stateAbbr" in params ? params.stateAbbr : undefined;
  if (pathState !== undefined) {
    const state = findState(pathState);
    if (!state) throw data("Unknown state", { status: 404, headers: privateHeaders() });
    if (pathState !== state.abbreviation) throw redirect(`/browse/${state.abbreviation}${url.search}`, 301);
  }
  // The plain filter form sends ?state=; the canonical address carries the state in its path.
  const listing = await loadDirectoryListing(context.db, url, { pathState, href: browseHref, pathParams: ["state"], nearbyMiles: context.config?.nearbyMiles });
  // The page's structured data is built here, so its code stays off the page (JavaScript budget).
  const text = describe(listing.filters, performersForPlace(listing.total, listing.place));
  const path = browseHref(listing.filters);
  const jsonLd = listingPageJsonLd({
    origin: context.config?.publicUrl ?? "",
    path,
    name: text.title,
    description: text.description,
    crumbs: crumbs(listing.filters),
    total: listing.total,
    page: listing.filters.page,
    pageSize: listing.pageSize,
    profiles: listing.profiles,
  });
  return cachedData(request, { ...listing, jsonLd });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

function describe(filters: DirectoryFilters, total: number) {
  const where = placeName(filters);
  const kinds = filters.categories.length ? `${filters.categories.join(", ")} ` : "costume and cosplay ";
  return {
    heading: where ? `Performers in ${where}` : "Browse Performers",
    title: where ? `Costume & Cosplay Performers in ${where}` : "Browse Costume & Cosplay Performers",
    description: where
      ? `Find ${total > 0 ? `${total} ` : ""}${kinds}performers in ${where} for birthday parties, conventions, school and corporate events. Contact them directly.`
      : `Browse ${kinds}performers across the United States by state, city and category, and contact them directly for your event.`,
  };
}

function crumbs(filters: DirectoryFilters): Crumb[] {
  const list: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Browse", path: "/browse" },
  ];
  if (filters.state) list.push({ name: stateName(filters.state), path: browseHref({ state: filters.state }) });
  if (filters.state && filters.city) list.push({ name: filters.city, path: browseHref({ state: filters.state, city: filters.city }) });
  return list;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFrom(matches);
  if (!loaderData) {
    return pageMeta({ ...site, path: "/browse", title: "Page not found", description: "This page does not exist.", noindex: true });
  }
  const { filters, total, place, jsonLd } = loaderData;
  const text = describe(filters, performersForPlace(total, place));
  return pageMeta({
    ...site,
    path: browseHref(filters),
    title: filters.page > 1 ? `${text.title} (page ${filters.page})` : text.title,
    description: text.description,
    jsonLd,
  });
};

export default function Browse({ loaderData }: Route.ComponentProps) {
  const text = describe(loaderData.filters, loaderData.total);
  useRememberSearchPlace(loaderData.filters);
  return (
    <>
      <PageHeader
        title={text.heading}
        description="Filter by place, budget, who the event is for and category to find costume and cosplay performers for your event."
      />
      <DirectoryListing listing={loaderData} href={browseHref} action="/browse" stateIsPage />
    </>
  );
}
