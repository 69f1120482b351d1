import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { fillCharactersFromApplication } from "../free-listing/application-characters.server";
import type { Executor } from "../db/client.server";
import { freeListingGrants, profiles, user } from "../db/schema";
import { canGoLiveCondition, todayIso } from "../directory/visibility.server";
import type { ListingContext } from "./context.server";
import { addMonths, freeYearFrom } from "./free-year-clock.server";
import { refreshListing, type ListingChange } from "./listing-status.server";

// Free listings (the open beta's first 150). A grant counts in the listing rule like a paid period;
// whichever ends later wins. Its year starts when the listing first goes live (free-year-clock.server.ts).

export { addMonths };

export interface GrantInput {
  /** The account to list; or `email` for an applicant who has no account yet. */
  userId?: string | null;
  email?: string | null;
  /**
   * First day listed. Default: the day the listing first goes live (today when it can already),
   * so a performer still setting up loses none of the year.
   */
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
  // Fixed dates only when the caller gives them; otherwise the clock waits for go-live.
  const dates = input.startsOn
    ? { startsOn: input.startsOn, endsOn: input.endsOn ?? freeYearFrom(input.startsOn).endsOn }
    : { startsOn: null, endsOn: null };
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
        ...dates,
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
): Promise<{ endsOn: string | null } | null> {
  const email = holder.email.trim().toLowerCase();
  const [grant] = await db
    .select({ endsOn: freeListingGrants.endsOn })
    .from(freeListingGrants)
    .where(
      and(
        isNull(freeListingGrants.revokedAt),
        // A year not started yet (null) is held in full.
        or(isNull(freeListingGrants.endsOn), gte(freeListingGrants.endsOn, today)),
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
    .orderBy(sql`${freeListingGrants.endsOn} desc nulls first`)
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

/**
 * Starts the free years whose listing can go live now but whose clock has not started: the listing
 * was switched on again, or a change happened where nothing recomputed the listing. The hourly
 * lifecycle job runs it; the profile save and every recompute start a clock at once themselves.
 */
export async function startFreeYearsGoneLive(db: Executor, context: ListingContext, now: Date = new Date()): Promise<string[]> {
  const waiting = await db
    .selectDistinct({ userId: profiles.id })
    .from(freeListingGrants)
    .innerJoin(profiles, eq(profiles.id, freeListingGrants.userId))
    .where(and(isNull(freeListingGrants.startsOn), isNull(freeListingGrants.revokedAt), canGoLiveCondition()))
    .limit(500);
  for (const { userId } of waiting) await db.transaction((tx) => refreshListing(tx, userId, context, now));
  return waiting.map((row) => row.userId);
}

/**
 * After the performer's own profile save: when a free year of theirs waits for the listing, the
 * listing is recomputed in the save's transaction, which starts the year if the profile can now go
 * live. Nothing is read beyond one indexed lookup for everyone else.
 */
export async function startFreeYearOnSave(tx: Executor, userId: string, context: ListingContext, now: Date = new Date()): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: freeListingGrants.id })
    .from(freeListingGrants)
    .where(and(eq(freeListingGrants.userId, userId), isNull(freeListingGrants.startsOn), isNull(freeListingGrants.revokedAt)))
    .limit(1);
  if (!waiting) return false;
  const change = await refreshListing(tx, userId, context, now);
  return change.changed;
}
