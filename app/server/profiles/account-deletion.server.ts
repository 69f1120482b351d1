import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import {
  emailOutbox,
  freeListingGrants,
  freeListingRequests,
  profileImages,
  profiles,
  stripeCustomers,
  trustDocuments,
  user,
  verification,
} from "../db/schema";
import { recordAudit } from "../admin/audit.server";
import type { Logger } from "../platform/logger.server";
import { accountDeletedEmail } from "../mail/account-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import type { StripePayments } from "../payments/stripe.server";
import type { Storage } from "../storage/storage.server";
import { queueStoredFileDeletions, sweepStoredFileDeletions } from "./stored-file-deletions.server";

// Deleting an account from /dashboard/delete-account, and an admin deleting a profile from /admin,
// run the same deleteAccount. The performer's own request takes the whole account; the admin's
// takes what the spec's admin deletes, the profile (with its categories, images and inquiries),
// stops its billing and tells the owner, whose account stays (they may sign in and start again, and
// an admin deleting an admin's profile never deletes an admin). Accounts whose address was never
// confirmed go the same way after a week (jobs/unconfirmed-accounts.server.ts), keeping what belongs
// to the address rather than the account, and telling no one.
//
// Order, so nothing is ever half deleted:
// 1. One transaction locks the account, cancels its live Stripe subscriptions (and expires an open
//    checkout, which could otherwise still be paid), then deletes the user row (the admin's: the
//    profile row, and its running free year is revoked); the foreign keys take the profile (so it
//    leaves the directory), categories, images' rows, inquiries, and for a whole account sessions,
//    roles and payment rows with it. A Stripe event arriving later for an admin's deletion finds
//    no profile and opens none (refreshListing): the profile stays deleted. For
//    a whole account the person's free-listing applications and the mail still waiting for them go
//    too; the confirmation mail and, for an admin, the audit row are written in
//    the same transaction. A Stripe failure rolls everything back: the account stays as it was
//    and the person is asked to try again (a cancelled subscription with the account still there
//    is the only state a crash can leave, and a retry finishes the job).
// 2. The image files, and the trust documents' private files, are queued for removal in that
//    transaction and removed after the commit; any that fail stay queued and the storage sweep job
//    (app/server/jobs) retries them.

/** What deleting an account needs; the app's services object is one. */
export interface AccountDeletionContext {
  db: Executor;
  storage: Storage;
  stripe: StripePayments | null;
  config: Pick<AppConfig, "publicUrl" | "siteName"> & { contactEmails?: { support: string } };
  logger?: Logger;
}

/**
 * Who asks: the performer, an admin (the profile only), or the removal of accounts whose address was
 * never confirmed (jobs/unconfirmed-accounts.server.ts), which goes only while the account is still
 * unconfirmed and made before `createdBefore`.
 */
export type AccountDeletionActor =
  | { kind: "self" }
  | { kind: "admin"; adminId: string }
  | { kind: "unconfirmed"; createdBefore: Date };

export type AccountDeletionOutcome =
  | {
      kind: "deleted";
      /** Files of the account's images queued for removal, and how many of them are gone already. */
      filesQueued: number;
      filesRemoved: number;
      /** Stripe subscriptions cancelled at once. */
      cancelledSubscriptions: string[];
    }
  | { kind: "not-found" };

/** Stripe statuses that are over already: nothing left to cancel. */
const ENDED_SUBSCRIPTION_STATUSES = new Set(["canceled", "incomplete_expired"]);

/** Cancels whatever the customer could still be charged for; throws when Stripe cannot be reached. */
async function stopBilling(stripe: StripePayments, customerId: string, openCheckoutSessionId: string | null): Promise<string[]> {
  const list = await stripe.client.subscriptions.list({ customer: customerId, status: "all", limit: 100 });
  const cancelled: string[] = [];
  for (const subscription of list.data) {
    if (ENDED_SUBSCRIPTION_STATUSES.has(subscription.status)) continue;
    await stripe.client.subscriptions.cancel(subscription.id);
    cancelled.push(subscription.id);
  }
  if (openCheckoutSessionId) {
    const session = await stripe.client.checkout.sessions.retrieve(openCheckoutSessionId);
    if (session.status === "open") await stripe.client.checkout.sessions.expire(openCheckoutSessionId);
  }
  return cancelled;
}

/**
 * Deletes an account and everything that belongs to it (see the top of this file). Throws when the
 * Stripe subscription could not be cancelled or the database refused, with nothing deleted.
 */
export async function deleteAccount(
  ctx: AccountDeletionContext,
  input: { userId: string; actor: AccountDeletionActor },
): Promise<AccountDeletionOutcome> {
  const done = await ctx.db.transaction(async (tx) => {
    // Locks the account: a second deletion (another tab, the admin at the same moment) waits here
    // and then finds nothing.
    const [account] = await tx
      .select({ id: user.id, email: user.email, confirmed: user.emailVerified, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, input.userId))
      .for("update");
    if (!account) return null;
    // Checked under the lock: an owner who followed the link a moment ago keeps the account.
    if (input.actor.kind === "unconfirmed" && (account.confirmed || account.createdAt >= input.actor.createdBefore)) return null;
    const [profile] = await tx
      .select({ contactEmail: profiles.contactEmail })
      .from(profiles)
      .where(eq(profiles.id, account.id));
    const wholeAccount = input.actor.kind !== "admin";
    // An unconfirmed account may have been someone else's sign-up with the address: the address's
    // mail and free-listing applications belong to its real owner and stay (applications made while
    // signed in to it lose only their link to it), and nobody is written to.
    const ownersRecords = input.actor.kind === "self";
    if (!wholeAccount && !profile) return null;
    const images = await tx
      .select({ variants: profileImages.variants })
      .from(profileImages)
      .where(eq(profileImages.profileId, account.id));
    // The trust documents' files (private, not yet deleted 30 days after their decision) go too.
    const documents = await tx
      .select({ key: trustDocuments.storageKey })
      .from(trustDocuments)
      .where(and(eq(trustDocuments.profileId, account.id), sql`${trustDocuments.storageKey} is not null`));
    const fileKeys = [...images.flatMap((image) => image.variants.map((variant) => variant.key)), ...documents.flatMap((d) => (d.key ? [d.key] : []))];

    // Locked so a webhook for this customer waits for the commit and then finds no one to update.
    const [billing] = await tx
      .select({ customerId: stripeCustomers.customerId, openCheckoutSessionId: stripeCustomers.openCheckoutSessionId })
      .from(stripeCustomers)
      .where(eq(stripeCustomers.userId, account.id))
      .for("update");
    let cancelledSubscriptions: string[] = [];
    if (billing) {
      if (ctx.stripe) {
        cancelledSubscriptions = await stopBilling(ctx.stripe, billing.customerId, billing.openCheckoutSessionId);
      } else {
        ctx.logger?.warn(
          { userId: account.id, customerId: billing.customerId },
          "deleting an account with a Stripe customer while payments are not configured: its subscription was not cancelled",
        );
      }
    }

    // Mail to this person, waiting (reminders, inquiry notices) or kept after sending (which holds
    // visitors' messages), goes too; one being handed to SMTP this moment is left to finish.
    if (ownersRecords) {
      const addresses = [account.email, profile?.contactEmail].filter((value): value is string => !!value);
      await tx.delete(emailOutbox).where(and(inArray(emailOutbox.toAddress, addresses), ne(emailOutbox.status, "sending")));
      // Their free-listing applications hold their name, phone and story; the audit log keeps the ids.
      await tx
        .delete(freeListingRequests)
        .where(or(eq(freeListingRequests.userId, account.id), sql`lower(${freeListingRequests.email}) = lower(${account.email})`));
    }
    // Unused password-reset links name the account in `value`.
    if (wholeAccount) await tx.delete(verification).where(eq(verification.value, account.id));
    await queueStoredFileDeletions(tx, fileKeys);
    if (wholeAccount) await tx.delete(user).where(eq(user.id, account.id));
    else {
      await tx.delete(profiles).where(eq(profiles.id, account.id));
      // The free year was for the listing that is gone: left running, the daily job would list the
      // account again (refreshListing opens a row for a running grant).
      await tx
        .update(freeListingGrants)
        .set({ revokedAt: new Date() })
        .where(and(eq(freeListingGrants.userId, account.id), isNull(freeListingGrants.revokedAt)));
    }

    if (input.actor.kind === "admin") {
      await recordAudit(tx, { adminId: input.actor.adminId, action: "profile.delete", targetType: "profile", targetId: account.id });
    }
    if (input.actor.kind === "unconfirmed") return { fileKeys, cancelledSubscriptions };
    await enqueueEmail(
      tx,
      accountDeletedEmail({
        siteName: ctx.config.siteName,
        publicUrl: ctx.config.publicUrl,
        to: account.email,
        by: input.actor.kind,
        subscriptionCancelled: cancelledSubscriptions.length > 0,
        contactEmail: ctx.config.contactEmails?.support ?? null,
      }),
    );
    return { fileKeys, cancelledSubscriptions };
  });
  if (!done) return { kind: "not-found" };

  ctx.logger?.info(
    { userId: input.userId, by: input.actor.kind, files: done.fileKeys.length, cancelledSubscriptions: done.cancelledSubscriptions },
    "account deleted",
  );
  let filesRemoved = 0;
  try {
    filesRemoved = (await sweepStoredFileDeletions(ctx.db, ctx.storage, { keys: done.fileKeys, logger: ctx.logger })).removed;
  } catch (error) {
    // The keys are still queued: the sweep job removes the files later.
    ctx.logger?.error({ err: error, userId: input.userId }, "removing a deleted account's files failed; the storage sweep retries");
  }
  return {
    kind: "deleted",
    filesQueued: done.fileKeys.length,
    filesRemoved,
    cancelledSubscriptions: done.cancelledSubscriptions,
  };
}
