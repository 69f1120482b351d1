import { lazy } from "react";
import type { Route } from "./+types/category";
import { DirectoryListing } from "~/components/directory/DirectoryListing";
import { PageHeader } from "~/components/ui/PageHeader";
import { isCategory } from "~/lib/constants";
import { categoryHref, placeName, type DirectoryFilters } from "~/lib/directory-params";
import { pageMeta, siteFrom } from "~/lib/meta";
import { categoryBlurb } from "~/lib/category-blurbs";
import { categorySuggestions } from "~/lib/search-dictionary";
import { SAMPLE_PROFILES } from "~/lib/sample-profiles";
import { listingPageJsonLd } from "~/lib/structured-data";
import { loadDirectoryListing } from "~/server/directory/directory-listing.server";
import { cachedData, routeCacheHeaders } from "~/server/http/cache-headers.server";

/** The router leaves an encoded slash as "%2F" inside a segment ("Anime%2FManga"). */
function categoryFromParam(value: string): string {
  return value.replace(/%2F/gi, "/");
}

// An unknown category's page and its hints: code only such a page needs (loaded on demand, the
// server waiting for it, as ProfileNotFound on the profile page).
const CategoryNotFound = lazy(() => import("~/components/directory/CategoryNotFound").then((m) => ({ default: m.CategoryNotFound })));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const name = categoryFromParam(params.categoryName);
  if (!isCategory(name)) {
    // "Did you mean": the categories the word belongs to, from the dictionary ("Princess" is Fantasy).
    return cachedData(request, { kind: "not-found" as const, name, suggestions: categorySuggestions(name) }, { status: 404 });
  }
  const listing = await loadDirectoryListing(context.db, new URL(request.url), {
    fixedCategory: name,
    href: (filters) => categoryHref(name, filters),
    nearbyMiles: context.config?.nearbyMiles,
  });
  // The blurb and the example cards come with the data, so the page's code carries neither: the
  // examples only for a category with no performers yet, the one case they show.
  const blurb = categoryBlurb(name);
  const text = seoText(name, blurb, listing.filters);
  // The page's structured data is built here, so its code stays off the page (JavaScript budget).
  const jsonLd = listingPageJsonLd({
    origin: context.config?.publicUrl ?? "",
    path: text.path,
    name: text.title,
    description: text.description,
    crumbs: [
      { name: "Home", path: "/" },
      { name: "Categories", path: "/categories" },
      { name, path: categoryHref(name) },
    ],
    total: listing.total,
    page: listing.filters.page,
    pageSize: listing.pageSize,
    profiles: listing.profiles,
  });
  return cachedData(request, {
    kind: "category" as const,
    category: name,
    blurb,
    samples: listing.total === 0 ? SAMPLE_PROFILES : undefined,
    ...listing,
    jsonLd,
  });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

function seoText(category: string, blurb: string, filters: DirectoryFilters) {
  const where = placeName(filters);
  return {
    title: `${category} Performers${where ? ` in ${where}` : ""}`,
    description: `${blurb} Browse ${category} costume performers${where ? ` in ${where}` : " across the United States"} and contact them directly.`,
    path: categoryHref(category, filters),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = siteFrom(matches);
  if (!loaderData || loaderData.kind === "not-found") {
    return pageMeta({
      ...site,
      path: location.pathname,
      title: "Category Not Found",
      description: "This performer category does not exist.",
      noindex: true,
    });
  }
  const { category, blurb, filters, jsonLd } = loaderData;
  const { title, description, path } = seoText(category, blurb, filters);
  return pageMeta({ ...site, path, title: filters.page > 1 ? `${title} (page ${filters.page})` : title, description, jsonLd });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <CategoryNotFound name={loaderData.name} suggestions={loaderData.suggestions} />;
  const { category, blurb, filters, samples } = loaderData;
  const where = placeName(filters);
  return (
    <>
      <PageHeader title={`${category} Performers${where ? ` in ${where}` : ""}`} description={blurb} />
      <DirectoryListing
        listing={loaderData}
        href={(next) => categoryHref(category, next)}
        action={categoryHref(category)}
        fixedCategory={category}
        samples={samples}
      />
    </>
  );
}
