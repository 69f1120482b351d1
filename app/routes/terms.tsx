import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { FREE_LISTING_SPOTS, LEGAL_LAST_UPDATED, NO_BOOKINGS_NOTE, PLANS } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

const PRICE = PLANS.YEARLY_MEMBERSHIP.priceUsd;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Terms of Service",
    description: `The terms for using ${site.siteName}: a directory only, performers 18 and over in the US, the $${PRICE} yearly listing, content rules and how bookings work.`,
    path: "/terms",
  });
}

export default function Terms() {
  const { siteName, contactEmails } = useSiteDetails();
  return (
    <StaticPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          These terms explain how {siteName} works and what we expect from everyone who uses it. By using the site you
          agree to them. We&rsquo;ve tried to keep them short and in plain English.
        </p>
      }
    >
      <h2>1. What {siteName} is</h2>
      <p>
        {siteName} is an online directory where costume and cosplay performers publish profiles, and where visitors can
        find them and send them inquiries. We are a directory only. We are not an agency, we don&rsquo;t employ or
        represent performers, and we are not a party to any agreement between a performer and a client.
      </p>

      <h2>2. Bookings and payments</h2>
      <p>
        <strong>{NO_BOOKINGS_NOTE}</strong> Any booking, price, deposit, cancellation or refund for a performance is
        agreed between the client and the performer. We don&rsquo;t guarantee any performer&rsquo;s availability,
        quality, conduct or identity, and we aren&rsquo;t responsible for what happens at an event. Clients should ask
        questions, check references and get the details in writing before booking.
      </p>

      <h2>3. Who may list</h2>
      <ul>
        <li>Performers must be at least 18 years old.</li>
        <li>Performers must live and perform in the United States.</li>
        <li>You must give accurate information and keep your profile up to date.</li>
        <li>You are responsible for keeping your password safe and for everything done with your account.</li>
      </ul>

      <h2>4. Listing content</h2>
      <p>
        Everything you publish must follow our <Link to="/guidelines">listing guidelines</Link>. In short: no trademarked
        character names, no official promotional images, family-friendly content only, and only original images that you
        own or have permission to use. You keep ownership of your photos and text. By publishing them you allow us to
        show them on {siteName} and in links to your profile, for as long as your listing is on the site.
      </p>
      <p>
        We may edit, hide or remove content, or deactivate a listing, if it breaks these terms or the guidelines, or if we
        receive a credible complaint about it.
      </p>

      <h2>5. Listing fee</h2>
      <ul>
        <li>
          A listing costs ${PRICE} per year, paid by card through our payment provider. It stays live for 12 months from
          payment.
        </li>
        <li>Your listing renews automatically every year at the same price until you cancel. We email you beforehand.</li>
        <li>
          You can cancel at any time. Your listing then stays active until the end of the period you&rsquo;ve paid for.
        </li>
        <li>
          The fee is non-refundable. We don&rsquo;t give refunds for partial periods, or for listings removed because
          they broke these terms.
        </li>
        <li>
          During our open beta, the first {FREE_LISTING_SPOTS} qualified listings are free. Applications are reviewed by
          our team, and we decide which ones qualify.
        </li>
      </ul>

      <h2>6. Inquiries</h2>
      <p>
        Messages sent through a performer&rsquo;s contact form are stored and forwarded to the performer by email. Use the
        form only for genuine inquiries about events. Spam, harassment, advertising and attempts to collect personal
        information are not allowed.
      </p>

      <h2>7. Acceptable use</h2>
      <p>
        Don&rsquo;t misuse the site: no impersonating others, no automated scraping or bulk messaging, no attempts to
        break into accounts or disrupt the service, and nothing illegal. We may suspend accounts that do.
      </p>

      <h2>8. Our service</h2>
      <p>
        We work hard to keep {siteName} running and accurate, but we provide it &ldquo;as is&rdquo;, without guarantees
        that it will always be available or error-free. To the extent the law allows, we aren&rsquo;t liable for indirect
        losses, or for anything arising from dealings between clients and performers. Our total liability to a performer
        is limited to the listing fees they paid us in the last 12 months.
      </p>

      <h2>9. Changes</h2>
      <p>
        We may update these terms as the service grows. When we do, we&rsquo;ll change the date at the top of this page,
        and for important changes we&rsquo;ll tell performers by email. Continuing to use the site means you accept the
        updated terms.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms? Email <a href={`mailto:${contactEmails.support}`}>{contactEmails.support}</a> or
        visit our <Link to="/contact">contact page</Link>. How we handle personal information is described in our{" "}
        <Link to="/privacy">privacy policy</Link>.
      </p>
    </StaticPage>
  );
}
