import { count, eq } from "drizzle-orm";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import {
  APPLICATION_FAILED,
  APPLICATION_SENT,
  FREE_LISTING_HONEYPOT,
  freeListingSchema,
  freeListingValuesFrom,
  type FreeListingInput,
  type FreeListingValues,
} from "~/lib/free-listing-schema";
import { fieldErrors } from "~/lib/form-errors";
import type { Executor } from "./db/client.server";
import { freeListingRequests } from "./db/schema";
import type { Logger } from "./logger.server";
import { enqueueEmail } from "./mail/outbox.server";
import { freeListingNotificationEmail } from "./mail/templates.server";
import { clientIp, hitRateLimit, waitInWords } from "./rate-limit.server";
import type { AppServices } from "./services.server";

// Free-listing applications (/free-listing): the open beta's first 150 approved listings are free.

export { APPLICATION_FAILED, APPLICATION_SENT };


export const FREE_LISTING_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

export type FreeListingActionResult =
  | { ok: true; message: string; submittedAt: number }
  | { ok: false; errors: Record<string, string>; message?: string; values: FreeListingValues };

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
export async function submitFreeListing(db: Executor, settings: FreeListingSettings, input: FreeListingInput): Promise<string> {
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

export type FreeListingContext = Pick<AppServices, "db" | "config"> & { logger?: Logger; clientIp?: string };

/** The /free-listing action: honeypot, validation, rate limit, then the stored application. */
export async function handleFreeListingSubmission(context: FreeListingContext, request: Request): Promise<FreeListingActionResult> {
  const now = new Date();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, errors: {}, message: APPLICATION_FAILED, values: freeListingValuesFrom(new FormData()) };
  }
  const values = freeListingValuesFrom(form);
  const honeypot = form.get(FREE_LISTING_HONEYPOT);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    context.logger?.info("free-listing honeypot filled; dropped");
    return { ok: true, message: APPLICATION_SENT, submittedAt: now.getTime() };
  }
  const parsed = freeListingSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), values };
  try {
    const limited = await hitRateLimit(
      context.db,
      { key: `free-listing:ip:${clientIp(context, request)}`, ...FREE_LISTING_LIMIT },
      now,
    );
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
      parsed.data,
    );
    return { ok: true, message: APPLICATION_SENT, submittedAt: now.getTime() };
  } catch (error) {
    context.logger?.error({ err: error }, "free-listing application failed");
    return { ok: false, errors: {}, message: APPLICATION_FAILED, values };
  }
}
