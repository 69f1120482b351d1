import type { ReactNode } from "react";
import { Link } from "react-router";
import { travelRangeLabel } from "~/lib/constants";
import { formatPriceRange } from "~/lib/format";
import type { ProfileFlag } from "~/lib/profile-schema";
import type { ProfileDetailData } from "~/lib/profile-view";

type FlagItem = { key: ProfileFlag; label: string };

// How the public page words each flag and under which heading, in display order. Keyed by every
// flag of the profile form's field table, so a new flag is a type error here until it is worded.
const FLAG_DISPLAY = {
  availableForTravel: { section: "travel", label: "Available for travel" },
  availableVirtual: { section: "travel", label: "Available for virtual appearances" },
  requireTravelExpenses: { section: "travel", label: "Requires travel expenses" },
  requireDeposit: { section: "performance", label: "Requires a deposit" },
  bringOwnCostume: { section: "performance", label: "Brings own costume" },
  performOutdoors: { section: "performance", label: "Performs outdoors" },
  requireDressingRoom: { section: "performance", label: "Needs a dressing room" },
  familyFriendlyOnly: { section: "performance", label: "Family-friendly events only" },
  adultThemesOk: { section: "performance", label: "Open to adult-themed events" },
  groupPerformer: { section: "performance", label: "Group performer" },
  backgroundCheck: { section: "performance", label: "Background check completed" },
} satisfies Record<ProfileFlag, { section: "travel" | "performance"; label: string }>;

function flagItems(section: "travel" | "performance"): FlagItem[] {
  return (Object.keys(FLAG_DISPLAY) as ProfileFlag[])
    .filter((key) => FLAG_DISPLAY[key].section === section)
    .map((key) => ({ key, label: FLAG_DISPLAY[key].label }));
}

const TRAVEL_FLAGS = flagItems("travel");
const PERFORMANCE_DETAILS = flagItems("performance");

function YesNoList({ items, flags }: { items: FlagItem[]; flags: Record<ProfileFlag, boolean> }) {
  return (
    <>
      {items.map(({ key, label }) => (
        <div key={key} className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
          <dt className="text-slate-700">{label}</dt>
          <dd className={flags[key] ? "font-semibold text-green-800" : "font-semibold text-slate-700"}>
            {flags[key] ? "Yes" : "No"}
          </dd>
        </div>
      ))}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Name, place, price, categories and characters: the top of a profile page, beside the gallery. */
export function ProfileSummary({
  profile,
  preview,
}: {
  profile: Pick<ProfileDetailData, "displayName" | "city" | "state" | "stateName" | "priceMin" | "priceMax" | "categories" | "characters">;
  preview: boolean;
}) {
  const price = formatPriceRange(profile.priceMin, profile.priceMax);
  const place = [profile.city, profile.stateName ?? profile.state].filter(Boolean).join(", ");
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
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
      {price ? <p className="text-xl font-semibold text-slate-900">{price}</p> : null}
      {profile.categories.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {profile.categories.map((category) => (
            <li key={category}>
              <Link
                to={`/categories/${encodeURIComponent(category)}`}
                className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-200"
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

/** About, Travel & Availability, Performance Details and Connect. */
export function ProfileSections({ profile, preview }: { profile: ProfileDetailData; preview: boolean }) {
  const links = profile.connect;
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
      <Section id="travel-heading" title="Travel & Availability">
        <dl className="text-sm">
          <div className="flex justify-between gap-4 border-b border-slate-100 py-2">
            <dt className="text-slate-700">Travel range</dt>
            <dd className="text-right font-semibold text-slate-900">{travelRangeLabel(profile.travelRadius)}</dd>
          </div>
          <YesNoList items={TRAVEL_FLAGS} flags={profile.flags} />
        </dl>
      </Section>
      <Section id="performance-heading" title="Performance Details">
        <dl className="text-sm">
          <YesNoList items={PERFORMANCE_DETAILS} flags={profile.flags} />
        </dl>
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
                    className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
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
    </div>
  );
}
