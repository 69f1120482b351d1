import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Audience } from "~/lib/audience";
import { AUDIENCE_STATEMENTS } from "~/lib/audience-view";
import { formatPriceRange } from "~/lib/format";
import type { ProfileFlag } from "~/lib/profile-schema";
import { priceLine, readsWithinLabel, type ProfileDetailData } from "~/lib/profile-view";
import { hasOffer, ProfilePackages } from "./ProfilePackages";
import { hasReviewedCheck, ProfileTrust } from "./ProfileTrust";
import { travelStatement } from "./travel-statement";

// A public profile page does not download this module: its server-rendered HTML is kept as it is
// (see ServerHtmlUntil in app/routes/profile.tsx); it loads for a profile reached by a client-side
// navigation, and with the owner's preview.

// A profile's facts are written as plain statements of what is true ("Brings their own costume"),
// never as a Yes/No table: a column of "No" answers read as contradictions ("Family-friendly only:
// No" beside "Adult-themed: No"). A flag that is off says nothing, except where its absence is the
// fact parents need, which the travel range already states.

/** A background check is the performer's own statement; the site does not verify it. */
export const BACKGROUND_CHECK_STATEMENT = "Background check completed, as the performer states it";

// How the public page words each flag when it is on, and under which heading. Keyed by every flag of
// the profile form's field table, so a new flag is a type error here until it is worded.
const FLAG_STATEMENTS = {
  availableForTravel: { section: "travel", text: "Available to travel for events" },
  availableVirtual: { section: "travel", text: "Offers virtual appearances" },
  requireTravelExpenses: { section: "travel", text: "Asks for travel expenses to be covered" },
  requireDeposit: { section: "performance", text: "Asks for a deposit to book" },
  bringOwnCostume: { section: "performance", text: "Brings their own costume" },
  performOutdoors: { section: "performance", text: "Performs outdoors" },
  requireDressingRoom: { section: "performance", text: "Needs a room to change in" },
  familyFriendlyOnly: { section: "performance", text: "Family-friendly shows only" },
  adultThemesOk: { section: "performance", text: "Also performs at adult-themed (18+) events" },
  groupPerformer: { section: "performance", text: "Performs as part of a group or crew" },
  backgroundCheck: { section: "performance", text: BACKGROUND_CHECK_STATEMENT },
} satisfies Record<ProfileFlag, { section: "travel" | "performance"; text: string }>;

function statements(section: "travel" | "performance", flags: Record<ProfileFlag, boolean>, audience: Audience | null = null): string[] {
  return (Object.keys(FLAG_STATEMENTS) as ProfileFlag[])
    .filter((key) => FLAG_STATEMENTS[key].section === section && flags[key])
    // An answered audience says it in its own words (see ProfileSections), and the flag follows it.
    .filter((key) => !(key === "familyFriendlyOnly" && audience !== null))
    // Both boxes ticked would contradict each other; "family-friendly only" is the narrower promise.
    .filter((key) => !(key === "adultThemesOk" && flags.familyFriendlyOnly))
    .map((key) => FLAG_STATEMENTS[key].text);
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2 text-sm text-slate-800">
      {items.map((text) => (
        <li key={text} className="flex gap-2">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" fill="currentColor">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
          </svg>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

type FactIcon = "price" | "travel" | "family" | "check" | "clock" | "quick";

const ICON_PATHS: Record<FactIcon, ReactNode> = {
  price: (
    <>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  travel: (
    <>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
      <path d="M9 9.5h6M12 6.5v6" />
    </>
  ),
  family: (
    <>
      <circle cx="8" cy="6" r="2.5" />
      <circle cx="16.5" cy="9" r="2" />
      <path d="M3.5 20v-4.5A4.5 4.5 0 0 1 12.5 15.5V20M13 20v-3a3.5 3.5 0 0 1 7 0v3" />
    </>
  ),
  check: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  quick: <path d="M13 2.5 5 13.5h6l-1 8 8-11h-6l1-8Z" />,
};

function Icon({ name }: { name: FactIcon }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-slate-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[name]}
    </svg>
  );
}

type FactsProfile = Pick<ProfileDetailData, "priceMin" | "priceMax" | "travelRadius" | "flags" | "readsWithinHours"> &
  Partial<Pick<ProfileDetailData, "audience" | "replyLine" | "quickToReply" | "trust">>;

/** The facts parents weigh first, each with an icon and its words, in the order they weigh them. */
export function profileFacts(profile: FactsProfile): { icon: FactIcon; text: string }[] {
  const facts: { icon: FactIcon; text: string }[] = [
    { icon: "price", text: priceLine(profile.priceMin, profile.priceMax) },
    { icon: "travel", text: travelStatement(profile.travelRadius) },
  ];
  // Who the shows are for, once answered; before that, the old flag where it was ticked.
  if (profile.audience) facts.push({ icon: "family", text: AUDIENCE_STATEMENTS[profile.audience] });
  else if (profile.flags.familyFriendlyOnly) facts.push({ icon: "family", text: FLAG_STATEMENTS.familyFriendlyOnly.text });
  // A check our admins reviewed replaces the performer's own statement of one.
  if (hasReviewedCheck(profile.trust)) facts.push({ icon: "check", text: "Background check reviewed by CostumeCast" });
  else if (profile.flags.backgroundCheck) facts.push({ icon: "check", text: "Background check, as the performer states it" });
  // Answering says more than reading: the reply figures replace the reads line once they exist.
  if (profile.quickToReply) facts.push({ icon: "quick", text: "Quick to reply" });
  const reads = profile.replyLine ?? readsWithinLabel(profile.readsWithinHours);
  if (reads) facts.push({ icon: "clock", text: reads });
  return facts;
}

/**
 * The facts as a compact list: a wrapping row under the name on phones, a column in the contact box
 * beside the gallery on wide screens (`layout`).
 */
export function ProfileFacts({ profile, layout, label }: { profile: FactsProfile; layout: "row" | "column"; label: string }) {
  return (
    <ul
      aria-label={label}
      className={
        layout === "row"
          ? "flex flex-wrap gap-x-4 gap-y-1.5 text-sm font-medium text-slate-800"
          : "space-y-3 text-sm font-medium text-slate-800"
      }
    >
      {profileFacts(profile).map(({ icon, text }) => (
        <li key={icon} className="flex items-center gap-1.5">
          <Icon name={icon} />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Name, place, categories and characters: the top of a profile page, beside the gallery. */
export function ProfileSummary({
  profile,
  preview,
  showPrice = true,
  children,
}: {
  profile: Pick<ProfileDetailData, "displayName" | "city" | "state" | "stateName" | "priceMin" | "priceMax" | "categories" | "characters">;
  preview: boolean;
  /** The price range line (the public profile states the price among its facts instead). */
  showPrice?: boolean;
  /** Shown right under the name and place (the facts row on phones). */
  children?: ReactNode;
}) {
  const price = showPrice ? formatPriceRange(profile.priceMin, profile.priceMax) : null;
  const place = [profile.city, profile.stateName ?? profile.state].filter(Boolean).join(", ");
  return (
    <div className="space-y-3 sm:space-y-4">
      <div className="space-y-1 sm:space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-4xl">
          {profile.displayName ?? (preview ? "Display Name Required" : "")}
        </h1>
        {place ? (
          <p className="flex items-center gap-2 text-lg text-slate-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </svg>
            {place}
          </p>
        ) : null}
      </div>
      {price ? <p className="text-xl font-semibold text-slate-900">{price}</p> : null}
      {children}
      {profile.categories.length > 0 ? (
        // Each chip's tap area reaches 44 px into the gap between rows (before:-inset-y-1).
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {profile.categories.map((category) => (
            <li key={category}>
              <Link
                to={`/categories/${encodeURIComponent(category)}`}
                className="relative inline-flex min-h-9 items-center rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 underline-offset-2 before:absolute before:inset-x-0 before:-inset-y-1 before:content-[''] hover:bg-brand-200 hover:underline"
              >
                {category}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {profile.characters.length > 0 ? (
        <div>
          <h2 id="characters-heading" className="text-sm font-semibold text-slate-700">
            Characters
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby="characters-heading">
            {profile.characters.map((name) => (
              <li key={name} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800">
                {name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Under every profile, in the server's HTML (these sections never load code in the browser): the
 * characters are the performer's own, and no brand stands behind them or the site.
 */
const NOT_AFFILIATED_NOTE =
  "Characters here are the performer's own portrayals; neither the performer nor CostumeCast is affiliated with or endorsed by any studio, publisher or brand.";

/** About, Packages (when there are any), Travel & Availability, Performance Details, Connect and the note that no brand is behind it. */
export function ProfileSections({ profile, preview }: { profile: ProfileDetailData; preview: boolean }) {
  const links = profile.connect;
  const travel = [travelStatement(profile.travelRadius), ...statements("travel", profile.flags)];
  const performance = [
    ...(profile.audience ? [AUDIENCE_STATEMENTS[profile.audience]] : []),
    ...statements("performance", profile.flags, profile.audience).filter((text) => !(text === BACKGROUND_CHECK_STATEMENT && hasReviewedCheck(profile.trust))),
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Section id="about-heading" title="About">
          {profile.bio ? (
            <p className="whitespace-pre-line leading-relaxed text-slate-800">{profile.bio}</p>
          ) : (
            <p className="text-slate-700">{preview ? "Bio Required" : "This performer has not written a bio yet."}</p>
          )}
        </Section>
      </div>
      {hasOffer(profile.offer) ? (
        <div className="lg:col-span-2">
          <ProfilePackages offer={profile.offer} />
        </div>
      ) : null}
      {profile.trust ? (
        <div className="lg:col-span-2">
          <ProfileTrust trust={profile.trust} />
        </div>
      ) : null}
      <Section id="travel-heading" title="Travel & Availability">
        <CheckList items={travel} />
      </Section>
      <Section id="performance-heading" title="Performance Details">
        {performance.length > 0 ? (
          <CheckList items={performance} />
        ) : (
          <p className="text-sm text-slate-700">Ask the performer about costumes, venues and what their show needs.</p>
        )}
      </Section>
      <div className="lg:col-span-2">
        <Section id="connect-heading" title="Connect">
          {links.length > 0 ? (
            <ul className="flex flex-wrap gap-3">
              {links.map(({ network, label, url }) => (
                <li key={network}>
                  <a
                    href={url}
                    rel="nofollow noopener ugc"
                    target="_blank"
                    className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                  >
                    {label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">No social media links yet.</p>
          )}
        </Section>
      </div>
      <p className="text-sm text-slate-700 lg:col-span-2">{NOT_AFFILIATED_NOTE}</p>
    </div>
  );
}
