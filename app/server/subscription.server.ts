import type { ListingStatusView } from "~/lib/subscription";
import type { Executor } from "./db/client.server";
import { freeSpotsRemaining } from "./listings.server";
import { readListingStatus } from "./payments/status.server";

// What /dashboard/subscription shows: the one listing status and, during the open beta, how many
// free listings are left (the same count /free-listing shows).

export interface SubscriptionPageData {
  listing: ListingStatusView;
  freeSpotsLeft: number;
}

export async function loadSubscriptionPage(db: Executor, userId: string): Promise<SubscriptionPageData> {
  const [listing, freeSpotsLeft] = await Promise.all([readListingStatus(db, userId), freeSpotsRemaining(db)]);
  return { listing, freeSpotsLeft };
}
