import type { Route } from "./+types/categories";
import { CategoryCards } from "~/components/directory/CategoryCards";
import { ParentTiles } from "~/components/directory/ParentTiles";
import { PageHeader } from "~/components/ui/PageHeader";
import { CATEGORIES } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { cachedData, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { parentTiles } from "~/server/directory/parent-tiles.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The tiles in parents' words come first, counted nationwide (near the last searched place once in the browser).
  const tiles = await parentTiles(context.db);
  return cachedData(request, { categories: [...CATEGORIES], tiles });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

const TITLE = "Performer Categories";
const DESCRIPTION =
  "Browse costume and cosplay performers by category: heroes, villains, anime and manga characters, mascots, fantasy and more.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    path: "/categories",
    title: TITLE,
    description: DESCRIPTION,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: TITLE,
        description: DESCRIPTION,
        url: `${site.origin}/categories`,
      },
      breadcrumbJsonLd(site.origin, [
        { name: "Home", path: "/" },
        { name: "Categories", path: "/categories" },
      ]),
    ],
  });
};

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Browse by Category" description="Pick a style of performance to see the performers who offer it." />
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6">
        <ParentTiles view={loaderData.tiles} title="Popular party themes" eagerImages={2} />
        <section aria-labelledby="all-categories-heading">
          <h2 id="all-categories-heading" className="mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            All categories
          </h2>
          <CategoryCards categories={loaderData.categories} headingLevel={3} />
        </section>
      </div>
    </>
  );
}
