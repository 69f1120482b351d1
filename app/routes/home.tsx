import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as rootLoader } from "~/root";
import { CategoryCards } from "~/components/directory/CategoryCards";
import { Hero } from "~/components/directory/Hero";
import { ParentTiles } from "~/components/directory/ParentTiles";
import { StateGrid } from "~/components/directory/StateGrid";
import { FreeSpotsNote } from "~/components/free-listing/FreeSpots";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import { pageMeta, siteFrom } from "~/lib/meta";
import { SAMPLE_PROFILES } from "~/lib/sample-profiles";
import { cityCountsByState } from "~/lib/us-states";
import { countPublicProfilesByState, getFeaturedProfiles } from "~/server/directory/directory.server";
import { cachedData, FRESH_CACHE_CONTROL, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { freeSpotsRemaining } from "~/server/free-listing/listings.server";
import { parentTiles } from "~/server/directory/parent-tiles.server";
import { SUBSCRIPTION_SIGN_IN_NOTICE } from "~/lib/subscription";

const HOME_CATEGORIES = ["Hero", "Villain", "Anime/Manga"];
const SUBSCRIPTION_PATH = "/dashboard/subscription";

export async function loader({ request, context }: Route.LoaderArgs) {
  const featured = await getFeaturedProfiles(context.db);
  const stateCounts = await countPublicProfilesByState(context.db);
  const freeSpotsLeft = await freeSpotsRemaining(context.db);
  // Nationwide: the page is the same for everyone; the tiles ask for counts near the visitor's
  // last searched place themselves, once in the browser.
  const tiles = await parentTiles(context.db);
  // The free spots count is live, so a shared cache keeps this page a minute instead of five: a
  // number up to a minute behind an approval is fine, and the application page checks it again.
  // The spec's path for a signed-out visitor: starting checkout asks them to sign in first, with the
  // subscription page to return to (the sign-in page offers a new account with the same return).
  // Written here so the notice's text stays out of the page's scripts.
  const signInForListing = `/signin?${new URLSearchParams({ redirectTo: SUBSCRIPTION_PATH, message: SUBSCRIPTION_SIGN_IN_NOTICE }).toString()}`;
  const page = { featured, stateCounts, cityCounts: cityCountsByState(), freeSpotsLeft, tiles, signInForListing };
  return cachedData(request, page, { cacheControl: FRESH_CACHE_CONTROL });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    path: "/",
    title: `${site.siteName} - Costume & Cosplay Performers Across the US`,
    description:
      "Find costume and cosplay performers for birthday parties, conventions and events in all 50 states. Browse heroes, villains, anime characters and mascots, and contact performers directly.",
    image: "/images/og-default.png",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.siteName,
        url: `${site.origin}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: `${site.origin}/search?q={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      },
    ],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.siteName ?? "CostumeCast";
  const signedIn = Boolean(root?.user);
  const { featured, stateCounts, cityCounts, freeSpotsLeft, tiles, signInForListing } = loaderData;
  const showingSamples = featured.length === 0;
  const cards = showingSamples ? SAMPLE_PROFILES : featured;
  return (
    <>
      <Hero siteName={siteName} />

      {/* Close under the banner on a phone, so the first tiles begin on the first screen. */}
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 sm:pt-12">
        <ParentTiles view={tiles} title="What's the party theme?" />
      </div>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Featured Performers
            </h2>
            <p className="mt-1 text-slate-700">
              {showingSamples
                ? "Our directory is just getting started. These example profiles show what a listing looks like."
                : "Recently listed performers ready for your next event."}
            </p>
          </div>
          <Link to="/browse" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline hover:no-underline">
            View all performers
          </Link>
        </div>
        <ProfileGrid label={showingSamples ? "Example profiles" : "Featured performers"}>
          {cards.map((profile) => (
            <li key={profile.id}>
              <ProfileCard profile={profile} />
            </li>
          ))}
        </ProfileGrid>
      </section>

      <section aria-labelledby="states-heading" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="states-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Browse by State
          </h2>
          <p className="mb-6 mt-1 text-slate-700">Find performers in your state and city.</p>
          <StateGrid counts={stateCounts} cityCounts={cityCounts} />
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="categories-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Popular Categories
          </h2>
          <Link to="/categories" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline hover:no-underline">
            All categories
          </Link>
        </div>
        <CategoryCards categories={HOME_CATEGORIES} />
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
              Are you a performer?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              List your costume or cosplay act for $29 a year and get inquiries from event organisers, parents and fans near you.
            </p>
            <FreeSpotsNote remaining={freeSpotsLeft} />
          </div>
          <Link
            to={signedIn ? SUBSCRIPTION_PATH : signInForListing}
            className="rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            Create Your Listing
          </Link>
        </div>
      </section>
    </>
  );
}
