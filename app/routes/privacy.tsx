import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { StaticPage } from "~/components/static/StaticPage";
import { useSiteDetails } from "~/components/static/site";
import { LEGAL_LAST_UPDATED } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { routeCacheHeaders, staticPageLoader } from "~/server/http/cache-headers.server";

export const loader = staticPageLoader;
export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Privacy Policy",
    description: `What ${site.siteName} collects, why, and how long we keep it: account email, your profile, inquiries relayed by email, photos with location data removed, and cookies only for sign-in.`,
    path: "/privacy",
  });
}

export default function Privacy() {
  const { siteName, contactEmails } = useSiteDetails();
  const privacyMail = <a href={`mailto:${contactEmails.privacy}`}>{contactEmails.privacy}</a>;
  return (
    <StaticPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          We collect as little as we can, use it only to run {siteName}, and never sell it. Here is exactly what we keep
          and why.
        </p>
      }
    >
      <h2>What we collect</h2>
      <h3>If you visit or send an inquiry</h3>
      <ul>
        <li>
          <strong>Inquiries.</strong> When you use a performer&rsquo;s contact form we store what you enter (your name,
          email, phone number, city, state, ZIP code, event types and message) and forward it to that performer by email,
          so they can reply to you. We keep that copy, and our team may read it to stop spam, scams and abuse and to keep
          the site safe for families and performers.
        </li>
        <li>
          <strong>Free listing applications.</strong> If you apply for a free listing, we keep the details you send so
          our team can review them.
        </li>
        <li>
          <strong>Technical logs.</strong> Our servers keep short-lived records of requests (such as the page asked for
          and whether it worked) to keep the site secure and running.
        </li>
      </ul>

      <h3>If you are a performer with an account</h3>
      <ul>
        <li>
          <strong>Account details.</strong> Your email address and your password, which we store only in scrambled
          (hashed) form.
        </li>
        <li>
          <strong>Your profile.</strong> The display name, bio, location, prices, categories, social media handles,
          travel and performance details and photos you choose to publish. This information is public once your listing
          is active.
        </li>
        <li>
          <strong>Your contact email.</strong> The address where inquiries are sent. It is never shown to visitors.
        </li>
        <li>
          <strong>Photos.</strong> When you upload a photo we remove its hidden metadata, including any GPS location and
          camera details, before storing it.
        </li>
        <li>
          <strong>Payment status.</strong> Listing fees are handled by a card payment provider. We never see or store
          your card number; we only keep whether your listing is paid and when it renews.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To show performer profiles in the directory and in search results.</li>
        <li>To deliver inquiries to performers, and to send account emails such as password resets and renewal reminders.</li>
        <li>To review free listing applications and keep listings within our guidelines.</li>
        <li>To protect the site against spam and abuse.</li>
      </ul>
      <p>
        We don&rsquo;t sell or rent personal information, and we don&rsquo;t use it for advertising. We share it only with
        the services that help us run {siteName} (hosting, email delivery and card payments), and only as far as they need
        it to do that job, or when the law requires it.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        We use cookies only to keep you signed in and to carry a one-time status message (such as &ldquo;Signed in
        successfully!&rdquo;) from one page to the next. We don&rsquo;t use advertising or tracking cookies. Your browser
        also remembers, in its local storage, that you&rsquo;ve closed our welcome message, so we don&rsquo;t show it
        again.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account and profile information is kept while your account exists. Inquiries are kept so performers can find
        them in their dashboard until they delete them. When your account is deleted, we delete your profile, photos,
        inquiries, free-listing applications and sign-in at once, and cancel a running subscription; a copy of the
        confirmation email we send you is kept for 30 days. Our payment provider keeps its own payment records as the
        law requires.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>You can view and edit your profile at any time from your dashboard.</li>
        <li>You can delete inquiries from your dashboard.</li>
        <li>You can ask us for a copy of your information or to correct it.</li>
      </ul>

      <h3 id="delete-account">Deleting your account</h3>
      <p>
        You can delete your account yourself: sign in, open your <Link to="/dashboard">dashboard</Link>, choose{" "}
        <strong>Delete account</strong> at the bottom of the page (or go straight to{" "}
        <Link to="/dashboard/delete-account">Delete Account</Link>), type <strong>DELETE</strong> in the box, enter your password and press{" "}
        <strong>Delete my account</strong>. Your profile leaves the directory at once; your photos, the inquiries sent to
        you, your sign-in and any free-listing application are deleted; a running Yearly Membership is cancelled so you
        are not charged again (payments already made are not refunded); and we email you a confirmation. It cannot be
        undone.
      </p>
      <p>For anything else, or if you can no longer sign in, email {privacyMail} from the address on your account.</p>

      <h2>Children</h2>
      <p>
        {siteName} is meant for adults. Performers must be at least 18, and we don&rsquo;t knowingly collect information
        from children under 13. If you believe a child has sent us personal information, please contact us and we will
        delete it.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy we&rsquo;ll update the date at the top of the page, and we&rsquo;ll email performers
        about important changes.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about your privacy? Email {privacyMail}. Our general contact details are on the{" "}
        <Link to="/contact">contact page</Link>.
      </p>
    </StaticPage>
  );
}
