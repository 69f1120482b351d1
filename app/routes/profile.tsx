import { lazy } from "react";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { breadcrumbJsonLd, type Crumb } from "~/components/directory/structured-data";
import { InquiryForm } from "~/components/inquiry/InquiryForm";
import { Gallery } from "~/components/profile/Gallery";
import { ProfileSections, ProfileSummary } from "~/components/profile/ProfileDetails";
import type { ProfileDetailData } from "~/components/profile/types";
import { NO_BOOKINGS_NOTE } from "~/lib/constants";
import { browseHref } from "~/lib/directory-params";
import { excerpt } from "~/lib/format";
import { pageMeta, siteFrom } from "~/lib/meta";
import { getSessionUser } from "~/server/auth.server";
import { getProfilePreview, getPublicProfile } from "~/server/directory.server";
import { cachedData, privateHeaders, routeCacheHeaders } from "~/server/http-cache.server";
import { handleInquirySubmission } from "~/server/inquiries.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id;
  const profile = id.length <= 128 ? await getPublicProfile(context.db, id) : null;
  const origin = context.config.publicUrl;
  if (profile) {
    // The same page for every visitor (the inquiry form fetches its math question from /captcha),
    // so it takes the shared public policy and a stable ETag like the other directory pages.
    return cachedData(request, { kind: "public" as const, profile, seo: profileSeo(profile, origin, true) });
  }
  // Owner preview: the signed-in owner (or an admin) sees a profile visitors cannot.
  const user = await getSessionUser(context.auth, context.db, request);
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
  const result = await handleInquirySubmission(context, request, params.id);
  // A form post's answer is never cached, even for an anonymous sender.
  return result instanceof Response ? result : data(result, { headers: privateHeaders() });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

function profileJsonLd(profile: ProfileDetailData, origin: string, url: string) {
  const name = profile.displayName ?? "";
  const image = profile.images[0]?.src;
  const sameAs = profile.connect.map((link) => link.url);
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Browse", path: "/browse" },
  ];
  if (profile.state) crumbs.push({ name: profile.stateName ?? profile.state, path: browseHref({ state: profile.state }) });
  if (profile.state && profile.city) {
    crumbs.push({ name: profile.city, path: browseHref({ state: profile.state, city: profile.city }) });
  }
  crumbs.push({ name, path: `/profile/${profile.id}` });
  return [
    {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url,
      name,
      mainEntity: {
        "@type": "Person",
        name,
        url,
        description: excerpt(profile.bio, 300) || undefined,
        image: image ? (image.startsWith("http") ? image : `${origin}${image}`) : undefined,
        jobTitle: "Costume performer",
        knowsAbout: profile.categories.length ? profile.categories : undefined,
        address: profile.state
          ? {
              "@type": "PostalAddress",
              addressLocality: profile.city ?? undefined,
              addressRegion: profile.state,
              addressCountry: "US",
            }
          : undefined,
        sameAs: sameAs.length ? sameAs : undefined,
      },
    },
    breadcrumbJsonLd(origin, crumbs),
  ];
}

/**
 * Title, description and JSON-LD, worked out by the loader: the browser only needs the finished
 * strings (for the title after a client-side navigation), not the code that writes them.
 */
function profileSeo(profile: ProfileDetailData, origin: string, isPublic: boolean) {
  const name = profile.displayName ?? "Profile preview";
  const place = [profile.city, profile.stateName].filter(Boolean).join(", ");
  return {
    title: place ? `${name} - Costume Performer in ${place}` : `${name} - Costume Performer`,
    description:
      excerpt(profile.bio) ||
      `${name} is a costume and cosplay performer${place ? ` in ${place}` : ""}. Send an inquiry to book an appearance.`,
    jsonLd: isPublic ? profileJsonLd(profile, origin, `${origin}/profile/${profile.id}`) : undefined,
  };
}

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

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <ProfileNotFound />;
  const profile = loaderData.profile;
  const preview = loaderData.kind === "preview" ? loaderData : null;
  const name = profile.displayName ?? "This performer";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      {/* The owner's (or an admin's) view of a profile that visitors cannot see. */}
      {preview ? (
        <PreviewNotice
          viewer={preview.viewer}
          isPaid={preview.isPaid}
          isActive={preview.isActive}
          hasName={profile.displayName !== null}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <Gallery images={profile.images} name={name} />
        <div className="space-y-6">
          <ProfileSummary profile={profile} preview={preview !== null} />
          <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{NO_BOOKINGS_NOTE}</p>
        </div>
      </div>
      <div className="mt-10">
        <ProfileSections profile={profile} preview={preview !== null} />
      </div>
      <section aria-labelledby="contact-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="contact-heading" className="text-xl font-semibold text-slate-900">
          Contact {name}
        </h2>
        <div className="mt-4">
          {loaderData.kind === "public" ? (
            <InquiryForm profileId={profile.id} performerName={name} />
          ) : (
            <p className="text-sm text-slate-700">The contact form becomes available once your listing is activated.</p>
          )}
        </div>
      </section>
    </div>
  );
}
