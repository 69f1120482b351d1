import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { pageMeta, siteFrom } from "~/lib/meta";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Contact Us",
    description: `How to reach the ${site.siteName} team in Winter Haven, Florida: support for listings and accounts, partnerships, and privacy questions.`,
    path: "/contact",
  });
}

export default function Contact() {
  const { siteName, contactEmails } = useSiteDetails();
  const mailboxes = [
    {
      id: "support",
      title: "Support",
      email: contactEmails.support,
      text: "Help with your account, listing or payment, and reports about a profile.",
    },
    {
      id: "partners",
      title: "Partnerships",
      email: contactEmails.partners,
      text: "Event venues, conventions, agencies and press who'd like to work with us.",
    },
    {
      id: "privacy",
      title: "Privacy",
      email: contactEmails.privacy,
      text: "Questions about your data, or a request to see, correct or delete it.",
    },
  ];
  return (
    <StaticPage
      title="Contact Us"
      intro={<p>We&rsquo;re a small team and we read every message. Pick the mailbox that fits and we&rsquo;ll reply as soon as we can.</p>}
    >
      <h2>Email us</h2>
      <div className="mt-6 grid gap-4">
        {mailboxes.map((box) => (
          <div
            key={box.id}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-6"
          >
            <div>
              <h3 className="mt-0!">{box.title}</h3>
              <p className="mt-1!">{box.text}</p>
            </div>
            <p className="mt-3! break-words sm:mt-0! sm:shrink-0">
              <a href={`mailto:${box.email}`}>{box.email}</a>
            </p>
          </div>
        ))}
      </div>

      <h2>Looking to book a performer?</h2>
      <p>
        Please contact the performer directly with the form on their profile. We pass your message on to them, and they
        reply to you. {siteName} doesn&rsquo;t handle bookings or payments, so we can&rsquo;t confirm dates or prices for
        performers. <Link to="/browse">Find a performer</Link>.
      </p>

      <h2>Want to be listed?</h2>
      <p>
        Read our <Link to="/guidelines">listing guidelines</Link> and <Link to="/faq">FAQ</Link>, then{" "}
        <Link to="/signup">create your account</Link>. During the open beta you can also{" "}
        <Link to="/free-listing">apply for a free listing</Link>.
      </p>

      <h2>Where we are</h2>
      <address>
        {siteName}
        <br />
        Winter Haven, Florida
        <br />
        United States
      </address>
      <p>We work online and don&rsquo;t have a walk-in office.</p>
    </StaticPage>
  );
}
