import { createHash } from "node:crypto";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { PublicFormResult } from "~/lib/form";
import { formInput } from "~/lib/form";
import { searchAlertSchema } from "~/lib/search-alert-schema";
import {
  ALERT_ADDRESS_BUSY,
  ALERT_ADDRESS_FULL,
  ALERT_ALREADY_LISTED,
  ALERT_CONFIRM_DAYS,
  ALERT_FAILED,
  ALERT_MAILS_PER_ADDRESS_PER_DAY,
  ALERT_MAILS_PER_CLIENT_PER_HOUR,
  ALERT_NOTHING_SEARCHED,
  ALERTS_PER_ADDRESS,
  alertClientBusy,
  searchWords,
  type SearchAlertActionResult,
  type SearchAlertValues,
} from "~/lib/search-alert-view";
import type { Executor } from "../db/client.server";
import { searchAlerts } from "../db/schema";
import { lockAddresses } from "../free-listing/free-listing-applicant.server";
import { DAY_MS, HOUR_MS } from "../jobs/durations.server";
import { alertConfirmationEmail } from "../mail/alert-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import { peekRateLimit, takeRateLimits, waitInWords, type RateLimitRule } from "../platform/rate-limit.server";
import { alertSearchParams, runAlertSearch, type AlertSearch } from "./alert-search.server";
import type { AlertContext } from "./context.server";
import { newConfirmToken } from "./tokens.server";

// "Tell me when a performer for this is listed near me": the form's post. Someone with a script and
// many addresses must not be able to mail a stranger what they like, so the one mail sent before the
// owner confirms is fixed text with the link; an address gets at most a few a day and a visitor
// (client key) may ask for a few an hour, counted only when a mail is really queued; an address
// holds at most ALERTS_PER_ADDRESS confirmed alerts. A search that already has performers is sent
// to them instead.

/** Keyed on a hash: the counter table need not hold another copy of the address. */
function addressRule(email: string): RateLimitRule {
  const digest = createHash("sha256").update(email).digest("base64url");
  return { key: `alert-mail:address:${digest}`, limit: ALERT_MAILS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS };
}

function clientRule(clientKey: string): RateLimitRule {
  return { key: `alert-mail:client:${clientKey}`, limit: ALERT_MAILS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS };
}

/** Thrown inside the transaction to undo it, carrying what the visitor is told. */
class Refusal extends Error {
  constructor(readonly answer: { errors: Record<string, string>; message?: string }) {
    super("search alert refused");
  }
}

/** Confirmed alerts the address holds, other than this search's own. */
async function confirmedAlertsOf(tx: Executor, email: string, exceptId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(searchAlerts)
    .where(and(eq(searchAlerts.email, email), isNotNull(searchAlerts.confirmedAt), exceptId ? sql`${searchAlerts.id} <> ${exceptId}` : undefined));
  return Number(row.n);
}

/**
 * Stores the alert (or, for a search this address already asked about, gives it a new link) and
 * queues the confirmation mail, in one transaction with the limits it spends.
 */
async function storeAlert(ctx: AlertContext, email: string, search: AlertSearch, placeLabel: string | null, clientKey: string, now: Date) {
  const { token, hash } = newConfirmToken();
  const expiresAt = new Date(now.getTime() + ALERT_CONFIRM_DAYS * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    // Two posts for one address are checked one after the other, so the tenth slot is taken once.
    await lockAddresses(tx, [email]);
    const [existing] = await tx
      .select({ id: searchAlerts.id })
      .from(searchAlerts)
      .where(
        and(
          eq(searchAlerts.email, email),
          eq(searchAlerts.query, search.query),
          sql`coalesce(${searchAlerts.state}, '') = ${search.state ?? ""}`,
          sql`coalesce(${searchAlerts.city}, '') = ${search.city ?? ""}`,
        ),
      );
    if ((await confirmedAlertsOf(tx, email, existing?.id ?? null)) >= ALERTS_PER_ADDRESS) {
      throw new Refusal({ errors: { email: ALERT_ADDRESS_FULL } });
    }
    const verdict = await takeRateLimits(tx, [addressRule(email), clientRule(clientKey)], 1, now);
    if (!verdict.allowed) {
      throw new Refusal(
        verdict.refusedBy?.key.startsWith("alert-mail:address:")
          ? { errors: {}, message: ALERT_ADDRESS_BUSY }
          : { errors: {}, message: alertClientBusy(waitInWords(verdict.retryAfterSeconds)) },
      );
    }
    if (existing) {
      // A confirmed alert keeps running; its new link only confirms it again.
      await tx
        .update(searchAlerts)
        .set({ confirmTokenHash: hash, confirmExpiresAt: expiresAt, placeLabel })
        .where(eq(searchAlerts.id, existing.id));
    } else {
      await tx.insert(searchAlerts).values({ email, ...search, placeLabel, confirmTokenHash: hash, confirmExpiresAt: expiresAt, createdAt: now });
    }
    await enqueueEmail(
      tx,
      alertConfirmationEmail({
        siteName: ctx.config.siteName,
        to: email,
        link: `${ctx.config.publicUrl}/alerts/confirm?token=${token}`,
        days: ALERT_CONFIRM_DAYS,
      }),
    );
  });
}

/** The /alerts action, given the post as the route read it (readPublicForm) and the visitor's client key. */
export async function handleAlertSubscribe(
  ctx: AlertContext,
  form: PublicFormResult<typeof searchAlertSchema>,
  clientKey: string,
  now: Date = new Date(),
): Promise<SearchAlertActionResult> {
  if ("dropped" in form) {
    const values: SearchAlertValues = formInput(searchAlertSchema, new FormData());
    if (form.dropped === "unreadable") return { ok: false, errors: {}, message: ALERT_FAILED, values };
    // A bot that filled the hidden field is answered as if it worked, and nothing is sent.
    ctx.logger?.info("search alert honeypot filled; dropped");
    return { ok: true, email: "" };
  }
  const { values } = form;
  if (!form.ok) return { ok: false, errors: form.errors, values };
  const email = form.data.email.toLowerCase();
  try {
    // Refused before the search runs when a limit is already spent (nothing is counted here).
    const [byAddress, byClient] = await Promise.all([
      peekRateLimit(ctx.db, addressRule(email), 1, now),
      peekRateLimit(ctx.db, clientRule(clientKey), 1, now),
    ]);
    if (!byAddress.allowed) return { ok: false, errors: {}, message: ALERT_ADDRESS_BUSY, values };
    if (!byClient.allowed) return { ok: false, errors: {}, message: alertClientBusy(waitInWords(byClient.retryAfterSeconds)), values };

    const found = await runAlertSearch(ctx.db, { query: form.data.q, state: form.data.state || null, city: form.data.city || null });
    // Only stop words, or nothing: an alert for it could never match anyone.
    const nothing = found.idle || (!found.placeLabel && !searchWords(found.input.q, null, found.input.state));
    if (nothing) return { ok: false, errors: {}, message: ALERT_NOTHING_SEARCHED, values };
    // Stored as /search reads it: the words as typed, and only a state or city it knows.
    const search: AlertSearch = { query: found.input.q, state: found.input.state, city: found.input.city };
    if (found.matches.length > 0) {
      return { ok: false, errors: {}, message: ALERT_ALREADY_LISTED, resultsHref: `/search?${alertSearchParams(search).toString()}`, values };
    }
    await storeAlert(ctx, email, search, found.placeLabel, clientKey, now);
    return { ok: true, email };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, ...error.answer, values };
    ctx.logger?.error({ err: error }, "search alert could not be stored");
    return { ok: false, errors: {}, message: ALERT_FAILED, values };
  }
}
