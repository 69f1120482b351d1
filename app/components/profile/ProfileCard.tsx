import { Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { formatLocation, formatPriceRange, moreLabel, visibleCategories, visibleCharacters } from "~/lib/format";
import { ResponsiveImage } from "./ResponsiveImage";
import type { ProfileCardData } from "~/lib/profile-view";

interface ProfileCardProps {
  profile: ProfileCardData;
  /** Distance from the visitor's search location (search by ZIP). */
  distanceMiles?: number;
  headingLevel?: 2 | 3;
  /** The first row of a grid is above the fold. */
  priority?: boolean;
}

const CARD_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw";

function distanceLabel(miles: number): string {
  if (miles < 1) return "Less than 1 mile away";
  const rounded = Math.round(miles);
  return `${rounded} ${rounded === 1 ? "mile" : "miles"} away`;
}

export function ProfileCard({ profile, distanceMiles, headingLevel = 3, priority = false }: ProfileCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = formatPriceRange(profile.priceMin, profile.priceMax);
  const location = formatLocation(profile.city, profile.state);
  const { shown, hidden } = visibleCategories(profile.categories);
  const characters = visibleCharacters(profile.characters);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative aspect-square bg-slate-100">
        <ResponsiveImage
          image={profile.image}
          alt={profile.isSample ? `Example performer ${profile.displayName}` : `Photo of ${profile.displayName}`}
          sizes={CARD_SIZES}
          priority={priority}
          className="h-full w-full object-cover"
        />
        {profile.isSample ? (
          <Badge tone="warning" className="absolute left-3 top-3 shadow">
            Example profile
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading className="text-lg font-semibold text-slate-900">
          {profile.isSample ? (
            profile.displayName
          ) : (
            // The stretched link makes the whole card clickable while keeping one link per card.
            <Link to={`/profile/${profile.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {profile.displayName}
            </Link>
          )}
        </Heading>
        {location ? <p className="text-sm text-slate-700">{location}</p> : null}
        {distanceMiles !== undefined ? <p className="text-sm font-medium text-brand-800">{distanceLabel(distanceMiles)}</p> : null}
        {price ? <p className="text-sm font-semibold text-slate-900">{price}</p> : null}
        {characters.shown.length > 0 ? (
          // The characters a parent searched for, in a line under the price; the rest on the profile page.
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">Plays </span>
            {characters.shown.join(", ")}
            {characters.hidden > 0 ? ` ${moreLabel(characters.hidden)}` : null}
          </p>
        ) : null}
        {shown.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-2" aria-label="Categories">
            {shown.map((category) => (
              <li key={category}>
                <Badge>{category}</Badge>
              </li>
            ))}
            {hidden > 0 ? (
              <li>
                <Badge tone="neutral">{moreLabel(hidden)}</Badge>
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
    <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </ul>
  );
}
