import { and, asc, lt, sql } from "drizzle-orm";
import { deleteAccount, type AccountDeletionContext } from "../profiles/account-deletion.server";
import { UNCONFIRMED_ACCOUNT_DAYS } from "../auth/confirmation-mail.server";
import { user } from "../db/schema";
import { DAY_MS, HOUR_MS } from "./durations.server";
import type { Job } from "./scheduler.server";

// An account whose address nobody confirmed within a week goes, through the one deletion path (its
// profile, photos' rows and files, sessions), so the address's real owner can sign up with it. Safe
// in several processes: each account is deleted under its row lock, and a second process then finds
// nothing (or finds it confirmed a moment ago, and leaves it).

const BATCH = 50;

export interface UnconfirmedRemovalResult {
  removed: number;
}

/** Removes accounts never confirmed that were made more than UNCONFIRMED_ACCOUNT_DAYS before `now`. */
export async function removeUnconfirmedAccounts(
  ctx: AccountDeletionContext,
  now: Date = new Date(),
): Promise<UnconfirmedRemovalResult> {
  const createdBefore = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * DAY_MS);
  const result: UnconfirmedRemovalResult = { removed: 0 };
  for (;;) {
    // Off the partial index of unconfirmed accounts; one holding a role (an operator's admin) is
    // never removed this way.
    const due = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          sql`not ${user.emailVerified}`,
          lt(user.createdAt, createdBefore),
          sql`not exists (select 1 from user_roles r where r.user_id = ${user.id})`,
        ),
      )
      .orderBy(asc(user.createdAt), asc(user.id))
      .limit(BATCH);
    let removedNow = 0;
    for (const account of due) {
      const outcome = await deleteAccount(ctx, { userId: account.id, actor: { kind: "unconfirmed", createdBefore } });
      if (outcome.kind === "deleted") removedNow++;
    }
    result.removed += removedNow;
    // Each account removed is gone, so the next read starts past it by itself. A batch of which
    // none could go (a deletion that keeps failing) would be read again forever: the next run retries.
    if (due.length < BATCH || removedNow === 0) return result;
  }
}

export function unconfirmedAccountsJob(ctx: AccountDeletionContext): Job {
  return {
    name: "unconfirmed-accounts",
    intervalMs: HOUR_MS,
    async run() {
      const result = await removeUnconfirmedAccounts(ctx);
      if (result.removed > 0) ctx.logger?.info(result, "removed accounts never confirmed");
    },
  };
}
