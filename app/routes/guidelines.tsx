import { Link } from "react-router";
import type { Route } from "./+types/guidelines";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { MAX_IMAGES_PER_PROFILE } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    ...siteFrom(matches),
    title: "Listing Guidelines",
    description:
      "The rules every performer listing follows: no trademarked character names, no official promotional images, family-friendly content, your own original photos, 18 or older, US only.",
    path: "/guidelines",
  });
}

export default function Guidelines() {
  const { siteName, contactEmails } = useSiteDetails();
  return (
    <StaticPage
      title="Listing Guidelines"
      intro={
        <p>
          These rules keep {siteName} safe, friendly and fair for performers and the families who book them. Every
          listing must follow them.
        </p>
      }
    >
      <h2>The rules at a glance</h2>
      <ul>
        <li>
          <strong>No trademarked character names.</strong> Describe your characters instead of naming them.
        </li>
        <li>
          <strong>No official promotional images.</strong> No movie stills, studio artwork, posters or screenshots.
        </li>
        <li>
          <strong>Family-friendly content.</strong> Your photos and text must be suitable for all ages.
        </li>
        <li>
          <strong>Your own original images.</strong> Only photos of you that you took or have permission to use.
        </li>
        <li>
          <strong>You must be at least 18 years old.</strong>
        </li>
        <li>
          <strong>US only.</strong> You must live and perform in the United States.
        </li>
      </ul>

      <h2>Character names</h2>
      <p>
        Many famous characters are trademarks owned by studios and publishers. Please don't use their names in your
        display name, bio or anywhere else on your profile. Describe the character in your own words instead, for
        example &ldquo;web-swinging hero&rdquo;, &ldquo;ice princess&rdquo; or &ldquo;space knight with a glowing
        sword&rdquo;. Families will know who you mean.
      </p>

      <h2>Photos</h2>
      <ul>
        <li>You can upload up to {MAX_IMAGES_PER_PROFILE} photos. The first one is your main profile picture.</li>
        <li>Use JPG, PNG or WEBP files of up to 5 MB each.</li>
        <li>
          Every photo must be an original picture of you in costume, taken by you or by someone who gave you permission
          to use it.
        </li>
        <li>No official promotional images, film or TV stills, game screenshots, fan art by others or stock photos.</li>
        <li>Clear, well-lit photos of your full costume work best. We recommend at least 2 or 3.</li>
        <li>
          We remove hidden information such as location data from every photo you upload, so your home address can&rsquo;t
          be read from your pictures.
        </li>
      </ul>

      <h2>Family-friendly content</h2>
      <p>
        Parents and schools use {siteName} to find entertainers for children. Your photos, bio and any links must be
        suitable for all ages: no nudity, sexual content, graphic violence, hateful language or anything you
        wouldn&rsquo;t show at a child&rsquo;s birthday party. This applies even if you also perform at adult-only
        events.
      </p>

      <h2>Who can list</h2>
      <ul>
        <li>You must be at least 18 years old.</li>
        <li>You must live in and perform in the United States. We list all 50 states.</li>
        <li>The profile must describe you (or the crew you perform with) and be kept accurate and up to date.</li>
      </ul>

      <h2>Being honest with clients</h2>
      <ul>
        <li>Show the price range you actually charge, and say what it includes.</li>
        <li>Only list categories and characters you really perform.</li>
        <li>Reply to inquiries promptly, even if it&rsquo;s to say you aren&rsquo;t available.</li>
        <li>
          Bookings and payments happen directly between you and your client. Agree on the details in writing before the
          event.
        </li>
      </ul>
      <p>
        For practical advice on pricing, aliases and staying safe, read our <Link to="/safety-first">Safety First</Link>{" "}
        guide after you sign in.
      </p>

      <h2>If a listing breaks the rules</h2>
      <p>
        We review listings and may ask you to change your profile, or we may deactivate a listing that breaks these
        rules. Listing fees aren&rsquo;t refunded when a listing is removed for breaking the rules.
      </p>
      <p>
        Seen a profile that doesn&rsquo;t follow these guidelines? Email{" "}
        <a href={`mailto:${contactEmails.support}`}>{contactEmails.support}</a> with a link to the profile and a short
        note about the problem. We look into every report.
      </p>
    </StaticPage>
  );
}
