import { Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { ADULTS_ONLY_BADGE, cardBadges } from "~/lib/audience-view";
import { CARD_CATEGORY_LIMIT } from "~/lib/constants";
import { formatLocation, moreLabel, visibleCategories, visibleCharacters } from "~/lib/format";
import { priceLine, readsWithinLabel, type ProfileCardData } from "~/lib/profile-view";
import { profileHref } from "~/lib/party-date-view";
import { charactersMatchFirst, type SearchMatch } from "~/lib/search-match";
import { SaveButton } from "~/components/shortlist/SaveButton";
import { ResponsiveImage } from "./ResponsiveImage";

interface ProfileCardProps {
  profile: ProfileCardData;
  /**
   * How far the performer is from the place searched ("12 miles away", or in the nearby band "About
   * 100 mi from you · usually travels up to 50 mi"), worded by the server (distanceLine).
   */
  distanceText?: string | null;
  /** The cheapest package's price delivered to the searched place ("about $185 with travel to 32801"), worded by the server. */
  allInText?: string | null;
  headingLevel?: 2 | 3;
  /** Why a search found them (search results only): the matching character, or a piece of the bio. */
  match?: SearchMatch | null;
  /** The first row of a grid is above the fold. */
  priority?: boolean;
}

// Below 640 px the picture is a 7 rem column beside the text; from there a full-width square.
const CARD_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 112px";
/** The party date's line: free in green, booked in red, not shared in grey (each readable on white). */
const AVAILABILITY_TONES = { free: "text-emerald-800", booked: "text-red-800", unknown: "text-slate-600" } as const;
/** A search's matched words on a card: bold on a light highlight, readable in any contrast mode. */
const MARK = "rounded bg-amber-100 px-0.5 font-semibold text-slate-900";

/**
 * One performer in a grid. Every card has the same lines in the same order (price always, then the
 * categories, wrapping on a phone when three do not fit one line), so a row of them reads evenly.
 * On phones it is a compact row (picture left, text right) so a screen holds several; from 640 px a
 * tall card with a square picture.
 */
export function ProfileCard({ profile, distanceText, allInText, headingLevel = 3, priority = false, match }: ProfileCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const location = formatLocation(profile.city, profile.state);
  const badges = cardBadges(profile.audience, profile.categories);
  // The spec's first three categories, then "+N more"; an adults-only act's badge is one of the
  // three, first and never folded.
  const { shown, hidden } = visibleCategories(badges.categories, badges.adultsOnly ? CARD_CATEGORY_LIMIT - 1 : CARD_CATEGORY_LIMIT);
  // The character a search matched comes first, highlighted, so it is never cut off behind "+N more".
  const characters = visibleCharacters(charactersMatchFirst(profile.characters, match));
  const matchedCharacter = match?.kind === "character" ? match.character : null;
  const reads = profile.replyLine ?? readsWithinLabel(profile.readsWithinHours);
  return (
    <article className="relative flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:flex-col">
      {/* The picture's box is positioned: a Save (heart) button goes in its top-right corner, above the
          stretched link (z-10), and the sample badge in its top-left. */}
      <div className="relative min-h-28 w-28 shrink-0 self-stretch bg-slate-100 sm:aspect-square sm:w-auto sm:self-auto">
        <ResponsiveImage
          image={profile.image}
          alt={profile.isSample ? `Example performer ${profile.displayName}` : `Photo of ${profile.displayName}`}
          sizes={CARD_SIZES}
          priority={priority}
          className="absolute inset-0 h-full w-full object-cover"
        />
        {profile.isSample ? null : <SaveButton id={profile.id} name={profile.displayName} className="absolute right-1 top-1 sm:right-3 sm:top-3" />}
        {profile.isSample ? (
          <Badge tone="warning" className="absolute bottom-2 left-2 shadow sm:bottom-auto sm:left-3 sm:top-3">
            Example
            <span className="hidden sm:inline">&nbsp;profile</span>
          </Badge>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-1.5 sm:p-4">
        <Heading className="line-clamp-3 text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere] sm:text-lg">
          {profile.isSample ? (
            profile.displayName
          ) : (
            // The stretched link makes the whole card clickable while keeping one link per card.
            <Link to={profileHref(profile.id, profile.availability)} className="after:absolute after:inset-0 focus:outline-none">
              {profile.displayName}
            </Link>
          )}
        </Heading>
        {location ? <p className="truncate text-sm text-slate-700">{location}</p> : null}
        {profile.availability ? <p className={`text-sm font-semibold ${AVAILABILITY_TONES[profile.availability.kind]}`}>{profile.availability.text}</p> : null}
        {distanceText ? <p className="text-sm font-medium text-slate-900">{distanceText}</p> : null}
        <p className="text-sm font-semibold text-slate-900">{priceLine(profile.priceMin, profile.priceMax)}</p>
        {profile.packageLine ? (
          <p className="text-sm text-slate-800">
            {profile.packageLine}
            {allInText ? <span className="block text-slate-700">{allInText}</span> : null}
          </p>
        ) : null}
        {characters.shown.length > 0 ? (
          // The characters a parent searched for, in a line under the price; the rest on the profile page.
          <p className="line-clamp-2 text-sm text-slate-700">
            <span className="font-medium text-slate-900">Plays </span>
            {characters.shown.map((character, i) => (
              <span key={`${i}-${character}`}>
                {i > 0 ? ", " : null}
                {character === matchedCharacter ? <mark className={MARK}>{character}</mark> : character}
              </span>
            ))}
            {characters.hidden > 0 ? ` ${moreLabel(characters.hidden)}` : null}
          </p>
        ) : null}
        {match?.kind === "bio" ? (
          // A bio match: the words around it, matched words marked.
          <p className="line-clamp-2 text-sm text-slate-700">
            {match.parts.map((part, i) =>
              part.marked ? (
                <mark key={i} className={MARK}>
                  {part.text}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </p>
        ) : null}
        {profile.ratingLine ? <p className="text-sm text-slate-800">{profile.ratingLine}</p> : null}
        {profile.trustMark ? (
          // What CostumeCast reviewed, worded by the server; drawn like "Quick to reply" (and as cheap in the page's code).
          <p>
            <Badge tone="success">{profile.trustMark}</Badge>
          </p>
        ) : null}
        {profile.quickToReply ? (
          <p>
            <Badge tone="success">Quick to reply</Badge>
          </p>
        ) : null}
        {reads ? <p className="text-xs text-slate-600">{reads}</p> : null}
        {shown.length > 0 || badges.adultsOnly ? (
          <ul className="mt-auto flex min-w-0 flex-wrap gap-1.5 pt-1.5 sm:pt-2" aria-label="Categories">
            {badges.adultsOnly ? (
              <li className="shrink-0">
                <Badge tone="danger">{ADULTS_ONLY_BADGE}</Badge>
              </li>
            ) : null}
            {shown.map((category) => (
              <li key={category} className="min-w-0">
                <Badge tone="neutral" className="max-w-full">
                  <span className="min-w-0 truncate">{category}</span>
                </Badge>
              </li>
            ))}
            {hidden > 0 ? (
              <li className="shrink-0">
                <Badge tone="outline">{moreLabel(hidden)}</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** The responsive grid every directory page lays cards out in. */
export function ProfileGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
      {children}
    </ul>
  );
}
