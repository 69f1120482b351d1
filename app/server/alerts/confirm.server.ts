import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { ALERTS_PER_ADDRESS } from "~/lib/search-alert-view";
import type { Executor } from "../db/client.server";
import { searchAlerts } from "../db/schema";
import { lockAddresses } from "../free-listing/free-listing-applicant.server";
import { describeAlert } from "./alert-search.server";
import { hashConfirmToken, isConfirmToken } from "./tokens.server";

// Following the confirmation link. The page the link opens only shows the search and a button:
// mail scanners and link previews open links by themselves, and a stranger's alert must not start
// because a scanner looked at its link. The button's post confirms, once: the token is spent.

export type ConfirmLinkView = { kind: "valid"; search: string } | { kind: "invalid" };

export type ConfirmOutcome = { kind: "confirmed"; search: string } | { kind: "invalid" } | { kind: "full" };


async function findByToken(db: Executor, token: string, now: Date, lock = false) {
  if (!isConfirmToken(token)) return null;
  const query = db
    .select({ id: searchAlerts.id, email: searchAlerts.email, query: searchAlerts.query, placeLabel: searchAlerts.placeLabel, state: searchAlerts.state })
    .from(searchAlerts)
    .where(and(eq(searchAlerts.confirmTokenHash, hashConfirmToken(token)), gt(searchAlerts.confirmExpiresAt, now)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What the link's page shows, without changing anything. */
export async function readConfirmLink(db: Executor, token: string, now: Date = new Date()): Promise<ConfirmLinkView> {
  const row = await findByToken(db, token, now);
  return row ? { kind: "valid", search: describeAlert(row) } : { kind: "invalid" };
}

/** The button's post: starts the alert and spends the link (unless the address is full, so it can try again). */
export async function confirmAlert(db: Executor, token: string, now: Date = new Date()): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const found = await findByToken(tx, token, now);
    if (!found) return { kind: "invalid" };
    await lockAddresses(tx, [found.email]);
    // Read again under the lock: another tab may have spent the link meanwhile.
    const row = await findByToken(tx, token, now, true);
    if (!row) return { kind: "invalid" };
    const [held] = await tx
      .select({ n: count() })
      .from(searchAlerts)
      .where(and(eq(searchAlerts.email, row.email), isNotNull(searchAlerts.confirmedAt), sql`${searchAlerts.id} <> ${row.id}`));
    if (Number(held.n) >= ALERTS_PER_ADDRESS) return { kind: "full" };
    await tx
      .update(searchAlerts)
      .set({
        confirmedAt: sql`coalesce(${searchAlerts.confirmedAt}, ${now.toISOString()}::timestamptz)`,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        // Looked at by the next run of the job: a performer listed since the visitor searched is mailed then.
        checkedAt: null,
      })
      .where(eq(searchAlerts.id, row.id));
    return { kind: "confirmed", search: describeAlert(row) };
  });
}
