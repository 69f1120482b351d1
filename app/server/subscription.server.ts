import type { ListingStatusView } from "~/lib/subscription";
import { isEmailConfirmed } from "./auth/email-confirmation.server";
import type { Executor } from "./db/client.server";
import { freeSpotsRemaining } from "./listings.server";
import { readListingStatus } from "./payments/status.server";

// What /dashboard/subscription shows: the one listing status and, during the open beta, how many
// free listings are left (the same count /free-listing shows).

export interface SubscriptionPageData {
  listing: ListingStatusView;
  freeSpotsLeft: number;
  /** Subscribe Now is offered only once the account's address is confirmed. */
  emailConfirmed: boolean;
}

export async function loadSubscriptionPage(db: Executor, userId: string): Promise<SubscriptionPageData> {
  const [listing, freeSpotsLeft, emailConfirmed] = await Promise.all([
    readListingStatus(db, userId),
    freeSpotsRemaining(db),
    isEmailConfirmed(db, userId),
  ]);
  return { listing, freeSpotsLeft, emailConfirmed };
}
