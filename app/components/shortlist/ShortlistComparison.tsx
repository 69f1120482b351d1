import { Link } from "react-router";
import { travelStatement } from "~/components/profile/travel-statement";
import { ResponsiveImage } from "~/components/profile/ResponsiveImage";
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import { AUDIENCE_LABELS, type Audience } from "~/lib/audience";
import { formatLocation } from "~/lib/format";
import { profileHref } from "~/lib/party-date-view";
import { priceLine } from "~/lib/profile-view";
import type { ShortlistFlags, ShortlistPerformer } from "~/lib/shortlist";
import { SaveButton } from "./SaveButton";

/** One column of the comparison: a listed performer, one no longer listed, or one still loading. */
export type ComparisonEntry =
  | { id: string; name: string; status: "listed"; performer: ShortlistPerformer }
  | { id: string; name: string | null; status: "unavailable" }
  | { id: string; name: string; status: "loading" };

interface ShortlistComparisonProps {
  entries: readonly ComparisonEntry[];
  /** "own": the visitor's list, with Remove; "shared": someone else's, with a Save heart each. */
  mode: "own" | "shared";
  onRemove?: (id: string) => void;
}

// The profile's own wording (ProfileDetails), as a row each performer answers. A box the performer
// left unticked is a "No" where ticked is the default (costume, outdoors). Who the shows are for
// leads (AudienceRow), in the words of the performer's answer.
const FLAG_ROWS: { key: keyof ShortlistFlags; label: string; off: string }[] = [
  { key: "bringOwnCostume", label: "Brings their own costume", off: "No" },
  { key: "performOutdoors", label: "Performs outdoors", off: "No" },
];

// Every column has the same seven rows (photo, name, price, travel, categories, good to know,
// actions: the list's grid-rows-[repeat(7,auto)], each column's row-span-7) and shares them with
// its neighbours through subgrid, so a fact sits level with the same fact of the next performer
// however long a name or a category list is.
const PARTY_DATE_COLOURS = { free: "text-emerald-800", booked: "text-red-800", unknown: "text-slate-600" } as const;

const columnClass = "row-span-7 grid grid-rows-subgrid gap-0 snap-start overflow-hidden rounded-xl border bg-white shadow-sm";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-slate-100 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * "Shows for: Kids and families". A performer not yet asked keeps the old family-friendly tick where
 * they gave it; an unticked box says nothing about their family shows, so it reads "Not stated".
 */
function AudienceRow({ audience, familyFriendlyOnly }: { audience: Audience | null; familyFriendlyOnly: boolean }) {
  if (audience) return <FlagRow yes label="Shows for" on={AUDIENCE_LABELS[audience]} off="" />;
  if (familyFriendlyOnly) return <FlagRow yes label="Family-friendly shows only" off="" />;
  return <FlagRow yes={false} label="Shows for" off="Not stated" />;
}

function FlagRow({ yes, label, on = "Yes", off }: { yes: boolean; label: string; on?: string; off: string }) {
  return (
    <li className="flex items-start gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={cx("mt-0.5 h-4 w-4 shrink-0", yes ? "text-green-700" : "text-slate-400")}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {yes ? <path d="m4 10.5 4 4 8-9" /> : <path d="M5 10h10" />}
      </svg>
      <span>
        {label}: <span className="font-semibold">{yes ? on : off}</span>
      </span>
    </li>
  );
}

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={`Remove ${name} from shortlist`}
      className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      Remove
    </button>
  );
}

/** The column's last row; empty (and borderless) where there is nothing to do, as in a shared list. */
function ColumnActions({ children }: { children: React.ReactNode }) {
  return <div className={children ? "flex items-end border-t border-slate-100 px-4 py-3" : undefined}>{children}</div>;
}

function ListedColumn({
  entry,
  mode,
  onRemove,
}: {
  entry: Extract<ComparisonEntry, { status: "listed" }>;
  mode: "own" | "shared";
  onRemove?: (id: string) => void;
}) {
  const { performer } = entry;
  const location = formatLocation(performer.city, performer.state);
  return (
    <li className={cx(columnClass, "border-slate-200")}>
      <div className="relative aspect-[4/3] bg-slate-100">
        <ResponsiveImage
          image={performer.image}
          alt={`Photo of ${performer.displayName}`}
          sizes="(min-width: 640px) 256px, 78vw"
          className="h-full w-full object-cover"
        />
        {mode === "shared" ? <SaveButton id={performer.id} name={performer.displayName} className="absolute right-2 top-2" /> : null}
      </div>
      <div className="px-4 pt-3 pb-2">
        <h3 className="text-lg font-semibold leading-snug break-words text-slate-900">
          <Link to={profileHref(performer.id, performer.partyDate)} className="inline-flex min-h-11 items-center text-brand-800 underline-offset-2 hover:underline">
            {performer.displayName}
          </Link>
        </h3>
        {location ? <p className="text-sm text-slate-700">{location}</p> : null}
        {/* In the cards' colours (ProfileCard): the inquiry form's PartyDateNote is in the form's own file, which a list does not load. */}
        {performer.partyDate ? (
          <p className={cx("mt-1 text-sm font-semibold", PARTY_DATE_COLOURS[performer.partyDate.kind])}>{performer.partyDate.text}</p>
        ) : null}
      </div>
      <dl className="row-span-4 grid grid-rows-subgrid gap-0">
        <Fact label="Price">{priceLine(performer.priceMin, performer.priceMax)}</Fact>
        <Fact label="Travel range">{travelStatement(performer.travelRadius)}</Fact>
        <Fact label="Categories">
          {performer.categories.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={`Categories of ${performer.displayName}`}>
              {performer.categories.map((category) => (
                <li key={category}>
                  <Badge>{category}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            "None listed"
          )}
        </Fact>
        <Fact label="Good to know">
          <ul className="space-y-1">
            <AudienceRow audience={performer.audience} familyFriendlyOnly={performer.flags.familyFriendlyOnly} />
            {FLAG_ROWS.map((flag) => (
              <FlagRow key={flag.key} yes={performer.flags[flag.key]} label={flag.label} off={flag.off} />
            ))}
          </ul>
        </Fact>
      </dl>
      <ColumnActions>
        {mode === "own" && onRemove ? <RemoveButton name={performer.displayName} onRemove={() => onRemove(performer.id)} /> : null}
      </ColumnActions>
    </li>
  );
}

function PlaceholderColumn({
  entry,
  mode,
  onRemove,
}: {
  entry: Exclude<ComparisonEntry, { status: "listed" }>;
  mode: "own" | "shared";
  onRemove?: (id: string) => void;
}) {
  const unavailable = entry.status === "unavailable";
  const name = entry.name ?? "A performer";
  return (
    <li className={cx(columnClass, unavailable ? "border-dashed border-slate-300" : "border-slate-200")} aria-busy={unavailable ? undefined : true}>
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 px-4 text-center text-sm font-semibold text-slate-700">
        {unavailable ? "No longer listed" : "Loading…"}
      </div>
      <div className="px-4 pt-3 pb-2">
        <h3 className="flex min-h-11 items-center text-lg font-semibold leading-snug break-words text-slate-900">{name}</h3>
        {unavailable ? <p className="text-sm text-slate-700">No longer listed on CostumeCast.</p> : null}
      </div>
      <div className="row-span-4" />
      <ColumnActions>{mode === "own" && onRemove ? <RemoveButton name={name} onRemove={() => onRemove(entry.id)} /> : null}</ColumnActions>
    </li>
  );
}

/**
 * The saved performers side by side: on a phone a row of columns that scrolls sideways and snaps
 * to each (the next one peeking in), on wider screens as many columns as fit.
 */
export function ShortlistComparison({ entries, mode, onRemove }: ShortlistComparisonProps) {
  return (
    <ul
      aria-label="Shortlisted performers"
      className="-mx-4 grid grid-rows-[repeat(7,auto)] auto-cols-[78%] grid-flow-col gap-x-4 gap-y-0 overflow-x-auto overscroll-x-contain px-4 pb-4 snap-x snap-mandatory scroll-px-4 sm:mx-0 sm:auto-cols-[16rem] sm:px-0 sm:scroll-px-0"
    >
      {entries.map((entry) =>
        entry.status === "listed" ? (
          <ListedColumn key={entry.id} entry={entry} mode={mode} onRemove={onRemove} />
        ) : (
          <PlaceholderColumn key={entry.id} entry={entry} mode={mode} onRemove={onRemove} />
        ),
      )}
    </ul>
  );
}
