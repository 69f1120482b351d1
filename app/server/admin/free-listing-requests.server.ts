import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { RequestStatus } from "~/lib/constants";
import type { RequestRowView, RequestStatusFilter } from "~/lib/admin-view";
import type { Executor } from "../db/client.server";
import { freeListingGrants, freeListingProgram, freeListingRequests, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { enqueueEmail } from "../mail/outbox.server";
import type { ListingContext } from "../payments/context.server";
import { grantFreeListing, heldFreeListing } from "../payments/grants.server";
import { todayIso } from "../directory/visibility.server";
import { recordAudit } from "./audit.server";
import { freeListingApprovedEmail, freeListingRejectedEmail } from "./emails.server";
import { isCheckViolation, likePattern, pageBounds, type PageRequest, type Paged } from "./paging.server";

// Free-listing requests in the admin dashboard: list, detail, approve (grants a free year), reject,
// delete. Every write records one audit row in its own transaction.

/** A row as the database gives it: the view shape with its real timestamp. */
export type RequestListRow = Omit<RequestRowView, "createdAt"> & { createdAt: Date };

/** Whether an account holds the request's address, and whether its owner confirmed it (the grant waits until then). */
function accountStateOf(confirmed: boolean | null): RequestRowView["account"] {
  return confirmed === null ? "none" : confirmed ? "confirmed" : "unconfirmed";
}

export interface RequestList extends Paged<RequestListRow> {
  counts: Record<RequestStatusFilter, number>;
}

export async function listFreeListingRequests(
  db: Executor,
  options: PageRequest & { status?: RequestStatusFilter } = {},
): Promise<RequestList> {
  const { page, pageSize, offset } = pageBounds(options);
  const pattern = likePattern(options.search);
  const searchCondition = pattern
    ? or(ilike(freeListingRequests.fullName, pattern), ilike(freeListingRequests.email, pattern))
    : undefined;
  const status = options.status && options.status !== "all" ? options.status : null;
  const where: SQL | undefined = and(searchCondition, status ? eq(freeListingRequests.status, status) : undefined);
  const [rows, grouped] = await Promise.all([
    db
      .select({
        id: freeListingRequests.id,
        createdAt: freeListingRequests.createdAt,
        fullName: freeListingRequests.fullName,
        email: freeListingRequests.email,
        city: freeListingRequests.city,
        state: freeListingRequests.state,
        status: freeListingRequests.status,
        // Accounts' addresses are stored in lower case (better-auth), so the unique index answers it.
        // (Spelled out: drizzle writes a column bare inside a select, where "email" would be the account's.)
        accountConfirmed: sql<boolean | null>`(select u.email_verified from "user" u where u.email = lower(free_listing_requests.email))`,
      })
      .from(freeListingRequests)
      .where(where)
      .orderBy(desc(freeListingRequests.createdAt), desc(freeListingRequests.id))
      .limit(pageSize)
      .offset(offset),
    db
      .select({ status: freeListingRequests.status, n: count() })
      .from(freeListingRequests)
      .where(searchCondition)
      .groupBy(freeListingRequests.status),
  ]);
  const counts: Record<RequestStatusFilter, number> = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of grouped) {
    counts[row.status as RequestStatus] = Number(row.n);
    counts.all += Number(row.n);
  }
  return {
    rows: rows.map(({ accountConfirmed, ...row }) => ({ ...row, account: accountStateOf(accountConfirmed) })),
    page,
    pageSize,
    total: status ? counts[status] : counts.all,
    counts,
  };
}

export type FreeListingRequest = typeof freeListingRequests.$inferSelect;

export async function getFreeListingRequest(db: Executor, id: string): Promise<FreeListingRequest | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(freeListingRequests).where(eq(freeListingRequests.id, id));
  return row ?? null;
}

/** Grants issued so far by the free-listing program (the database counter). */
export async function freeListingGrantsIssued(db: Executor): Promise<number> {
  const [row] = await db.select({ n: freeListingProgram.grantsIssued }).from(freeListingProgram);
  return row?.n ?? 0;
}

export interface ReviewInput {
  adminId: string;
  requestId: string;
  notes?: string | null;
  /** The account the request belongs to, when known; otherwise the grant goes to the request's email. */
  userId?: string | null;
}

export type ApproveOutcome =
  /** `endsOn` null: the free year starts when the listing first goes live. */
  | { kind: "approved"; grantId: string; userId: string | null; endsOn: string | null }
  | { kind: "not-found" }
  | { kind: "already-reviewed"; status: string }
  | { kind: "program-full" }
  /** The applicant (their address or account) already holds a free year: one spot per person. */
  | { kind: "already-granted"; endsOn: string | null };

export type ReviewOutcome =
  | { kind: "rejected" }
  | { kind: "not-found" }
  | { kind: "already-reviewed"; status: string }
  /** No reason given: the applicant is always told why, so nothing was written. */
  | { kind: "reason-required" };

/**
 * What a mail telling someone "no" needs: the site, and the team's address that replies reach (the
 * app's configuration always has it; as in the deletion mail, a caller without it sends no Reply-To).
 */
export interface ReviewMailContext extends ListingContext {
  config: ListingContext["config"] & { contactEmails?: { support: string } };
}

export type DeleteOutcome = { kind: "deleted" } | { kind: "not-found" };

class ProgramFull extends Error {}
class AlreadyGranted extends Error {
  constructor(readonly endsOn: string | null) {
    super("the applicant already holds a free listing");
  }
}

function cleanNotes(notes: string | null | undefined): string | null {
  const trimmed = notes?.trim();
  return trimmed ? trimmed : null;
}


async function refusal(db: Executor, id: string): Promise<{ kind: "not-found" } | { kind: "already-reviewed"; status: string }> {
  const [row] = await db
    .select({ status: freeListingRequests.status })
    .from(freeListingRequests)
    .where(eq(freeListingRequests.id, id));
  return row ? { kind: "already-reviewed", status: row.status } : { kind: "not-found" };
}

/**
 * Approves a pending request and grants a free year, in one transaction: the conditional update
 * (`status = 'pending'`) lets one of two concurrent approvals through, and the program counter's
 * CHECK refuses the grant past the limit, both enforced by the database. An applicant who already
 * holds a free year (another application of theirs approved) is refused with nothing written.
 */
export async function approveFreeListingRequest(
  db: Executor,
  context: ListingContext,
  input: ReviewInput,
  now: Date = new Date(),
): Promise<ApproveOutcome> {
  if (!isUuid(input.requestId)) return { kind: "not-found" };
  const notes = cleanNotes(input.notes);
  try {
    const outcome = await db.transaction(async (tx): Promise<ApproveOutcome | null> => {
      const [request] = await tx
        .update(freeListingRequests)
        .set({ status: "approved", reviewedAt: now, reviewedBy: input.adminId, notes })
        .where(and(eq(freeListingRequests.id, input.requestId), eq(freeListingRequests.status, "pending")))
        .returning();
      if (!request) return null;
      try {
        await tx
          .insert(freeListingProgram)
          .values({ id: 1, grantsIssued: 1 })
          .onConflictDoUpdate({
            target: freeListingProgram.id,
            set: { grantsIssued: sql`${freeListingProgram.grantsIssued} + 1`, updatedAt: now },
          });
      } catch (error) {
        if (isCheckViolation(error, "free_listing_program_limit_check")) throw new ProgramFull();
        throw error;
      }
      // Asked only now: raising the counter locked its one row until this transaction ends, so
      // approvals run this check one after the other and each sees the grants committed before it
      // (two applications of one person approved at once would otherwise both pass).
      const userId = input.userId ?? request.userId ?? null;
      const held = await heldFreeListing(tx, { userId, email: request.email }, todayIso(now));
      if (held) throw new AlreadyGranted(held.endsOn);
      const grant = await grantFreeListing(
        tx,
        context,
        { userId, email: request.email, grantedBy: input.adminId, sourceRequestId: request.id },
        now,
      );
      const [endsRow] = await tx
        .select({ endsOn: freeListingGrants.endsOn })
        .from(freeListingGrants)
        .where(eq(freeListingGrants.id, grant.grantId));
      let hasAccount = grant.userId !== null;
      // An account with the address whose owner has not confirmed it yet may be someone else's
      // sign-up: the grant waits for the confirmation, and the mail says so instead of "sign in".
      let accountUnconfirmed = false;
      if (!hasAccount) {
        const [account] = await tx
          .select({ confirmed: user.emailVerified })
          .from(user)
          .where(sql`lower(${user.email}) = ${request.email.toLowerCase()}`);
        hasAccount = Boolean(account);
        accountUnconfirmed = account ? !account.confirmed : false;
      }
      await enqueueEmail(
        tx,
        freeListingApprovedEmail({
          siteName: context.config.siteName,
          publicUrl: context.config.publicUrl,
          to: request.email,
          fullName: request.fullName,
          endsOn: endsRow.endsOn,
          hasAccount,
          accountUnconfirmed,
          notes,
        }),
      );
      await recordAudit(tx, {
        adminId: input.adminId,
        action: "request.approve",
        targetType: "free_listing_request",
        targetId: request.id,
        notes,
      });
      return { kind: "approved", grantId: grant.grantId, userId: grant.userId, endsOn: endsRow.endsOn };
    });
    return outcome ?? (await refusal(db, input.requestId));
  } catch (error) {
    if (error instanceof ProgramFull || isCheckViolation(error, "free_listing_program_limit_check")) {
      return { kind: "program-full" };
    }
    if (error instanceof AlreadyGranted) return { kind: "already-granted", endsOn: error.endsOn };
    throw error;
  }
}

/**
 * Rejects a pending request and queues a short, kind email giving the admin's reason (required: kept
 * as the request's notes and in the audit row), to which a reply reaches the team.
 */
export async function rejectFreeListingRequest(
  db: Executor,
  context: ReviewMailContext,
  input: Omit<ReviewInput, "notes"> & { reason: string | null | undefined },
  now: Date = new Date(),
): Promise<ReviewOutcome> {
  const reason = cleanNotes(input.reason);
  if (!reason) return { kind: "reason-required" };
  if (!isUuid(input.requestId)) return { kind: "not-found" };
  const notes = reason;
  const done = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(freeListingRequests)
      .set({ status: "rejected", reviewedAt: now, reviewedBy: input.adminId, notes })
      .where(and(eq(freeListingRequests.id, input.requestId), eq(freeListingRequests.status, "pending")))
      .returning();
    if (!request) return false;
    await enqueueEmail(
      tx,
      freeListingRejectedEmail({
        siteName: context.config.siteName,
        to: request.email,
        fullName: request.fullName,
        reason,
        replyTo: context.config.contactEmails?.support,
      }),
    );
    await recordAudit(tx, {
      adminId: input.adminId,
      action: "request.reject",
      targetType: "free_listing_request",
      targetId: request.id,
      notes,
    });
    return true;
  });
  return done ? { kind: "rejected" } : refusal(db, input.requestId);
}

/** Deletes a request (any status); a grant it led to stays, no longer pointing at it. */
export async function deleteFreeListingRequest(
  db: Executor,
  input: { adminId: string; requestId: string },
): Promise<DeleteOutcome> {
  if (!isUuid(input.requestId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(freeListingRequests)
      .where(eq(freeListingRequests.id, input.requestId))
      .returning({ id: freeListingRequests.id, email: freeListingRequests.email });
    if (!row) return { kind: "not-found" } as const;
    await recordAudit(tx, {
      adminId: input.adminId,
      action: "request.delete",
      targetType: "free_listing_request",
      targetId: row.id,
      notes: null,
    });
    return { kind: "deleted" } as const;
  });
}
