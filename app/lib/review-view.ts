import { formatShortDay } from "./calendar";

// What the reviews' pages show, shared by their loaders (app/server/reviews/) and components, with
// the sentences both sides need. Dates travel as ISO strings.

export const REVIEWS_PAGE_SIZE = 10;
// The forms' lengths, here rather than in review-schema.ts so the pages' components import no Zod.
export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 1000;
export const NOTE_MAX_LENGTH = 500;
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_PHOTO_FIELD = "photos";
export const TOO_MANY_PHOTOS = `Please choose up to ${MAX_REVIEW_PHOTOS} photos.`;
export const LINK_USED = "This link has already been used: thank you, we have your answer.";
export const LINK_EXPIRED = "This link has expired.";
export const LINK_INVALID = "This link is not valid.";
/** The photo types the image pipeline reads (app/server/images/process.server.ts). */
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";
/** Reliability is shown once this many parties and no-shows are confirmed. */
export const RELIABILITY_MIN_CONFIRMATIONS = 3;

export interface ReviewPhotoView {
  src: string;
  width: number;
  height: number;
}

/** One published review as a profile shows it. */
export interface PublicReview {
  id: string;
  authorName: string;
  rating: number;
  body: string;
  /** "Verified: asked through CostumeCast for a party on Dec 12, 2026". */
  verified: string;
  publishedOn: string;
  photos: ReviewPhotoView[];
  reply: string | null;
}

export interface ReviewsPage {
  reviews: PublicReview[];
  page: number;
  pageCount: number;
  total: number;
}

/** The figures a card or profile shows: average stars and count, and reliability. */
export interface ReviewFigures {
  count: number;
  /** One decimal, 0 without reviews. */
  average: number;
  confirmedParties: number;
  noShows: number;
}

export function averageRating(count: number, total: number): number {
  return count > 0 ? Math.round((total / count) * 10) / 10 : 0;
}

/** "4.8 stars from 12 reviews", or null without reviews. */
export function ratingLine(count: number | null | undefined, average: number | null | undefined): string | null {
  if (!count || !average) return null;
  return `${average.toFixed(1)} stars from ${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}

/** "Reliability: 42 confirmed parties, 0 no-shows", from three confirmations on; else null. */
export function reliabilityLine(parties: number, noShows: number): string | null {
  if (parties + noShows < RELIABILITY_MIN_CONFIRMATIONS) return null;
  const p = `${parties.toLocaleString("en-US")} confirmed ${parties === 1 ? "party" : "parties"}`;
  const n = `${noShows.toLocaleString("en-US")} ${noShows === 1 ? "no-show" : "no-shows"}`;
  return `Reliability: ${p}, ${n}`;
}

/** Where a review came from, in the profile's words. */
export function verifiedLine(siteName: string, partyOn: string | null, askedOn: string): string {
  return partyOn
    ? `Verified: asked through ${siteName} for a party on ${formatShortDay(partyOn)}`
    : `Verified: asked through ${siteName} after an inquiry sent ${formatShortDay(askedOn)}`;
}

/** "★★★★☆" for screens; the words beside it are for screen readers. */
export function starsText(rating: number): string {
  return "★".repeat(rating) + "☆".repeat(5 - rating);
}

/** The parent's answer page, as its loader finds the link. */
export type ReviewLinkView =
  | { state: "invalid" }
  | { state: "expired"; performerName: string }
  | {
      state: "open";
      performerName: string;
      profileId: string;
      /** "Sat, Dec 12, 2026" or null without a date. */
      partyDay: string | null;
    }
  | {
      state: "answered";
      performerName: string;
      profileId: string;
      answer: "booked" | "no_show" | "not_booked";
      /** For a review: where it stands, in words. */
      reviewStatus: string | null;
    };

/** The performer's side of one question: on the inquiry and on /dashboard/reviews. */
export interface PerformerQuestionView {
  requestId: string;
  /** Null once the performer deleted the inquiry (the question stays). */
  inquiryId: string | null;
  senderName: string;
  partyOn: string | null;
  performerAnswer: "booked" | "not_booked" | null;
}

/** A review as its performer sees it on /dashboard/reviews. */
export interface PerformerReviewView {
  id: string;
  authorName: string;
  rating: number;
  body: string;
  verified: string;
  status: "pending" | "published" | "disputed" | "hidden" | "removed";
  /** For a pending review: the day it goes up unless disputed. */
  publishOn: string | null;
  disputeReason: string | null;
  reply: string | null;
  photos: ReviewPhotoView[];
}

export interface AdminReviewItem {
  kind: "review" | "no_show";
  id: string;
  /** "Reported by visitors", "Disputed by the performer", "No-show report". */
  why: string;
  performerName: string;
  profileId: string;
  authorName: string;
  rating: number | null;
  body: string | null;
  /** Visitors' reasons, the performer's dispute or the parent's note. */
  notes: string[];
  partyOn: string | null;
  createdAt: string;
}
