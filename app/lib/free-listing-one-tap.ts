import { freeListingSchema, type FreeListingValues } from "./free-listing-schema";
import type { FreeYearStatus } from "./free-listing-view";

// Applying for the free year from /dashboard/subscription in one tap: everything the account and
// profile already answer is sent from them (read again on the server, never from the post), and only
// the required questions they leave open are asked.

/** The subscription page's intent for the one-tap application (beside subscribe and manage). */
export const ONE_TAP_INTENT = "apply-free-year";

/** The application's required answers besides the email, which is always the account's. */
export const REQUIRED_QUESTIONS = ["fullName", "city", "state", "experience", "paidEvents", "travel", "bio"] as const;
export type RequiredQuestion = (typeof REQUIRED_QUESTIONS)[number];

/** The required answers the account and profile leave empty: what the one-tap form asks. */
export function questionsToAsk(prefill: FreeListingValues): RequiredQuestion[] {
  return REQUIRED_QUESTIONS.filter((key) => prefill[key].trim() === "");
}

/** The browser's check before sending: the application's own rules for the questions asked. */
export function oneTapSchema(asked: readonly RequiredQuestion[]) {
  const mask: Partial<Record<RequiredQuestion, true>> = {};
  for (const key of asked) mask[key] = true;
  return freeListingSchema.pick(mask);
}

/** The application's fields as the read-only summary names them, in the form's order. */
export const SUMMARY_LABELS: readonly { key: keyof FreeListingValues; label: string }[] = [
  { key: "fullName", label: "Full name" },
  { key: "email", label: "Email" },
  { key: "phone", label: "Phone" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "instagram", label: "Instagram" },
  { key: "facebook", label: "Facebook" },
  { key: "youtube", label: "YouTube" },
  { key: "tiktok", label: "TikTok" },
  { key: "website", label: "Website" },
  { key: "travel", label: "Willing to travel" },
  { key: "eventTypes", label: "Events" },
  { key: "characters", label: "Characters" },
  { key: "bio", label: "Bio" },
];

/** What the subscription page hands its free-year part. */
export interface FreeYearOffer {
  /** The free places left (zero: no offer, only a status if there is one). */
  spotsLeft: number;
  /** The performer's application or free year; null when they have none. */
  status: FreeYearStatus | null;
  /** The one-tap form's start, when it is offered (no status, places left). */
  apply: { values: FreeListingValues; asked: RequiredQuestion[] } | null;
  /** The account's address is confirmed (the receipt mail goes only to a confirmed one). */
  emailConfirmed: boolean;
}
