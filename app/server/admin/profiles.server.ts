import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { ProfileRowView, ProfileStatusFilter } from "~/lib/admin-view";
import type { Executor } from "../db/client.server";
import { deleteAccount, type AccountDeletionContext } from "../profiles/account-deletion.server";
import { adminAuditLog, emailOutbox, profileImages, profiles, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { enqueueEmail } from "../mail/outbox.server";
import { todayIso } from "../directory/visibility.server";
import { trademarksInProfile } from "~/lib/trademark-names";
import { recordAudit } from "./audit.server";
import { listingPausedEmail } from "./emails.server";
import type { ReviewMailContext } from "./free-listing-requests.server";
import { likePattern, pageBounds, type PageRequest, type Paged } from "./paging.server";

// Profiles in the admin dashboard: paged list with payment status and the trademarked names each
// uses (flagged on the page's rows; no filter for them yet: see docs/architecture.md), detail, activate, deactivate (with a reason mailed to the
// performer) and its undo, delete.

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

const ROW_COLUMNS = {
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
  characters: profiles.characters,
};

type SelectedRow = Omit<ProfileListRow, "accountUnconfirmed" | "paymentTone" | "trademarks"> & { accountConfirmed: boolean | null; characters: string[] };

function listRow({ accountConfirmed, characters, ...row }: SelectedRow, today: string): ProfileListRow {
  return {
    ...row,
    // Found on the page's rows only (app/lib/trademark-names.ts), the same words the editor warns about.
    trademarks: trademarksInProfile(row.displayName, characters ?? []),
    accountUnconfirmed: accountConfirmed === false,
    categories: row.categories ?? [],
    paymentTone:
      row.paymentStatus === "paid" && row.paymentExpiry !== null && row.paymentExpiry >= today
        ? "paid"
        : row.paymentStatus === "expired" || row.paymentStatus === "paid"
          ? "expired"
          : "other",
  };
}

export interface ProfileDetail extends ProfileListRow {
  /** Why an admin last deactivated it, while it is inactive because of that. */
  pausedReason: string | null;
  pausedAt: Date | null;
}

/** One profile for the admin's detail view: the list's row, and the reason it is paused, if an admin paused it. */
export async function getAdminProfile(db: Executor, profileId: string, today = todayIso()): Promise<ProfileDetail | null> {
  const [row] = await db.select(ROW_COLUMNS).from(profiles).leftJoin(user, eq(user.id, profiles.id)).where(eq(profiles.id, profileId));
  if (!row) return null;
  const [last] = row.isActive
    ? []
    : await db
        .select({ action: adminAuditLog.action, notes: adminAuditLog.notes, createdAt: adminAuditLog.createdAt })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, profileId))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(1);
  const paused = last?.action === "profile.deactivate";
  return { ...listRow(row, today), pausedReason: paused ? last.notes : null, pausedAt: paused ? last.createdAt : null };
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
      .select(ROW_COLUMNS)
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
    rows: rows.map((row) => listRow(row, today)),
    page,
    pageSize,
    total: counts[status],
    counts,
  };
}

/**
 * How long the admin who deactivated a profile may undo it, by the database clock. The page offers
 * the Undo for ten seconds; the server allows slack for a slow network or a busy admin.
 */
export const UNDO_WINDOW_SECONDS = 30;
/** The performer's mail waits out the undo window (and the slack of a transaction still running at its end). */
const PAUSED_MAIL_HOLD_SECONDS = UNDO_WINDOW_SECONDS + 15;

export const DEACTIVATION_REASON_MAX = 500;

export type ActivateOutcome = { kind: "activated" } | { kind: "unchanged" } | { kind: "not-found" };

/** The deactivation mails still waiting in the outbox for this profile. */
function heldPausedMail(profileId: string) {
  return sql`${emailOutbox.id} in (select ${adminAuditLog.emailId} from ${adminAuditLog} where ${adminAuditLog.targetId} = ${profileId} and ${adminAuditLog.action} = 'profile.deactivate' and ${adminAuditLog.emailId} is not null) and ${emailOutbox.status} = 'pending'`;
}

/**
 * Shows the profile again (the public queries read is_active, so at once). A "listing paused" mail
 * still waiting to go is taken back: the performer would be told of a pause that is over.
 */
export async function activateProfile(db: Executor, input: { adminId: string; profileId: string }): Promise<ActivateOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ isActive: true })
      .where(and(eq(profiles.id, input.profileId), eq(profiles.isActive, false)))
      .returning({ id: profiles.id });
    if (!row) return (await profileExists(tx, input.profileId)) ? ({ kind: "unchanged" } as const) : ({ kind: "not-found" } as const);
    await tx.delete(emailOutbox).where(heldPausedMail(row.id));
    await recordAudit(tx, { adminId: input.adminId, action: "profile.activate", targetType: "profile", targetId: row.id });
    return { kind: "activated" } as const;
  });
}

async function profileExists(tx: Executor, profileId: string): Promise<boolean> {
  const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId));
  return Boolean(row);
}

export type DeactivateOutcome =
  /** `auditId` identifies this deactivation to its undo. */
  | { kind: "deactivated"; auditId: string }
  | { kind: "unchanged" }
  | { kind: "not-found" }
  /** No reason given: the performer is always told why, so nothing was written. */
  | { kind: "reason-required" };

/**
 * Hides a profile and tells its owner why: the admin's reason goes into the mail ("Your listing is
 * paused because ..."; a reply reaches the team) and the audit row. The mail is held for the undo
 * window, so an undone deactivation never reaches the performer.
 */
export async function deactivateProfile(
  db: Executor,
  context: ReviewMailContext,
  input: { adminId: string; profileId: string; reason: string | null | undefined },
): Promise<DeactivateOutcome> {
  const reason = input.reason?.trim().slice(0, DEACTIVATION_REASON_MAX);
  if (!reason) return { kind: "reason-required" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ isActive: false })
      .where(and(eq(profiles.id, input.profileId), eq(profiles.isActive, true)))
      .returning({ id: profiles.id, displayName: profiles.displayName });
    if (!row) return (await profileExists(tx, input.profileId)) ? ({ kind: "unchanged" } as const) : ({ kind: "not-found" } as const);
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.id));
    const emailId = account
      ? await enqueueEmail(
          tx,
          listingPausedEmail({
            siteName: context.config.siteName,
            publicUrl: context.config.publicUrl,
            to: account.email,
            displayName: row.displayName,
            reason,
            replyTo: context.config.contactEmails?.support,
          }),
          { holdSeconds: PAUSED_MAIL_HOLD_SECONDS },
        )
      : null;
    const auditId = await recordAudit(tx, {
      adminId: input.adminId,
      action: "profile.deactivate",
      targetType: "profile",
      targetId: row.id,
      notes: reason,
      emailId,
    });
    return { kind: "deactivated", auditId } as const;
  });
}

export type UndoOutcome =
  | { kind: "undone" }
  /** Past the window, or the mail has gone (or an activation took it back): nothing changed. */
  | { kind: "too-late" }
  /** The profile is active again already (another admin), or gone. */
  | { kind: "unchanged" }
  /** No deactivation by this admin with that id. */
  | { kind: "not-found" };

class MailAlreadyOut extends Error {}

/**
 * Takes back a deactivation: only the admin who made it, only within UNDO_WINDOW_SECONDS, and only
 * while its mail has not gone, which is deleted from the outbox in the same transaction (the worker
 * claims with SKIP LOCKED, so it either sends first, and the undo refuses, or never). Records its own
 * audit row; the deactivation's keeps its reason.
 */
export async function undoDeactivation(db: Executor, input: { adminId: string; profileId: string; auditId: string }): Promise<UndoOutcome> {
  if (!isUuid(input.auditId)) return { kind: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      const [entry] = await tx
        .select({
          id: adminAuditLog.id,
          emailId: adminAuditLog.emailId,
          open: sql<boolean>`${adminAuditLog.createdAt} > now() - make_interval(secs => ${UNDO_WINDOW_SECONDS})`,
        })
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.id, input.auditId),
            eq(adminAuditLog.action, "profile.deactivate"),
            eq(adminAuditLog.targetId, input.profileId),
            eq(adminAuditLog.adminId, input.adminId),
          ),
        )
        .for("update");
      if (!entry) return { kind: "not-found" } as const;
      if (!entry.open) return { kind: "too-late" } as const;
      // Only the latest word on the profile can be taken back: after an activation (or an undo and a
      // second deactivation) this one no longer describes it.
      const [later] = await tx
        .select({ id: adminAuditLog.id })
        .from(adminAuditLog)
        .where(
          and(
            eq(adminAuditLog.targetId, input.profileId),
            sql`${adminAuditLog.id} <> ${entry.id}`,
            sql`${adminAuditLog.createdAt} >= (select a.created_at from admin_audit_log a where a.id = ${entry.id})`,
          ),
        )
        .limit(1);
      if (later) return { kind: "too-late" } as const;
      const [row] = await tx
        .update(profiles)
        .set({ isActive: true })
        .where(and(eq(profiles.id, input.profileId), eq(profiles.isActive, false)))
        .returning({ id: profiles.id });
      if (!row) return { kind: "unchanged" } as const;
      if (entry.emailId) {
        const taken = await tx
          .delete(emailOutbox)
          .where(and(eq(emailOutbox.id, entry.emailId), eq(emailOutbox.status, "pending")))
          .returning({ id: emailOutbox.id });
        // Rolls the reactivation back with it: the performer has been told, so an admin activates instead.
        if (taken.length === 0) throw new MailAlreadyOut();
      }
      await recordAudit(tx, { adminId: input.adminId, action: "profile.deactivate.undo", targetType: "profile", targetId: row.id });
      return { kind: "undone" } as const;
    });
  } catch (error) {
    if (error instanceof MailAlreadyOut) return { kind: "too-late" };
    throw error;
  }
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
