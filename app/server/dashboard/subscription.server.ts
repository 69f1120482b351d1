import type { FreeYearOffer } from "~/lib/free-listing-one-tap";
import type { ListingStatusView } from "~/lib/subscription";
import { isEmailConfirmed } from "../auth/email-confirmation.server";
import type { Executor } from "../db/client.server";
import type { ApplicantAccount } from "../free-listing/free-listing-applicant.server";
import { loadFreeYearOffer } from "../free-listing/free-listing-one-tap.server";
import { freeSpotsRemaining } from "../free-listing/listings.server";
import { readListingStatus } from "../payments/status.server";

// What /dashboard/subscription shows: the one listing status and, during the open beta, how many
// free listings are left (the same count /free-listing shows) and the performer's free year: their
// application's status, or the one-tap application, which comes before the price.

export interface SubscriptionPageData {
  listing: ListingStatusView;
  freeSpotsLeft: number;
  /** Subscribe Now is offered only once the account's address is confirmed. */
  emailConfirmed: boolean;
  /** Null for a listing already paid or granted and running (the page shows the active listing). */
  freeYear: FreeYearOffer | null;
}

export async function loadSubscriptionPage(db: Executor, account: ApplicantAccount): Promise<SubscriptionPageData> {
  const [listing, freeSpotsLeft, emailConfirmed] = await Promise.all([
    readListingStatus(db, account.id),
    freeSpotsRemaining(db),
    isEmailConfirmed(db, account.id),
  ]);
  const freeYear = listing.paid ? null : await loadFreeYearOffer(db, account, emailConfirmed);
  return { listing, freeSpotsLeft, emailConfirmed, freeYear };
}
