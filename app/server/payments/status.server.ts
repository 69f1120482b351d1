import { desc, eq } from "drizzle-orm";
import type { PaymentStatus } from "~/lib/constants";
import type { ListingStatusView } from "~/lib/subscription";
import type { Executor } from "../db/client.server";
import { profiles, stripeCustomers, stripeSubscriptions } from "../db/schema";
import { isPaidListing, isPubliclyVisible, todayIso } from "../directory/visibility.server";
import { isLiveSubscription } from "./listing-status.server";

// What the performer's own screens (dashboard, preview, subscription page) say about the listing.
// It reads the stored status that deriveListing wrote (profiles.payment_status / payment_expiry)
// through the visibility rule's own functions, plus the stored subscription for the renewal or
// cancellation date; it never derives a status of its own, so the screens cannot disagree.

/** A subscription's period end as the listing's day (the same UTC day deriveListing stores). */
const dayOf = (moment: Date) => todayIso(moment);

export async function readListingStatus(db: Executor, userId: string, today: string = todayIso()): Promise<ListingStatusView> {
  const [[profile], subscriptions] = await Promise.all([
    db
      .select({
        paymentStatus: profiles.paymentStatus,
        paymentExpiry: profiles.paymentExpiry,
        isActive: profiles.isActive,
        displayName: profiles.displayName,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1),
    db
      .select({
        status: stripeSubscriptions.status,
        currentPeriodEnd: stripeSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: stripeSubscriptions.cancelAtPeriodEnd,
      })
      .from(stripeSubscriptions)
      .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, stripeSubscriptions.customerId))
      .where(eq(stripeCustomers.userId, userId))
      .orderBy(desc(stripeSubscriptions.currentPeriodEnd)),
  ]);
  const paymentStatus = (profile?.paymentStatus ?? "pending") as PaymentStatus;
  const paymentExpiry = profile?.paymentExpiry ?? null;
  const paid = isPaidListing({ paymentStatus, paymentExpiry }, today);
  const live = subscriptions.find((sub) => isLiveSubscription(sub.status));
  const paymentFailed = live ? live.status === "past_due" || live.status === "unpaid" : false;
  return {
    paymentStatus,
    paymentExpiry,
    paid,
    listed: profile ? isPubliclyVisible(profile, today) : false,
    subscription: live
      ? {
          renewsOn: !live.cancelAtPeriodEnd && !paymentFailed ? dayOf(live.currentPeriodEnd) : null,
          cancelsOn: live.cancelAtPeriodEnd ? dayOf(live.currentPeriodEnd) : null,
          paymentFailed,
        }
      : null,
    freeListing: paid && !live,
  };
}
