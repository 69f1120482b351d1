import { Link } from "react-router";
import type { Route } from "./+types/category";
import { DirectoryListing } from "~/components/directory/DirectoryListing";
import { PageHeader } from "~/components/ui/PageHeader";
import { searchHref } from "~/components/search/search-href";
import { isCategory } from "~/lib/constants";
import { categoryHref, placeName } from "~/lib/directory-params";
import { pageMeta, siteFrom } from "~/lib/meta";
import { categoryBlurb } from "~/lib/category-blurbs";
import { categorySuggestions } from "~/lib/search-dictionary";
import { SAMPLE_PROFILES } from "~/lib/sample-profiles";
import { listingPageJsonLd } from "~/lib/structured-data";
import { loadDirectoryListing } from "~/server/directory-listing.server";
import { cachedData, routeCacheHeaders } from "~/server/http/cache-headers.server";

/** The router leaves an encoded slash as "%2F" inside a segment ("Anime%2FManga"). */
function categoryFromParam(value: string): string {
  return value.replace(/%2F/gi, "/");
}

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
  return cachedData(request, {
    kind: "category" as const,
    category: name,
    blurb: categoryBlurb(name),
    samples: listing.total === 0 ? SAMPLE_PROFILES : undefined,
    ...listing,
  });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

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
  const { category, blurb, filters, total, profiles, pageSize } = loaderData;
  const where = placeName(filters);
  const title = `${category} Performers${where ? ` in ${where}` : ""}`;
  const description = `${blurb} Browse ${category} costume performers${where ? ` in ${where}` : " across the United States"} and contact them directly.`;
  const path = categoryHref(category, filters);
  return pageMeta({
    ...site,
    path,
    title: filters.page > 1 ? `${title} (page ${filters.page})` : title,
    description,
    jsonLd: listingPageJsonLd({
      origin: site.origin,
      path,
      name: title,
      description,
      crumbs: [
        { name: "Home", path: "/" },
        { name: "Categories", path: "/categories" },
        { name: category, path: categoryHref(category) },
      ],
      total,
      page: filters.page,
      pageSize,
      profiles,
    }),
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Category Not Found</h1>
        <p className="mt-4 text-slate-700">
          The category &quot;{loaderData.name}&quot; does not exist. Please check the URL and try again.
        </p>
        <CategoryHints name={loaderData.name} suggestions={loaderData.suggestions} />
        <Link to="/categories" className="mt-8 inline-flex rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          View all categories
        </Link>
      </div>
    );
  }
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

/** Where an unknown category name probably meant to go: its categories, and a search for the word. */
function CategoryHints({ name, suggestions }: { name: string; suggestions: string[] }) {
  const word = name.trim();
  if (!word) return null;
  const linkClass = "font-semibold text-brand-800 underline hover:no-underline";
  return (
    <div className="mt-6 space-y-3 text-slate-700">
      {suggestions.length > 0 ? (
        <nav aria-label="Did you mean">
          <p>Did you mean:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-2">
            {suggestions.map((category) => (
              <li key={category}>
                <Link to={categoryHref(category)} className={linkClass}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to={searchHref({ q: word })} className={linkClass}>
          Search performers for &ldquo;{word}&rdquo;
        </Link>
      </p>
    </div>
  );
}
