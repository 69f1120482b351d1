import { Link } from "react-router";
import type { Route } from "./+types/about";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { FREE_LISTING_SPOTS, MAX_IMAGES_PER_PROFILE, NO_BOOKINGS_NOTE, PLANS } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

const PRICE = PLANS.YEARLY_MEMBERSHIP.priceUsd;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "About Us",
    description: `${site.siteName} is a US directory of costume and cosplay performers for parties, schools and conventions. Find a performer near you and contact them directly.`,
    path: "/about",
  });
}

export default function About() {
  const { siteName } = useSiteDetails();
  return (
    <StaticPage
      title={`About ${siteName}`}
      intro={
        <p>
          {siteName} helps families, schools and event planners find costume and cosplay performers near them, and helps
          performers get discovered by the people who want to book them.
        </p>
      }
      aside={
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link
            to="/browse"
            className="rounded-md bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Browse performers
          </Link>
          <Link
            to="/free-listing"
            className="rounded-md border border-brand-700 bg-white px-5 py-3 text-center font-semibold text-brand-800 hover:bg-brand-50"
          >
            Claim a free listing
          </Link>
        </div>
      }
    >
      <h2>What we are</h2>
      <p>
        {siteName} is a directory. Performers who dress up as heroes, villains, anime characters, mascots and many other
        characters each keep a profile with photos, the areas they serve, their price range and what kinds of events
        they do. You can look through performers by state, by city or by category, or search for exactly what you need.
      </p>
      <p>
        We cover the United States only: all 50 states, with the major cities in each. Every listed performer is at
        least 18 years old.
      </p>

      <h2>How it works for families and event planners</h2>
      <ol>
        <li>Find performers near you by browsing your state, picking a category, or searching.</li>
        <li>Open a profile to see photos, the characters they perform, travel range and hourly price range.</li>
        <li>Send the performer a message with the form on their profile. We pass it on to them by email.</li>
        <li>The performer replies to you directly, and the two of you agree on the details.</li>
      </ol>
      <p>
        <strong>{NO_BOOKINGS_NOTE}</strong> We don't take payments, hold deposits or sign contracts on anyone's behalf,
        so please agree on the date, price and any deposit with the performer yourself.
      </p>

      <h2>How it works for performers</h2>
      <p>
        Create an account, fill in your profile, add up to {MAX_IMAGES_PER_PROFILE} photos of yourself in costume and
        choose your categories. A listing costs ${PRICE} per year and renews automatically each year until you cancel.
        Once your listing is active, visitors can find you and send you inquiries, and you reply to them directly.
      </p>
      <p>
        We're in open beta, and the first {FREE_LISTING_SPOTS} qualified listings are free. If you'd like one,{" "}
        <Link to="/free-listing">apply for a free listing</Link>. Before you publish, please read our{" "}
        <Link to="/guidelines">listing guidelines</Link>.
      </p>

      <h2>Who we are</h2>
      <p>
        We're a small team based in Winter Haven, Florida. We built {siteName} because finding a great costumed character
        for a birthday party or school event shouldn't mean scrolling through endless social media posts. Questions or
        ideas? We'd love to hear from you on our <Link to="/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
