import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { DEFAULT_TRAVEL_RANGE } from "~/lib/constants";
import { formInput } from "~/lib/form";
import { freeListingSchema, type FreeListingValues } from "~/lib/free-listing-schema";
import type { ApplicantStanding, FreeListingApplicant, FreeYearStatus, GoLiveStep } from "~/lib/free-listing-view";
import type { Executor } from "../db/client.server";
import { freeListingRequests, profiles, user } from "../db/schema";
import { heldFreeListing } from "../payments/grants.server";
import { todayIso } from "../directory/visibility.server";

// A signed-in performer on /free-listing: what the form can start from, and whether they already
// have an application waiting or a free year. The action asks the same question before storing,
// so a second application is refused by the server, not only hidden by the page.

/** The account behind the session (SessionUser fits). */
export interface ApplicantAccount {
  id: string;
  email: string;
}

/**
 * An application waiting for review, or a free year not yet over, that belongs to the account:
 * by its id, or by its email address (an application sent before signing up, a grant not yet claimed),
 * because an approval reaches the account either way.
 */
export async function applicantStanding(
  db: Executor,
  account: ApplicantAccount,
  today: string = todayIso(),
): Promise<ApplicantStanding | null> {
  const email = account.email.toLowerCase();
  const grant = await heldFreeListing(db, { userId: account.id, email }, today);
  if (grant) return { kind: "granted", endsOn: grant.endsOn };

  const [pending] = await db
    .select({ createdAt: freeListingRequests.createdAt })
    .from(freeListingRequests)
    .where(
      and(
        eq(freeListingRequests.status, "pending"),
        or(eq(freeListingRequests.userId, account.id), sql`lower(${freeListingRequests.email}) = ${email}`),
      ),
    )
    .orderBy(desc(freeListingRequests.createdAt))
    .limit(1);
  return pending ? { kind: "pending", appliedAt: pending.createdAt.toISOString() } : null;
}

/**
 * "Are you willing to travel for events?" as the profile answers it: yes when it offers travel or a
 * range past local; no when the performer chose Local only and no travel; otherwise unanswered
 * (Local only may be the untouched default).
 */
function travelAnswer(profile: { travelRadius: string | null; availableForTravel: boolean | null; rangeChosen: boolean }): string {
  if (profile.travelRadius === null) return "";
  if (profile.availableForTravel || profile.travelRadius !== DEFAULT_TRAVEL_RANGE) return "yes";
  return profile.rangeChosen ? "no" : "";
}

/**
 * The form as the account and profile already fill it: the account's email, its name when it has
 * one, else the full name of the account's latest application (a stage name is not a full name, so
 * the profile's display name is not used), and the profile's place, social handles, bio, characters
 * (as one comma list) and travel answer where present. Everything else stays empty.
 */
export async function applicantPrefill(db: Executor, account: ApplicantAccount): Promise<FreeListingValues> {
  const values = formInput(freeListingSchema, new FormData());
  const [row] = await db
    .select({
      name: user.name,
      city: profiles.city,
      state: profiles.state,
      instagram: profiles.instagram,
      facebook: profiles.facebook,
      tiktok: profiles.tiktok,
      bio: profiles.bio,
      characters: sql<string | null>`array_to_string(${profiles.characters}, ', ')`,
      travelRadius: profiles.travelRadius,
      availableForTravel: profiles.availableForTravel,
      rangeChosen: sql<boolean>`${profiles.travelRadiusChosenAt} is not null`,
      appliedAs: sql<string | null>`(select r.full_name from free_listing_requests r where r.user_id = ${user.id} order by r.created_at desc limit 1)`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, account.id));
  values.email = account.email;
  if (!row) return values;
  const { name, appliedAs, travelRadius, availableForTravel, rangeChosen, ...profile } = row;
  values.fullName = name.trim() || appliedAs?.trim() || "";
  for (const [key, value] of Object.entries(profile) as [keyof typeof profile, string | null][]) {
    if (value?.trim()) values[key] = value.trim();
  }
  values.travel = travelAnswer({ travelRadius, availableForTravel, rangeChosen });
  return values;
}

/** What an approved free year still waits for before the listing can go live (and the year start). */
async function goLiveSteps(db: Executor, userId: string, confirmed: boolean): Promise<GoLiveStep[]> {
  const [profile] = await db
    .select({ isActive: profiles.isActive, named: isNotNull(profiles.displayName) })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const steps: GoLiveStep[] = [];
  if (!confirmed) steps.push("confirm-email");
  if (!profile?.named) steps.push("display-name");
  if (profile && !profile.isActive) steps.push("switched-off");
  return steps;
}

/**
 * The performer's free year, or their latest application: what the dashboard and the subscription
 * page say about it. An application is theirs when sent signed in, or with the account's address
 * once the account has confirmed it (before that the address may be someone else's, whose decision
 * and reason are not this account's to read). An approved application whose year is over or
 * withdrawn is no longer news: null.
 */
export async function freeYearStatus(db: Executor, userId: string, today: string = todayIso()): Promise<FreeYearStatus | null> {
  const [account] = await db.select({ email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!account) return null;
  const email = account.email.toLowerCase();
  const grant = await heldFreeListing(db, { userId, email }, today);
  if (grant) {
    return { kind: "approved", endsOn: grant.endsOn, waitingFor: grant.endsOn ? [] : await goLiveSteps(db, userId, account.confirmed) };
  }
  const [latest] = await db
    .select({
      status: freeListingRequests.status,
      createdAt: freeListingRequests.createdAt,
      reviewedAt: freeListingRequests.reviewedAt,
      notes: freeListingRequests.notes,
    })
    .from(freeListingRequests)
    .where(
      or(
        eq(freeListingRequests.userId, userId),
        account.confirmed ? sql`lower(${freeListingRequests.email}) = ${email}` : undefined,
      ),
    )
    .orderBy(desc(freeListingRequests.createdAt))
    .limit(1);
  if (!latest) return null;
  if (latest.status === "pending") return { kind: "pending", appliedAt: latest.createdAt.toISOString() };
  if (latest.status === "rejected") {
    return { kind: "rejected", reviewedAt: latest.reviewedAt?.toISOString() ?? null, reason: latest.notes?.trim() || null };
  }
  return null;
}

export async function readApplicant(db: Executor, account: ApplicantAccount, today: string = todayIso()): Promise<FreeListingApplicant> {
  const [prefill, standing] = await Promise.all([applicantPrefill(db, account), applicantStanding(db, account, today)]);
  return { prefill, standing };
}

/**
 * Holds the account's row until the caller's transaction ends, so two applications sent at once by
 * one account are checked one after the other and only the first is stored. Answers the account's
 * stored address and whether its owner confirmed it (null when the account is gone).
 */
export async function lockApplicant(tx: Executor, account: ApplicantAccount): Promise<{ email: string; confirmed: boolean } | null> {
  const [row] = await tx
    .select({ email: user.email, confirmed: user.emailVerified })
    .from(user)
    .where(eq(user.id, account.id))
    .for("update");
  return row ?? null;
}

/**
 * Where an email address already stands, whoever sends the form: a free year it holds, or an
 * application for it waiting for review. One address gets one application at a time and one spot.
 */
export async function addressStanding(db: Executor, email: string, today: string = todayIso()): Promise<ApplicantStanding | null> {
  const address = email.trim().toLowerCase();
  const grant = await heldFreeListing(db, { email: address }, today);
  if (grant) return { kind: "granted", endsOn: grant.endsOn };
  const [pending] = await db
    .select({ createdAt: freeListingRequests.createdAt })
    .from(freeListingRequests)
    .where(and(eq(freeListingRequests.status, "pending"), sql`lower(${freeListingRequests.email}) = ${address}`))
    .orderBy(desc(freeListingRequests.createdAt))
    .limit(1);
  return pending ? { kind: "pending", appliedAt: pending.createdAt.toISOString() } : null;
}

/** Namespaces this module's advisory locks (the migration lock uses the single-number key space). */
const ADDRESS_LOCK_SPACE = 7_270_001;

/**
 * Holds each address until the caller's transaction ends, so two applications for one address sent
 * at once (from two devices, signed in or not) are checked one after the other. There is no row to
 * lock before the first application exists, hence an advisory lock on the address itself; taken in
 * a fixed order so two transactions needing the same two addresses never wait on each other.
 */
export async function lockAddresses(tx: Executor, emails: string[]): Promise<void> {
  const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()))].sort();
  for (const address of addresses) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}, hashtext(${address}))`);
  }
}
