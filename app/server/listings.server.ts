import { count, eq } from "drizzle-orm";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { formInput, type PublicFormResult } from "~/lib/form";
import {
  APPLICATION_FAILED,
  APPLICATION_SENT,
  freeListingSchema,
  type FreeListingActionResult,
  type FreeListingInput,
} from "~/lib/free-listing-schema";
import type { Executor } from "./db/client.server";
import { freeListingRequests } from "./db/schema";
import type { Logger } from "./logger.server";
import { enqueueEmail } from "./mail/outbox.server";
import { freeListingNotificationEmail } from "./mail/templates.server";
import { hitRateLimit, waitInWords } from "./rate-limit.server";
import type { AppServices } from "./services.server";

// Free-listing applications (/free-listing): the open beta's first 150 approved listings are free.

export const FREE_LISTING_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

/** Free spots left: 150 minus the applications an admin approved (never below zero). */
export async function freeSpotsRemaining(db: Executor): Promise<number> {
  const [row] = await db
    .select({ approved: count() })
    .from(freeListingRequests)
    .where(eq(freeListingRequests.status, "approved"));
  return Math.max(0, FREE_LISTING_SPOTS - Number(row?.approved ?? 0));
}

export interface FreeListingSettings {
  siteName: string;
  adminEmail: string;
  publicUrl: string;
}

/** Stores a validated application as pending and queues the admin's notification in the same transaction. */
async function submitFreeListing(db: Executor, settings: FreeListingSettings, input: FreeListingInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(freeListingRequests)
      .values({ ...input, status: "pending" })
      .returning({ id: freeListingRequests.id });
    await enqueueEmail(
      tx,
      freeListingNotificationEmail({
        siteName: settings.siteName,
        to: settings.adminEmail,
        adminUrl: `${settings.publicUrl}/admin`,
        application: input,
      }),
    );
    return row.id;
  });
}

export type FreeListingContext = Pick<AppServices, "db" | "config"> & { logger?: Logger };

/**
 * The /free-listing action, given the post as the route read it (readPublicForm) and the sender's
 * address: honeypot, validation, rate limit, then the stored application.
 */
export async function handleFreeListing(
  context: FreeListingContext,
  form: PublicFormResult<typeof freeListingSchema>,
  ip: string,
): Promise<FreeListingActionResult> {
  const now = new Date();
  if ("dropped" in form) {
    if (form.dropped === "unreadable") {
      return { ok: false, errors: {}, message: APPLICATION_FAILED, values: formInput(freeListingSchema, new FormData()) };
    }
    context.logger?.info("free-listing honeypot filled; dropped");
    return { ok: true, message: APPLICATION_SENT, submittedAt: now.getTime() };
  }
  const { values } = form;
  if (!form.ok) return { ok: false, errors: form.errors, values };
  try {
    const limited = await hitRateLimit(context.db, { key: `free-listing:ip:${ip}`, ...FREE_LISTING_LIMIT }, now);
    if (!limited.allowed) {
      return {
        ok: false,
        errors: {},
        message: `Too many applications have been sent from your connection. Please try again in ${waitInWords(limited.retryAfterSeconds)}.`,
        values,
      };
    }
    await submitFreeListing(
      context.db,
      { siteName: context.config.siteName, adminEmail: context.config.adminEmail, publicUrl: context.config.publicUrl },
      form.data,
    );
    return { ok: true, message: APPLICATION_SENT, submittedAt: now.getTime() };
  } catch (error) {
    context.logger?.error({ err: error }, "free-listing application failed");
    return { ok: false, errors: {}, message: APPLICATION_FAILED, values };
  }
}
