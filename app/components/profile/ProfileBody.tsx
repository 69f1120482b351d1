import type { ReactNode } from "react";
import { CONTACT_ID, SendMessageLink, StickyContactBar } from "~/components/profile/ContactShortcut";
import { Gallery } from "~/components/profile/Gallery";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import { ShareProfile } from "~/components/profile/ShareProfile";
import { SaveButton } from "~/components/shortlist/SaveButton";
import { onDemand, ServerHtmlUntil } from "~/components/ui/ServerHtmlUntil";
import { NO_BOOKINGS_NOTE } from "~/lib/constants";
import type { CardAvailability } from "~/lib/party-date-view";
import type { ProfileCardData, ProfileDetailData } from "~/lib/profile-view";
import type { ReviewsPage } from "~/lib/review-view";

// The one body of a profile page, for the public profile and for its owner's previews (on
// /profile/{id} and /dashboard/preview) alike, so that what the owner checks is what visitors get:
// a part added here appears in both. The two differ only in what the routes put on top (the
// Preview Mode notice), the inquiry form (live for visitors, the same form switched off in a
// preview) and what only a visitor does with a listed profile (share, save, similar performers).

/** Who is looking: a visitor at a listed profile, or its owner (or an admin) previewing it. */
export type ProfileBodyMode =
  | {
      kind: "public";
      similar: ProfileCardData[];
      /** The party date the visitor came with (`?date=`), as the performer's calendar answers it, beside the form it prefills. */
      partyDate?: CardAvailability | null;
    }
  | {
      kind: "preview";
      /** Whether visitors can reach the profile now (its inquiry form is live there). */
      listed: boolean;
    };

// Not in the page's first download (see ServerHtmlUntil): the name, facts and sections, content a
// hydrated page keeps as the server rendered it, and the contact form, live as the visitor nears it.
const details = onDemand(() => import("~/components/profile/ProfileDetails"));
const inquiry = onDemand(() => import("~/components/inquiry/InquiryForm"));
// Markup only (every control disabled, with the note saying why): a preview keeps the server's HTML
// and never loads its code, and the public page carries none of its words.
const disabledInquiry = onDemand(() => import("~/components/inquiry/DisabledInquiryForm"));
// The verified reviews: plain links and forms, kept as the server rendered them (no code downloaded).
const reviewsModule = onDemand(() => import("~/components/reviews/ProfileReviews"));
if (import.meta.env.SSR) {
  // The server renders them at once: loaded before the first request asks.
  details.load().catch(() => undefined);
  inquiry.load().catch(() => undefined);
  disabledInquiry.load().catch(() => undefined);
  reviewsModule.load().catch(() => undefined);
}

export function ProfileBody({
  profile,
  mode,
  top,
  reviews,
}: {
  profile: ProfileDetailData;
  mode: ProfileBodyMode;
  top?: ReactNode;
  /** The page of verified reviews the address asks for (`?reviews=`); absent where a page does not read them. */
  reviews?: ReviewsPage | null;
}) {
  const isPublic = mode.kind === "public";
  const preview = mode.kind === "preview";
  const name = profile.displayName ?? "This performer";
  const reviewFigures = profile.reviewFigures;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-8 pt-4 sm:px-6 sm:pt-8 lg:py-12">
      {top}
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
        <Gallery images={profile.images} name={name} />
        <div className="flex flex-col gap-6">
          <ServerHtmlUntil
            key={profile.id}
            module={details}
            live="never"
            render={(m) => (
              <m.ProfileSummary profile={profile} preview={preview} showPrice={false}>
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
            {isPublic ? (
              <div className="hidden lg:block">
                <SendMessageLink />
              </div>
            ) : null}
            {/* Share, and saving to the shortlist beside it. */}
            <div className="flex flex-wrap items-start gap-3">
              {isPublic ? <ShareProfile name={name} path={`/profile/${profile.id}`} className="min-w-48 flex-1" /> : null}
              {isPublic ? <SaveButton id={profile.id} name={name} variant="labelled" /> : null}
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
        render={(m) => <m.ProfileSections profile={profile} preview={preview} />}
      />
      {reviews && reviewFigures ? (
        <ServerHtmlUntil
          key={`reviews-${profile.id}-${reviews.page}`}
          module={reviewsModule}
          live="never"
          render={(m) => <m.ProfileReviews profileId={profile.id} name={name} page={reviews} figures={reviewFigures} />}
        />
      ) : null}
      <section
        id={CONTACT_ID}
        aria-labelledby="contact-heading"
        className="mt-8 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:mt-10"
      >
        <h2 id="contact-heading" className="text-xl font-semibold text-slate-900">
          Contact {name}
        </h2>
        {mode.kind === "public" ? (
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
                replyLine={profile.replyLine}
                similar={mode.similar}
                partyDate={mode.partyDate}
              />
            )}
          />
        ) : (
          <ServerHtmlUntil
            key={profile.id}
            className="mt-4"
            module={disabledInquiry}
            live="never"
            render={(m) => <m.DisabledInquiryForm performerName={name} listed={mode.listed} />}
          />
        )}
      </section>
      {mode.kind === "public" && mode.similar.length > 0 ? (
        // Hidden while the inquiry's confirmation offers the same performers, shown again with a new form.
        <section aria-labelledby="similar-heading" className="mt-10 [body:has([data-similar-offered])_&]:hidden">
          <h2 id="similar-heading" className="text-xl font-semibold text-slate-900">
            Similar performers
          </h2>
          <div className="mt-4">
            <ProfileGrid label="Similar performers">
              {mode.similar.map((card) => (
                <li key={card.id}>
                  <ProfileCard profile={card} />
                </li>
              ))}
            </ProfileGrid>
          </div>
        </section>
      ) : null}
      {isPublic ? <StickyContactBar name={name} /> : null}
    </div>
  );
}
