import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { ProfileRowView, ProfileStatusFilter } from "~/lib/admin-view";
import type { Executor } from "../db/client.server";
import { deleteAccount, type AccountDeletionContext } from "../account-deletion.server";
import { profileImages, profiles, user } from "../db/schema";
import { todayIso } from "../visibility.server";
import { recordAudit } from "./audit.server";
import { likePattern, pageBounds, type PageRequest, type Paged } from "./paging.server";

// Profiles in the admin dashboard: paged list with payment status, toggle active, delete.

/** A row as the database gives it: the view shape with its real timestamp. */
export type ProfileListRow = Omit<ProfileRowView, "createdAt"> & { createdAt: Date };

export interface ProfileList extends Paged<ProfileListRow> {
  counts: Record<ProfileStatusFilter, number>;
}

function statusCondition(status: ProfileStatusFilter | undefined): SQL | undefined {
  switch (status) {
    case "active":
      return eq(profiles.isActive, true);
    case "inactive":
      return eq(profiles.isActive, false);
    case "paid":
      return eq(profiles.paymentStatus, "paid");
    case "expired":
      return eq(profiles.paymentStatus, "expired");
    case "unpaid":
      return eq(profiles.paymentStatus, "pending");
    default:
      return undefined;
  }
}

export async function listProfiles(
  db: Executor,
  options: PageRequest & { status?: ProfileStatusFilter; today?: string } = {},
): Promise<ProfileList> {
  const { page, pageSize, offset } = pageBounds(options);
  const today = options.today ?? todayIso();
  const pattern = likePattern(options.search);
  // The search as the set of matching profile ids, each ILIKE against its own table where a trigram
  // index answers it: one OR across the join to "user" could only be answered by reading both whole.
  const searchCondition = pattern
    ? inArray(
        profiles.id,
        unionAll(
          db
            .select({ id: profiles.id })
            .from(profiles)
            .where(or(ilike(profiles.displayName, pattern), ilike(profiles.contactEmail, pattern))),
          db.select({ id: user.id }).from(user).where(ilike(user.email, pattern)),
        ),
      )
    : undefined;
  const status = options.status ?? "all";
  // The page's ids first, read off the (created_at, id) index, then the row with its image and
  // categories for those ids alone: with the subqueries in one query, PostgreSQL computes them for
  // every row the offset skips as well (50,000 of them on page 2,000).
  const pageIds = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(searchCondition, statusCondition(status)))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(pageSize)
    .offset(offset);
  const [rows, [tally]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        createdAt: profiles.createdAt,
        displayName: profiles.displayName,
        contactEmail: profiles.contactEmail,
        accountEmail: user.email,
        accountConfirmed: user.emailVerified,
        city: profiles.city,
        state: profiles.state,
        isActive: profiles.isActive,
        paymentStatus: profiles.paymentStatus,
        paymentExpiry: profiles.paymentExpiry,
        firstImageUrl: sql<string | null>`(select ${profileImages.imageUrl} from ${profileImages} where ${profileImages.profileId} = ${profiles.id} order by ${profileImages.position} limit 1)`,
        categories: sql<string[]>`coalesce((select array_agg(pc.category order by pc.category) from profile_categories pc where pc.profile_id = ${profiles.id}), '{}'::text[])`,
      })
      .from(profiles)
      .leftJoin(user, eq(user.id, profiles.id))
      .where(inArray(profiles.id, pageIds))
      .orderBy(desc(profiles.createdAt), desc(profiles.id)),
    db
      .select({
        all: count(),
        active: sql<number>`count(*) filter (where ${profiles.isActive})`,
        inactive: sql<number>`count(*) filter (where not ${profiles.isActive})`,
        paid: sql<number>`count(*) filter (where ${profiles.paymentStatus} = 'paid')`,
        expired: sql<number>`count(*) filter (where ${profiles.paymentStatus} = 'expired')`,
        unpaid: sql<number>`count(*) filter (where ${profiles.paymentStatus} = 'pending')`,
      })
      .from(profiles)
      .where(searchCondition),
  ]);
  const counts: Record<ProfileStatusFilter, number> = {
    all: Number(tally.all),
    active: Number(tally.active),
    inactive: Number(tally.inactive),
    paid: Number(tally.paid),
    expired: Number(tally.expired),
    unpaid: Number(tally.unpaid),
  };
  return {
    rows: rows.map(({ accountConfirmed, ...row }) => ({
      ...row,
      accountUnconfirmed: accountConfirmed === false,
      categories: row.categories ?? [],
      paymentTone:
        row.paymentStatus === "paid" && row.paymentExpiry !== null && row.paymentExpiry >= today
          ? "paid"
          : row.paymentStatus === "expired" || row.paymentStatus === "paid"
            ? "expired"
            : "other",
    })),
    page,
    pageSize,
    total: counts[status],
    counts,
  };
}

export type SetActiveOutcome = { kind: "activated" } | { kind: "deactivated" } | { kind: "unchanged"; isActive: boolean } | { kind: "not-found" };

/** Shows (active) or hides (inactive) a profile; the public queries read is_active, so it takes effect at once. */
export async function setProfileActive(
  db: Executor,
  input: { adminId: string; profileId: string; active: boolean },
): Promise<SetActiveOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ isActive: input.active })
      .where(and(eq(profiles.id, input.profileId), eq(profiles.isActive, !input.active)))
      .returning({ id: profiles.id });
    if (!row) {
      const [exists] = await tx.select({ isActive: profiles.isActive }).from(profiles).where(eq(profiles.id, input.profileId));
      return exists ? ({ kind: "unchanged", isActive: exists.isActive } as const) : ({ kind: "not-found" } as const);
    }
    await recordAudit(tx, {
      adminId: input.adminId,
      action: input.active ? "profile.activate" : "profile.deactivate",
      targetType: "profile",
      targetId: row.id,
    });
    return input.active ? ({ kind: "activated" } as const) : ({ kind: "deactivated" } as const);
  });
}

export type ProfileDeleteOutcome = { kind: "deleted"; imagesRemoved: number } | { kind: "not-found" };

/**
 * Deletes a profile through the same code as an account deletion (deleteAccount, admin scope): the
 * profile, its images (rows and files) and inquiries go, a live subscription is cancelled and the
 * owner is told by email; the account stays. The audit row is written in the same transaction.
 */
export async function deleteProfile(
  ctx: AccountDeletionContext,
  input: { adminId: string; profileId: string },
): Promise<ProfileDeleteOutcome> {
  const outcome = await deleteAccount(ctx, { userId: input.profileId, actor: { kind: "admin", adminId: input.adminId } });
  if (outcome.kind === "not-found") return outcome;
  return { kind: "deleted", imagesRemoved: outcome.filesRemoved };
}
