import type { Audience } from "./audience";
import type { CardPackage, OfferView } from "./package-view";
import type { ProfileFlag } from "./profile-schema";
import type { SocialLink } from "./social";
import type { CardAvailability } from "./party-date-view";
import type { ReviewFigures } from "./review-view";
import type { TrustBadges } from "./trust";

// Kept free of runtime imports from the form schemas: cards on every public page import the
// helpers below, and the schemas would bring Zod (about 23 KB) along with them.
// Shapes of a performer's profile as the directory pages hand them from their loaders to the
// browser (built in app/server/directory/directory.server.ts and profile-editor.server.ts). Plain data only:
// nothing here may carry a performer's contact email.

export interface ImageSource {
  url: string;
  width: number;
  height: number;
}

export interface DisplayImage {
  /** Largest rendition; the fallback `src`. */
  src: string;
  width: number;
  height: number;
  /** Every rendition, for `srcset`. Empty for the static placeholder and sample pictures. */
  variants: ImageSource[];
  blurDataUrl: string | null;
}

export interface ProfileCardData {
  id: string;
  displayName: string;
  city: string | null;
  state: string | null;
  priceMin: number | null;
  priceMax: number | null;
  categories: string[];
  /** The characters they play, in their own words; a card names the first few. */
  characters: string[];
  /**
   * Who their shows are for; null until the performer answers (absent for the made-up samples). An
   * adults-only act's card always shows its "Adults only (18+)" badge (app/lib/audience-badge.ts).
   */
  audience?: Audience | null;
  image: DisplayImage | null;
  /**
   * How soon they usually open a new inquiry, in whole hours; null (or absent, for the made-up
   * samples) until there are enough reads to say.
   */
  readsWithinHours?: number | null;
  /**
   * "Usually replies within 3 hours · replies to 95% of inquiries", worded by the server
   * (app/lib/reply-figures.ts); null or absent until three inquiries in 90 days. Shown instead of
   * the reads line when present.
   */
  replyLine?: string | null;
  /** The "Quick to reply" badge: a median first answer under 24 hours with at least 80% answered. */
  quickToReply?: boolean;
  /** The cheapest package with the travel rule, for the server's all-in figure; null or absent without packages. */
  cheapestPackage?: CardPackage | null;
  /**
   * The card's line for it, "Party visit from $150 · 45 min", worded by the server so the pages'
   * code carries no package wording or arithmetic (the listing pages' JavaScript budget).
   */
  packageLine?: string | null;
  /** "4.8 stars from 12 reviews", worded by the server; null or absent without published reviews. */
  ratingLine?: string | null;
  /**
   * The reviewed documents that hold today, "Background check reviewed · Insured" (either alone),
   * worded by the server (directory/trust-mark.server.ts); null or absent without any.
   */
  trustMark?: string | null;
  /** With a party date searched: whether they are free that day, worded by the server (./party-date-view). */
  availability?: CardAvailability | null;
  /** A made-up profile shown while the directory is empty; it has no page of its own. */
  isSample?: boolean;
}

export interface GalleryImage extends DisplayImage {
  id: string;
}

export interface ProfileDetailData {
  id: string;
  /** Null only in the owner's preview of an unfinished profile. */
  displayName: string | null;
  bio: string | null;
  city: string | null;
  state: string | null;
  stateName: string | null;
  priceMin: number | null;
  priceMax: number | null;
  categories: string[];
  characters: string[];
  images: GalleryImage[];
  /** Connect links, built on the server from the stored handles (see socialLinks). */
  connect: SocialLink[];
  travelRadius: string;
  flags: Record<ProfileFlag, boolean>;
  /** Who their shows are for; null until the performer answers (the flags then speak for them). */
  audience: Audience | null;
  /** How soon they usually open a new inquiry, in whole hours; null until there is enough to say. */
  readsWithinHours: number | null;
  /** As on cards: the reply figures' line and badge (absent where a page does not read them). */
  replyLine?: string | null;
  quickToReply?: boolean;
  /** Packages, travel fee and deposit (absent where a page does not read them). */
  offer?: OfferView;
  /** Verified reviews' average and count, and reliability (absent where a page does not read them). */
  reviewFigures?: ReviewFigures;
  /** Reviewed documents, email confirmed and listed since: the trust section (absent where a page does not read them). */
  trust?: TrustBadges;
  /** The coordinates of their city (public reference data), for "Similar performers" nearest first. */
  latitude: number | null;
  longitude: number | null;
}

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * The price line every card and profile shows: the hourly range, or the one bound that is set, or
 * "Price on request", so no card is missing the line parents compare first.
 */
export function priceLine(min: number | null | undefined, max: number | null | undefined): string {
  const has = (n: number | null | undefined): n is number => n !== null && n !== undefined && Number.isFinite(n);
  const usd = (n: number) => `$${dollars.format(Math.round(n))}`;
  if (has(min) && has(max)) return min === max ? `${usd(min)} / hour` : `${usd(min)} - ${usd(max)} / hour`;
  if (has(min)) return `From ${usd(min)} / hour`;
  if (has(max)) return `Up to ${usd(max)} / hour`;
  return "Price on request";
}

/** "Usually reads inquiries within …", or null when not known. */
export function readsWithinLabel(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return null;
  if (hours <= 1) return "Usually reads inquiries within an hour";
  if (hours < 48) return `Usually reads inquiries within ${Math.round(hours)} hours`;
  return `Usually reads inquiries within ${Math.round(hours / 24)} days`;
}
