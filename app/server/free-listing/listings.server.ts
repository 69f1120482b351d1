import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { formInput, type PublicFormResult } from "~/lib/form";
import {
  APPLICATION_SENT,
  freeListingSchema,
  type FreeListingActionResult,
  type FreeListingInput,
} from "~/lib/free-listing-schema";
import {
  APPLICATION_FAILED,
  ALREADY_APPLIED_MESSAGE,
  ALREADY_GRANTED_MESSAGE,
  BETA_FULL_MESSAGE,
  EMAIL_ALREADY_APPLIED,
  EMAIL_ALREADY_GRANTED,
  type ApplicantStanding,
} from "~/lib/free-listing-view";
import { freeListingGrantsIssued } from "../admin/free-listing-requests.server";
import type { Executor } from "../db/client.server";
import { freeListingRequests } from "../db/schema";
import {
  addressStanding,
  applicantStanding,
  lockAddresses,
  lockApplicant,
  type ApplicantAccount,
} from "./free-listing-applicant.server";
import type { Logger } from "../platform/logger.server";
import { applicationReceiptEmail } from "../mail/application-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import { freeListingNotificationEmail } from "../mail/templates.server";
import { hitRateLimit, waitInWords } from "../platform/rate-limit.server";
import type { AppServices } from "../platform/services.server";

// Free-listing applications (/free-listing): the open beta's first 150 approved listings are free.

export const FREE_LISTING_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

/**
 * Free spots left: 150 minus the grants the program has issued. The counter is the one the approval
 * raises under its CHECK, so this number and the 151st refusal can never disagree (counting approved
 * requests would, once an approved request is deleted).
 */
export async function freeSpotsRemaining(db: Executor): Promise<number> {
  return Math.max(0, FREE_LISTING_SPOTS - (await freeListingGrantsIssued(db)));
}

export interface FreeListingSettings {
  siteName: string;
  adminEmail: string;
  publicUrl: string;
}

type SubmitOutcome =
  | { kind: "stored"; id: string }
  /** The signed-in account already has an application waiting or a free year. */
  | { kind: "refused"; standing: ApplicantStanding }
  /** The address typed in the form has. */
  | { kind: "address-refused"; standing: ApplicantStanding };

/**
 * Stores a validated application as pending and queues the admin's notification in the same
 * transaction, and the applicant's receipt when they are signed in with a confirmed address (to
 * that address, whatever the form's email: a typed address nobody confirmed never receives text
 * from the form, and a signed-out post reads its receipt on the page). Refused when the address
 * typed already has an application waiting or a free year, or (signed in) the account has; checked
 * under locks on the addresses and the account, so two posts cannot both pass.
 */
async function submitFreeListing(
  db: Executor,
  settings: FreeListingSettings,
  input: FreeListingInput,
  applicant: ApplicantAccount | null,
): Promise<SubmitOutcome> {
  return db.transaction(async (tx): Promise<SubmitOutcome> => {
    await lockAddresses(tx, applicant ? [input.email, applicant.email] : [input.email]);
    let receiptTo: string | null = null;
    if (applicant) {
      const account = await lockApplicant(tx, applicant);
      if (account?.confirmed) receiptTo = account.email;
      const standing = await applicantStanding(tx, applicant);
      if (standing) return { kind: "refused", standing };
    }
    const addressHas = await addressStanding(tx, input.email);
    if (addressHas) return { kind: "address-refused", standing: addressHas };
    const [row] = await tx
      .insert(freeListingRequests)
      .values({ ...input, status: "pending", userId: applicant?.id ?? null })
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
    if (receiptTo) {
      await enqueueEmail(
        tx,
        applicationReceiptEmail({
          siteName: settings.siteName,
          publicUrl: settings.publicUrl,
          to: receiptTo,
          fullName: input.fullName,
          receivedAt: new Date(),
        }),
      );
    }
    return { kind: "stored", id: row.id };
  });
}

export type FreeListingContext = Pick<AppServices, "db" | "config"> & { logger?: Logger };

/**
 * The /free-listing action, given the post as the route read it (readPublicForm), the sender's
 * address and, when signed in, their account: honeypot, the program's last free spot, validation,
 * rate limit, then the stored application.
 */
export async function handleFreeListing(
  context: FreeListingContext,
  form: PublicFormResult<typeof freeListingSchema>,
  ip: string,
  applicant: ApplicantAccount | null = null,
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
  try {
    // The page stops offering the form at zero; a page loaded before the last grant can still post.
    if ((await freeSpotsRemaining(context.db)) === 0) return { ok: false, errors: {}, message: BETA_FULL_MESSAGE, values };
    if (!form.ok) return { ok: false, errors: form.errors, values };
    const limited = await hitRateLimit(context.db, { key: `free-listing:ip:${ip}`, ...FREE_LISTING_LIMIT }, now);
    if (!limited.allowed) {
      return {
        ok: false,
        errors: {},
        message: `Too many applications have been sent from your connection. Please try again in ${waitInWords(limited.retryAfterSeconds)}.`,
        values,
      };
    }
    const outcome = await submitFreeListing(
      context.db,
      { siteName: context.config.siteName, adminEmail: context.config.adminEmail, publicUrl: context.config.publicUrl },
      form.data,
      applicant,
    );
    if (outcome.kind === "address-refused") {
      const message = outcome.standing.kind === "pending" ? EMAIL_ALREADY_APPLIED : EMAIL_ALREADY_GRANTED;
      return { ok: false, errors: { email: message }, values };
    }
    if (outcome.kind === "refused") {
      const message = outcome.standing.kind === "pending" ? ALREADY_APPLIED_MESSAGE : ALREADY_GRANTED_MESSAGE;
      return { ok: false, errors: {}, message, values };
    }
    return { ok: true, message: APPLICATION_SENT, submittedAt: now.getTime() };
  } catch (error) {
    context.logger?.error({ err: error }, "free-listing application failed");
    return { ok: false, errors: {}, message: APPLICATION_FAILED, values };
  }
}
