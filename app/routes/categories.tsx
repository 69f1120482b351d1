import type { Route } from "./+types/categories";
import { CategoryCards } from "~/components/directory/CategoryCards";
import { PageHeader } from "~/components/ui/PageHeader";
import { CATEGORIES } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { cachedData, routeCacheHeaders } from "~/server/http/cache-headers.server";

export function loader({ request }: Route.LoaderArgs) {
  return cachedData(request, { categories: [...CATEGORIES] });
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
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <CategoryCards categories={loaderData.categories} headingLevel={2} />
      </div>
    </>
  );
}
