import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.preview";
import { ListingReadiness } from "~/components/preview/ListingReadiness";
import { ProfileBody } from "~/components/profile/ProfileBody";
import { Badge } from "~/components/ui/Badge";
import { ButtonLink } from "~/components/ui/Button";
import { pageMeta, siteFrom } from "~/lib/meta";
import { missingListingFields } from "~/lib/profile-schema";
import { requireUser } from "~/server/auth/auth.server";
import { getProfilePreview } from "~/server/directory/directory.server";
import { readListingStatus } from "~/server/payments/status.server";
import { hasReviewSection, reviewsPage } from "~/server/reviews/public.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireUser(context, request);
  // The public profile's own read, whatever the listing's state, so the preview shows what visitors get.
  const [preview, listing] = await Promise.all([getProfilePreview(context.db, actor.id), readListingStatus(context.db, actor.id)]);
  const profile = preview?.profile ?? null;
  // The first page of its verified reviews, as the public profile shows them.
  const reviews = profile ? await reviewsPage(context.db, profile.id, context.config.siteName, 1, profile.reviewFigures?.count) : null;
  return {
    profile,
    listing,
    missing: profile ? missingListingFields(profile) : [],
    reviews: profile && reviews && hasReviewSection(profile, reviews) ? reviews : null,
  };
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

function BackToDashboard() {
  return (
    <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  );
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { profile, listing, missing, reviews } = loaderData;
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

  return (
    <ProfileBody
      profile={profile}
      mode={{ kind: "preview", listed: listing.listed }}
      reviews={reviews}
      top={
        <section aria-label="Preview Mode" className="mb-8">
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
        </section>
      }
    />
  );
}
