import { FREE_LISTING_SPOTS } from "./constants";
import type { FreeListingValues } from "./free-listing-schema";

// What the /free-listing loader hands its page, and the program's texts that both the page and the
// action use (the action refuses with the same words the page shows instead of the form).

/** Where a signed-in performer already stands with the program, when applying again makes no sense. */
export type ApplicantStanding =
  /** An application of theirs is waiting for review; `appliedAt` is an ISO timestamp. */
  | { kind: "pending"; appliedAt: string }
  /**
   * A free year is granted to the account; `endsOn` is its last listed day (YYYY-MM-DD), or null
   * while the year waits for the listing to go live.
   */
  | { kind: "granted"; endsOn: string | null };

/** What stands between an approved free year and its listing going live (the year starts then). */
export type GoLiveStep = "confirm-email" | "display-name" | "switched-off";

/**
 * The performer's free-listing application as their dashboard and subscription page show it: the
 * latest one, or the free year it brought.
 */
export type FreeYearStatus =
  /** `appliedAt` is an ISO timestamp. */
  | { kind: "pending"; appliedAt: string }
  /** `endsOn` null: the year has not started, and `waitingFor` says what it waits for. */
  | { kind: "approved"; endsOn: string | null; waitingFor: GoLiveStep[] }
  /** `reason` is what the team wrote when it declined (null for older decisions without one). */
  | { kind: "rejected"; reviewedAt: string | null; reason: string | null };

// The words for the waiting states.
export const UNDER_REVIEW = "Under review: we answer within 1–2 business days";
export const FREE_YEAR_STARTS_AT_GO_LIVE = "Your free year starts when your listing goes live";

/** A signed-in visitor: the form starts from what the account and profile already say. */
export interface FreeListingApplicant {
  prefill: FreeListingValues;
  standing: ApplicantStanding | null;
}

export interface FreeListingPageData {
  spotsRemaining: number;
  /** Null for a signed-out visitor. */
  applicant: FreeListingApplicant | null;
}

export const APPLICATION_FAILED = "Failed to submit application. Please try again.";

export const PAID_LISTING_PATH = "/dashboard/subscription";

// Our own words (the spec has none for these).
export const BETA_FULL_MESSAGE = `All ${FREE_LISTING_SPOTS} free listings of the open beta have been claimed, so we are not taking new applications. You can still list your act with a yearly membership.`;
export const ALREADY_APPLIED_MESSAGE = "You have already applied for a free listing. We'll email you as soon as it has been reviewed.";
export const ALREADY_GRANTED_MESSAGE = "Your account already has a free listing, so there is nothing more to apply for.";
// Shown next to the email field: one application and one free year per address, signed in or not.
export const EMAIL_ALREADY_APPLIED = "An application for this email address is already waiting for review. We'll email you as soon as it has been reviewed.";
export const EMAIL_ALREADY_GRANTED = "This email address already has a free listing, so there is nothing more to apply for.";

/** The live count, as the page header and the home page show it. */
export function freeSpotsText(remaining: number): string {
  return remaining > 0
    ? `${remaining} of ${FREE_LISTING_SPOTS} free spots remaining`
    : `All ${FREE_LISTING_SPOTS} free spots have been claimed`;
}
