import { Fragment } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { FREE_LISTING_SPOTS, MAX_IMAGES_PER_PROFILE, PLANS } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { QUICK_REPLY_HOURS, QUICK_REPLY_RATE, REPLY_GRACE_HOURS, REPLY_MIN_INQUIRIES, REPLY_WINDOW_DAYS } from "~/lib/reply-figures";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

const PRICE = PLANS.YEARLY_MEMBERSHIP.priceUsd;

interface Question {
  q: string;
  a: string;
  link?: { to: string; label: string };
}

// Plain-text answers: the same words feed the page and the FAQPage structured data for search engines.
function faqGroups(siteName: string): { id: string; title: string; questions: Question[] }[] {
  return [
    {
      id: "visitors",
      title: "For families and event planners",
      questions: [
        {
          q: `What is ${siteName}?`,
          a: `${siteName} is a directory of costume and cosplay performers in the United States. You can find performers by state, city or category, look at their photos and prices, and contact them about your event.`,
          link: { to: "/about", label: "More about us" },
        },
        {
          q: "How do I contact a performer?",
          a: "Open the performer's profile and fill in the contact form with your event details. We send your message to the performer by email, and they reply to you directly at the email address you give.",
        },
        {
          q: "How do I pay a performer?",
          a: "Payments are between you and the performer. This site does not process payments or bookings, so please agree on the price, any deposit and how to pay directly with the performer before your event.",
        },
        {
          q: "Do I need an account to find or contact a performer?",
          a: "No. Anyone can browse, search and send an inquiry. Accounts are only for performers who manage a listing.",
        },
        {
          q: 'What do "Usually replies within …" and "Quick to reply" mean?',
          a: `They come from how the performer answered the inquiries sent to them through ${siteName} in the last ${REPLY_WINDOW_DAYS} days. An inquiry counts as answered when the performer replied, said they are booked, or told us they answered by email, phone or text. "Usually replies within" is the middle time from an inquiry arriving to its first answer: half were answered sooner, half later. The percentage is the share of those inquiries answered at all; one still waiting counts only after ${REPLY_GRACE_HOURS} hours. We show the figures once a performer has had at least ${REPLY_MIN_INQUIRIES} inquiries, and the "Quick to reply" badge when the middle time is under ${QUICK_REPLY_HOURS} hours and at least ${QUICK_REPLY_RATE}% were answered. In search results sorted by best match, a performer with the badge moves one place ahead of an equally good match nearby; how well they match what you searched for and how near they are still come first.`,
        },
        {
          q: "Are the performers checked by you?",
          a: "Performers agree to our listing guidelines, must be at least 18 and must live in the US. We don't run background checks or vouch for anyone, so ask questions, check references and agree on everything in writing before you book.",
          link: { to: "/guidelines", label: "Read the listing guidelines" },
        },
        {
          q: "Which areas do you cover?",
          a: "All 50 US states. Each performer shows the city they are based in and how far they are willing to travel.",
          link: { to: "/browse", label: "Browse by state" },
        },
        {
          q: "How do I report a profile?",
          a: "If a profile looks wrong, unsafe or breaks our guidelines, email our support team with a link to the profile and a short note about the problem. We look into every report.",
          link: { to: "/contact", label: "Contact us" },
        },
      ],
    },
    {
      id: "performers",
      title: "For performers",
      questions: [
        {
          q: "How much does a listing cost?",
          a: `A listing costs $${PRICE} per year. It renews automatically every year, so your profile stays visible without any gaps, and we email you a reminder before it renews.`,
        },
        {
          q: "Is there a free option?",
          a: `Yes, while we're in open beta the first ${FREE_LISTING_SPOTS} qualified listings are free. Apply on the free listing page and we'll get back to you within 1-2 business days.`,
          link: { to: "/free-listing", label: "Apply for a free listing" },
        },
        {
          q: "What happens if I cancel?",
          a: "You can cancel at any time from your dashboard. Your listing stays active until the end of the year you've paid for and then stops renewing. The fee is non-refundable, and we don't give refunds for partial periods.",
        },
        {
          q: "How do I get listed?",
          a: `Create an account, complete your profile (display name, bio, state, city and at least one category), add up to ${MAX_IMAGES_PER_PROFILE} photos, then activate your listing. You can preview your profile before it goes live.`,
          link: { to: "/signup", label: "Create an account" },
        },
        {
          q: "What photos can I use?",
          a: `Up to ${MAX_IMAGES_PER_PROFILE} original photos of you in costume, in JPG, PNG or WEBP format, up to 5 MB each. No official promotional images, screenshots or pictures taken by others without permission.`,
          link: { to: "/guidelines", label: "Read the listing guidelines" },
        },
        {
          q: "Can I use a character's official name?",
          a: "No. Trademarked character names aren't allowed anywhere on your profile. Describe your characters in your own words instead.",
        },
        {
          q: "Will visitors see my email address?",
          a: "No. Your contact email stays private. Visitors send inquiries through the form on your profile and we forward them to you by email. You decide whether and how to reply. When you reply from your dashboard, the parent you answer sees your email address, so they can write back to you.",
        },
        {
          q: "Who can list?",
          a: "Performers who are at least 18 years old and live and perform in the United States.",
        },
      ],
    },
  ];
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  const questions = faqGroups(site.siteName).flatMap((group) => group.questions);
  return pageMeta({
    ...site,
    title: "Frequently Asked Questions",
    description: `Answers for families and performers: contacting performers, payments, the $${PRICE} yearly listing, cancelling, the free open beta and reporting a profile.`,
    path: "/faq",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: questions.map((item) => ({
          "@type": "Question",
          name: item.q,
          acceptedAnswer: { "@type": "Answer", text: item.a },
        })),
      },
    ],
  });
}

export default function Faq() {
  const { siteName } = useSiteDetails();
  const groups = faqGroups(siteName);
  return (
    <StaticPage
      title="Frequently Asked Questions"
      intro={
        <>
          <p>Quick answers for the people who book performers and for the performers themselves.</p>
          <ul className="mt-4 flex flex-wrap gap-3 text-base">
            {groups.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="inline-block rounded-full border border-brand-200 bg-brand-50 px-4 py-1.5 font-medium text-brand-800 hover:bg-brand-100"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </>
      }
    >
      {groups.map((group) => (
        <Fragment key={group.id}>
          <h2 id={group.id}>{group.title}</h2>
          {group.questions.map((item) => (
            <div key={item.q}>
              <h3>{item.q}</h3>
              <p>{item.a}</p>
              {item.link ? (
                <p>
                  <Link to={item.link.to}>{item.link.label}</Link>
                </p>
              ) : null}
            </div>
          ))}
        </Fragment>
      ))}
      <h2>Still have a question?</h2>
      <p>
        We&rsquo;re happy to help. Get in touch through our <Link to="/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
