import { lazy } from "react";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { CountView } from "~/components/insights/CountView";
import { ProfileBody } from "~/components/profile/ProfileBody";
import { readPublicForm } from "~/lib/form";
import { inquirySchema } from "~/lib/inquiry-schema";
import { pageMeta, siteFrom } from "~/lib/meta";
import { profileSeo } from "~/lib/structured-data";
import { getSessionUser } from "~/server/auth/auth.server";
import { getProfilePreview, getPublicProfile } from "~/server/directory/directory.server";
import { cachedData, FRESH_CACHE_CONTROL, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { handleInquiry, isProfileId } from "~/server/inquiries/inquiries.server";
import { partyDateLabels } from "~/server/inquiries/party-date.server";
import { clientKey } from "~/server/http/client-key.server";
import { similarPerformers } from "~/server/directory/similar-performers.server";
import { hasReviewSection, reviewsPage } from "~/server/reviews/public.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id;
  if (!isProfileId(id)) return cachedData(request, { kind: "not-found" as const }, { status: 404 });
  const profile = await getPublicProfile(context.db, id);
  const origin = context.config.publicUrl;
  if (profile) {
    const url = new URL(request.url);
    const [similar, dated, reviews] = await Promise.all([
      similarPerformers(context.db, profile),
      // A card's link carries the party date searched for: the form starts from it, and says what the calendar says of it.
      partyDateLabels(context.db, [id], url.searchParams.get("date")),
      // Ten verified reviews a page, newest first; `?reviews=2` is the next page (plain links).
      reviewsPage(context.db, id, context.config.siteName, Number.parseInt(url.searchParams.get("reviews") ?? "1", 10), profile.reviewFigures?.count),
    ]);
    const partyDate = dated?.labels.get(id) ?? null;
    // The same page for every visitor of the address (the inquiry form fetches its math question
    // from /captcha), so it is shared-cacheable with a stable ETag; browsers revalidate it each
    // time, so an admin's takedown (or a day newly marked booked) shows at once rather than after a
    // cached copy expires.
    return cachedData(
      request,
      // The reviews' section only when it has something to say (reviews, or reliability).
      { kind: "public" as const, profile, similar, partyDate, reviews: hasReviewSection(profile, reviews) ? reviews : null, seo: profileSeo(profile, origin, true, reviews.reviews) },
      { cacheControl: FRESH_CACHE_CONTROL },
    );
  }
  // Owner preview: the signed-in owner (or an admin) sees a profile visitors cannot.
  const user = await getSessionUser(context, request);
  if (user && (user.id === id || user.isAdmin)) {
    const preview = await getProfilePreview(context.db, id);
    if (preview) {
      return cachedData(
        request,
        {
          kind: "preview" as const,
          profile: preview.profile,
          seo: profileSeo(preview.profile, origin, false),
          viewer: user.id === id ? ("owner" as const) : ("admin" as const),
          isPaid: preview.isPaid,
          isActive: preview.isActive,
        },
        { personal: true },
      );
    }
  }
  return cachedData(request, { kind: "not-found" as const }, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, inquirySchema);
  const result = await handleInquiry(context, form, { profileId: params.id, ip: clientKey(context, request) });
  // A form post's answer is never cached, even for an anonymous sender.
  return data(result, { headers: privateHeaders() });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = { ...siteFrom(matches), path: location.pathname };
  if (!loaderData || loaderData.kind === "not-found") {
    return pageMeta({
      ...site,
      title: "Profile Not Found",
      description: "This performer profile was removed or is not currently active.",
      noindex: true,
    });
  }
  const { profile, seo } = loaderData;
  return pageMeta({
    ...site,
    title: seo.title,
    description: seo.description,
    type: "profile",
    image: profile.images[0]?.src ?? "/images/placeholder-performer.webp",
    noindex: loaderData.kind === "preview",
    jsonLd: seo.jsonLd,
  });
};

// Loaded only when shown: the preview notice is for an owner or an admin, and a missing profile is
// rare (see ErrorPage in root.tsx for why there is no Suspense boundary).
const PreviewNotice = lazy(() => import("~/components/profile/PreviewNotice").then((m) => ({ default: m.PreviewNotice })));
const ProfileNotFound = lazy(() => import("~/components/profile/ProfileNotFound").then((m) => ({ default: m.ProfileNotFound })));

// The page's parts are ProfileBody's, shared with the owner's preview on /dashboard/preview: a new
// part of a profile goes there, so that both show it.
export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <ProfileNotFound />;
  if (loaderData.kind === "public") {
    return (
      <ProfileBody
        profile={loaderData.profile}
        mode={{ kind: "public", similar: loaderData.similar, partyDate: loaderData.partyDate }}
        reviews={loaderData.reviews}
        top={<CountView profileId={loaderData.profile.id} />}
      />
    );
  }
  // The owner's (or an admin's) view of a profile that visitors cannot see.
  return (
    <ProfileBody
      profile={loaderData.profile}
      mode={{ kind: "preview", listed: false }}
      top={
        <PreviewNotice
          viewer={loaderData.viewer}
          isPaid={loaderData.isPaid}
          isActive={loaderData.isActive}
          hasName={loaderData.profile.displayName !== null}
        />
      }
    />
  );
}
