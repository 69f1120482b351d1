import { lazy } from "react";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { CountView } from "~/components/insights/CountView";
import { Gallery } from "~/components/profile/Gallery";
import { CONTACT_ID, SendMessageLink, StickyContactBar } from "~/components/profile/ContactShortcut";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import { ShareProfile } from "~/components/profile/ShareProfile";
import { SaveButton } from "~/components/shortlist/SaveButton";
import { onDemand, ServerHtmlUntil } from "~/components/ui/ServerHtmlUntil";
import { NO_BOOKINGS_NOTE } from "~/lib/constants";
import { readPublicForm } from "~/lib/form";
import { inquirySchema } from "~/lib/inquiry-schema";
import { pageMeta, siteFrom } from "~/lib/meta";
import { profileSeo } from "~/lib/structured-data";
import { getSessionUser } from "~/server/auth/auth.server";
import { getProfilePreview, getPublicProfile } from "~/server/directory/directory.server";
import { cachedData, FRESH_CACHE_CONTROL, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { handleInquiry, isProfileId } from "~/server/inquiries/inquiries.server";
import { clientKey } from "~/server/http/client-key.server";
import { similarPerformers } from "~/server/directory/similar-performers.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id;
  if (!isProfileId(id)) return cachedData(request, { kind: "not-found" as const }, { status: 404 });
  const profile = await getPublicProfile(context.db, id);
  const origin = context.config.publicUrl;
  if (profile) {
    const similar = await similarPerformers(context.db, profile);
    // The same page for every visitor (the inquiry form fetches its math question from /captcha), so
    // it is shared-cacheable with a stable ETag; browsers revalidate it each time, so an admin's
    // takedown shows at once rather than after a cached copy expires.
    return cachedData(
      request,
      { kind: "public" as const, profile, similar, seo: profileSeo(profile, origin, true) },
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

// Not in the page's first download (see ServerHtmlUntil): the name, facts and sections, content a
// hydrated page keeps as the server rendered it, and the contact form, live as the visitor nears it.
const details = onDemand(() => import("~/components/profile/ProfileDetails"));
const inquiry = onDemand(() => import("~/components/inquiry/InquiryForm"));
if (import.meta.env.SSR) {
  // The server renders them at once: loaded before the first request asks.
  details.load().catch(() => undefined);
  inquiry.load().catch(() => undefined);
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-found") return <ProfileNotFound />;
  const profile = loaderData.profile;
  const preview = loaderData.kind === "preview" ? loaderData : null;
  const name = profile.displayName ?? "This performer";
  return (
    <div className="mx-auto max-w-6xl px-4 pb-8 pt-4 sm:px-6 sm:pt-8 lg:py-12">
      {loaderData.kind === "public" ? <CountView profileId={profile.id} /> : null}
      {/* The owner's (or an admin's) view of a profile that visitors cannot see. */}
      {preview ? (
        <PreviewNotice
          viewer={preview.viewer}
          isPaid={preview.isPaid}
          isActive={preview.isActive}
          hasName={profile.displayName !== null}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
        <Gallery images={profile.images} name={name} />
        <div className="flex flex-col gap-6">
          <ServerHtmlUntil
            key={profile.id}
            module={details}
            live="never"
            render={(m) => (
              <m.ProfileSummary profile={profile} preview={preview !== null} showPrice={false}>
                {/* On phones the facts sit under the name; wide screens show them in the contact box. */}
                <div className="lg:hidden">
                  <m.ProfileFacts profile={profile} layout="row" label={`About ${name} at a glance`} />
                </div>
              </m.ProfileSummary>
            )}
          />
          <aside
            aria-label={`Contacting ${name}`}
            className="space-y-4 lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:p-6 lg:shadow-sm"
          >
            <ServerHtmlUntil
              key={profile.id}
              className="hidden lg:block"
              module={details}
              live="never"
              render={(m) => <m.ProfileFacts profile={profile} layout="column" label={`${name} at a glance`} />}
            />
            {loaderData.kind === "public" ? (
              <div className="hidden lg:block">
                <SendMessageLink />
              </div>
            ) : null}
            {/* Share, and saving to the shortlist beside it. */}
            <div className="flex flex-wrap items-start gap-3">
              {loaderData.kind === "public" ? <ShareProfile name={name} path={`/profile/${profile.id}`} className="min-w-48 flex-1" /> : null}
              {loaderData.kind === "public" ? <SaveButton id={profile.id} name={name} variant="labelled" /> : null}
            </div>
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 lg:border-0 lg:bg-slate-50">
              {NO_BOOKINGS_NOTE}
            </p>
          </aside>
        </div>
      </div>
      <ServerHtmlUntil
        key={profile.id}
        className="mt-8 lg:mt-10"
        module={details}
        live="never"
        render={(m) => <m.ProfileSections profile={profile} preview={preview !== null} />}
      />
      <section
        id={CONTACT_ID}
        aria-labelledby="contact-heading"
        className="mt-8 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:mt-10"
      >
        <h2 id="contact-heading" className="text-xl font-semibold text-slate-900">
          Contact {name}
        </h2>
        {loaderData.kind === "public" ? (
          <ServerHtmlUntil
            key={profile.id}
            className="mt-4"
            module={inquiry}
            live="approach"
            render={(m) => (
              <m.InquiryForm
                profileId={profile.id}
                performerName={name}
                landAt={CONTACT_ID}
                readsWithinHours={profile.readsWithinHours}
                similar={loaderData.similar}
              />
            )}
          />
        ) : (
          <div className="mt-4">
            <p className="text-sm text-slate-700">The contact form becomes available once your listing is activated.</p>
          </div>
        )}
      </section>
      {loaderData.kind === "public" && loaderData.similar.length > 0 ? (
        // Hidden while the inquiry's confirmation offers the same performers, shown again with a new form.
        <section aria-labelledby="similar-heading" className="mt-10 [body:has([data-similar-offered])_&]:hidden">
          <h2 id="similar-heading" className="text-xl font-semibold text-slate-900">
            Similar performers
          </h2>
          <div className="mt-4">
            <ProfileGrid label="Similar performers">
              {loaderData.similar.map((card) => (
                <li key={card.id}>
                  <ProfileCard profile={card} />
                </li>
              ))}
            </ProfileGrid>
          </div>
        </section>
      ) : null}
      {loaderData.kind === "public" ? <StickyContactBar name={name} /> : null}
    </div>
  );
}
