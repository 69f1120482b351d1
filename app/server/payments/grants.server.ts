import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { PLANS } from "~/lib/constants";
import { fillCharactersFromApplication } from "../application-characters.server";
import type { Executor } from "../db/client.server";
import { freeListingGrants, user } from "../db/schema";
import { todayIso } from "../visibility.server";
import type { ListingContext } from "./context.server";
import { refreshListing, type ListingChange } from "./listing-status.server";

// Free listings (the open beta's first 150). A grant counts in the listing rule like a paid period;
// whichever ends later wins.

/** "2026-01-31" plus n months, clamped to the month's last day (2026-02-28), as YYYY-MM-DD. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return todayIso(firstOfTarget);
}

export interface GrantInput {
  /** The account to list; or `email` for an applicant who has no account yet. */
  userId?: string | null;
  email?: string | null;
  /** First day listed; default today. */
  startsOn?: string;
  /** Last day listed; default 12 months after the start, like a paid year. */
  endsOn?: string;
  grantedBy?: string | null;
  sourceRequestId?: string | null;
}

export interface GrantResult {
  grantId: string;
  /** The account it applies to now; null while it waits for an account with that email. */
  userId: string | null;
  listing: ListingChange | null;
}

/**
 * Grants a free listing and recomputes the listing at once when the account exists. Runs in the
 * caller's transaction when given one (approving a request and granting commit together).
 */
export async function grantFreeListing(
  db: Executor,
  context: ListingContext,
  input: GrantInput,
  now: Date = new Date(),
): Promise<GrantResult> {
  const email = input.email?.trim().toLowerCase() || null;
  if (!input.userId && !email) throw new Error("A free listing needs an account or an email address");
  const startsOn = input.startsOn ?? todayIso(now);
  const endsOn = input.endsOn ?? addMonths(startsOn, PLANS.YEARLY_MEMBERSHIP.months);
  return db.transaction(async (tx) => {
    const holder = { id: user.id, email: user.email, confirmed: user.emailVerified };
    const [account] = input.userId
      ? await tx.select(holder).from(user).where(eq(user.id, input.userId))
      : await tx.select(holder).from(user).where(sql`lower(${user.email}) = ${email}`);
    // A free year reaches an account only once its owner has confirmed the address: anyone can sign
    // up with someone else's. Until then it waits on the account's address, and following the
    // confirmation link attaches it (claimFreeListingGrants).
    const userId = account?.confirmed ? account.id : null;
    const waitsFor = account && !account.confirmed ? account.email.toLowerCase() : email;
    const [grant] = await tx
      .insert(freeListingGrants)
      .values({
        userId,
        email: waitsFor,
        startsOn,
        endsOn,
        grantedBy: input.grantedBy ?? null,
        sourceRequestId: input.sourceRequestId ?? null,
      })
      .returning({ id: freeListingGrants.id });
    const listing = userId ? await refreshListing(tx, userId, context, now) : null;
    // The application's characters come with the listing (see application-characters.server.ts).
    if (userId && input.sourceRequestId) await fillCharactersFromApplication(tx, userId, input.sourceRequestId);
    return { grantId: grant.id, userId, listing };
  });
}

/**
 * The free year a person already holds (not revoked, not over), whichever way it reaches them: granted
 * to the account, to the address, or to the account that has the address. The program gives one
 * person one of its spots, so an application or an approval for such a person is refused.
 */
export async function heldFreeListing(
  db: Executor,
  holder: { userId?: string | null; email: string },
  today: string = todayIso(),
): Promise<{ endsOn: string } | null> {
  const email = holder.email.trim().toLowerCase();
  const [grant] = await db
    .select({ endsOn: freeListingGrants.endsOn })
    .from(freeListingGrants)
    .where(
      and(
        isNull(freeListingGrants.revokedAt),
        gte(freeListingGrants.endsOn, today),
        or(
          eq(freeListingGrants.email, email),
          sql`${freeListingGrants.userId} in (select ${user.id} from ${user} where lower(${user.email}) = ${email})`,
          // A grant to the account, attached or still waiting on the account's own address.
          holder.userId ? eq(freeListingGrants.userId, holder.userId) : undefined,
          holder.userId
            ? sql`${freeListingGrants.email} in (select lower(${user.email}) from ${user} where ${user.id} = ${holder.userId})`
            : undefined,
        ),
      ),
    )
    .orderBy(desc(freeListingGrants.endsOn))
    .limit(1);
  return grant ?? null;
}

/** Withdraws a grant (listed in error, rule broken); the listing falls back to whatever was paid. */
export async function revokeFreeListingGrant(
  db: Executor,
  context: ListingContext,
  grantId: string,
  now: Date = new Date(),
): Promise<ListingChange | null> {
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .update(freeListingGrants)
      .set({ revokedAt: now })
      .where(and(eq(freeListingGrants.id, grantId), isNull(freeListingGrants.revokedAt)))
      .returning({ userId: freeListingGrants.userId });
    return grant?.userId ? refreshListing(tx, grant.userId, context, now) : null;
  });
}

/**
 * Attaches grants waiting for an email address to the account that has it and has confirmed it, and
 * recomputes those listings. Called when an address is confirmed; the hourly lifecycle job also runs
 * it for every account. An unconfirmed account's grants keep waiting.
 */
export async function claimFreeListingGrants(
  db: Executor,
  context: ListingContext,
  options: { userId?: string; now?: Date } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Skip grants another process is claiming right now; it recomputes those listings itself.
    const matches = await tx
      .select({ grantId: freeListingGrants.id, userId: user.id, sourceRequestId: freeListingGrants.sourceRequestId })
      .from(freeListingGrants)
      .innerJoin(user, sql`${freeListingGrants.email} = lower(${user.email})`)
      .where(
        and(isNull(freeListingGrants.userId), eq(user.emailVerified, true), options.userId ? eq(user.id, options.userId) : undefined),
      )
      // Newest first: when several applications were approved, the latest one's characters are used.
      .orderBy(desc(freeListingGrants.createdAt))
      .for("update", { of: freeListingGrants, skipLocked: true });
    for (const match of matches) {
      await tx.update(freeListingGrants).set({ userId: match.userId }).where(eq(freeListingGrants.id, match.grantId));
    }
    const userIds = [...new Set(matches.map((match) => match.userId))];
    for (const userId of userIds) await refreshListing(tx, userId, context, now);
    for (const match of matches) {
      if (match.sourceRequestId) await fillCharactersFromApplication(tx, match.userId, match.sourceRequestId);
    }
    return userIds;
  });
}
