import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.preview";
import { DisabledContactForm } from "~/components/preview/DisabledContactForm";
import { ListingReadiness } from "~/components/preview/ListingReadiness";
import { Gallery } from "~/components/profile/Gallery";
import { ProfileSummary } from "~/components/profile/ProfileDetails";
import { Badge } from "~/components/ui/Badge";
import { ButtonLink } from "~/components/ui/Button";
import { socialLabel, socialUrl, type SocialNetwork } from "~/lib/social";
import { pageMeta, siteFrom } from "~/lib/meta";
import { missingListingFields } from "~/lib/profile-schema";
import { requireUser } from "~/server/auth/auth.server";
import { readListingStatus } from "~/server/payments/status.server";
import { loadPreview } from "~/server/profiles/profile-editor.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireUser(context, request);
  const [profile, listing] = await Promise.all([loadPreview(context.db, actor.id), readListingStatus(context.db, actor.id)]);
  return { profile, listing, missing: profile ? missingListingFields(profile) : [] };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Preview Your Profile",
    description: "See your performer profile the way clients will.",
    path: "/dashboard/preview",
    noindex: true,
  });
}

// The spec's preview shows these three networks.
const CONNECT_NETWORKS = ["facebook", "instagram", "twitter"] as const satisfies readonly SocialNetwork[];

function BackToDashboard() {
  return (
    <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  );
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { profile, listing, missing } = loaderData;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/dashboard/preview";

  if (reloading) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-slate-700">
        Loading preview...
      </p>
    );
  }

  if (!profile) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Complete Profile First</h1>
        <p className="mt-3 text-slate-700">There is nothing to preview yet. Fill in your profile and come back to see it as clients will.</p>
        <ButtonLink to="/dashboard/edit-profile" size="lg" className="mt-6">
          Complete Your Profile
        </ButtonLink>
        <div className="mt-6">
          <BackToDashboard />
        </div>
      </div>
    );
  }

  const links = CONNECT_NETWORKS.flatMap((network) => {
    const href = socialUrl(network, profile.social[network]);
    return href ? [{ network, href }] : [];
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToDashboard />
        <Badge tone="warning" className="px-3 py-1 text-sm">
          Preview Mode
        </Badge>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        {listing.listed
          ? "This is how clients see your profile in the directory."
          : "This is how your profile will look to clients once your listing is active."}
      </p>

      <div className="mt-6">
        <ListingReadiness missing={missing} listing={listing} profileId={profile.id} />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div className="grid gap-6 md:grid-cols-2">
            <Gallery images={profile.images} name={profile.displayName ?? "Your profile"} />
            <ProfileSummary profile={profile} preview />
          </div>

          <section aria-labelledby="preview-about" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="preview-about" className="text-lg font-semibold text-slate-900">
              About
            </h2>
            {profile.bio ? (
              <p className="mt-2 whitespace-pre-line text-slate-800">{profile.bio}</p>
            ) : (
              <p className="mt-2 italic text-slate-700">Bio Required</p>
            )}
          </section>

          {links.length > 0 ? (
            <section aria-labelledby="preview-connect" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <h2 id="preview-connect" className="text-lg font-semibold text-slate-900">
                Connect
              </h2>
              <ul className="mt-3 flex flex-wrap gap-3">
                {links.map(({ network, href }) => (
                  <li key={network}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                    >
                      {socialLabel(network)}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <div className="lg:col-span-1">
          <DisabledContactForm listed={listing.listed} />
        </div>
      </div>
    </div>
  );
}
