import { count, eq, inArray, sql } from "drizzle-orm";
import {
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  MESSAGE_MARK_READ_FAILED,
  MESSAGE_MARKED_READ,
  confirmKindOf,
  PROFILE_ACTIVATED,
  PROFILE_DEACTIVATED,
  PROFILE_DEACTIVATION_UNDONE,
  PROFILE_UNDO_TOO_LATE,
  PROFILE_DELETE_FAILED,
  PROFILE_DELETED,
  PROFILE_STATUS_FAILED,
  PROGRAM_FULL,
  REQUEST_ADDRESS_HAS_FREE_LISTING,
  REQUEST_ALREADY_REVIEWED,
  REQUEST_APPROVED,
  REQUEST_DELETE_FAILED,
  REQUEST_DELETED,
  REQUEST_REJECTED,
  REQUEST_UPDATE_FAILED,
  UNDO_OFFER_SECONDS,
  type ConfirmKind,
} from "~/lib/admin-messages";
import { REASON_REQUIRED, type AdminActionInput } from "~/lib/admin-schema";
import type {
  AdminDashboardView,
  AdminLocation,
  AdminSection,
  AdminSectionCounts,
  AuditView,
  MessageDetailView,
  MessageStatusFilter,
  PageInfo,
  PendingConfirmation,
  ProfileDetailView,
  ProfileStatusFilter,
  RequestDetailView,
  RequestStatusFilter,
  UnmetSearchPeriod,
} from "~/lib/admin-view";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { contactMessages, freeListingRequests, profiles, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import type { Flash } from "../http/flash.server";
import type { Logger } from "../platform/logger.server";
import type { ReviewMailContext } from "./free-listing-requests.server";
import type { StripePayments } from "../payments/stripe.server";
import type { Storage } from "../storage/storage.server";
import { listRecentAdminActions, type AdminAction, type AuditRow } from "./audit.server";
import {
  approveFreeListingRequest,
  deleteFreeListingRequest,
  freeListingGrantsIssued,
  getFreeListingRequest,
  listFreeListingRequests,
  rejectFreeListingRequest,
  type FreeListingRequest,
} from "./free-listing-requests.server";
import { deleteMessage, getMessage, listMessages, markMessageRead, type MessageDetail } from "./messages.server";
import type { Paged } from "./paging.server";
import {
  activateProfile,
  deactivateProfile,
  deleteProfile,
  getAdminProfile,
  listProfiles,
  undoDeactivation,
  type ProfileDetail,
} from "./profiles.server";
import { countUnmetSearches, listUnmetSearches } from "./unmet-searches.server";

// /admin as one read and one write: what the page shows for the admin's place, and what each of its
// buttons does. The route only guards, parses and redirects.

const RECENT_ACTIONS = 15;

function pageInfo(list: Paged<unknown>): PageInfo {
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const from = list.rows.length ? (list.page - 1) * list.pageSize + 1 : 0;
  return { page: list.page, pageCount, total: list.total, from, to: from ? from + list.rows.length - 1 : 0 };
}

type ProfileTally = AdminSectionCounts["profiles"];

async function countProfiles(db: Executor): Promise<ProfileTally> {
  const [tally] = await db
    .select({ total: count(), inactive: sql<number>`count(*) filter (where not ${profiles.isActive})` })
    .from(profiles);
  return { total: Number(tally.total), inactive: Number(tally.inactive) };
}

/** The headings' counts; `profileTally` when the Profiles list has counted them already. */
async function sectionCounts(db: Executor, profileTally: Promise<ProfileTally> | null): Promise<AdminSectionCounts> {
  const [[requests], [messages], profileCounts, granted, searches] = await Promise.all([
    db
      .select({ total: count(), pending: sql<number>`count(*) filter (where ${freeListingRequests.status} = 'pending')` })
      .from(freeListingRequests),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${contactMessages.adminReadAt} is null)` })
      .from(contactMessages),
    profileTally ?? countProfiles(db),
    freeListingGrantsIssued(db),
    countUnmetSearches(db),
  ]);
  return {
    requests: { total: Number(requests.total), pending: Number(requests.pending) },
    messages: { total: Number(messages.total), unread: Number(messages.unread) },
    profiles: profileCounts,
    searches: { total: searches },
    freeListings: { granted, limit: FREE_LISTING_SPOTS },
  };
}

async function requestDetail(db: Executor, id: string): Promise<RequestDetailView | null> {
  const row: FreeListingRequest | null = await getFreeListingRequest(db, id);
  if (!row) return null;
  let reviewedByEmail: string | null = null;
  if (row.reviewedBy) {
    const [reviewer] = await db.select({ email: user.email }).from(user).where(eq(user.id, row.reviewedBy));
    reviewedByEmail = reviewer?.email ?? null;
  }
  const [holder] = await db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.email, row.email.toLowerCase()));
  const { createdAt, reviewedAt, reviewedBy: _reviewedBy, userId, ...fields } = row;
  return {
    ...fields,
    account: holder ? (holder.confirmed ? "confirmed" : "unconfirmed") : "none",
    createdAt: createdAt.toISOString(),
    reviewedAt: reviewedAt?.toISOString() ?? null,
    reviewedByEmail,
    fromAccount: userId !== null,
  };
}

function profileDetailView({ createdAt, pausedAt, ...fields }: ProfileDetail): ProfileDetailView {
  return { ...fields, createdAt: createdAt.toISOString(), pausedAt: pausedAt?.toISOString() ?? null };
}

function messageDetailView({ createdAt, eventType, ...fields }: MessageDetail): MessageDetailView {
  return { ...fields, createdAt: createdAt.toISOString(), eventTypes: eventType ?? [] };
}

interface LoadedSection {
  section: AdminSection;
  viewMissing: boolean;
  /** All profiles and the inactive ones, when the Profiles list counted them with no search applied. */
  profileTally?: ProfileTally;
}

async function loadSection(db: Executor, at: AdminLocation): Promise<LoadedSection> {
  const paging = { page: at.page, search: at.q };
  if (at.tab === "requests") {
    const [list, detail] = await Promise.all([
      listFreeListingRequests(db, { ...paging, status: at.status as RequestStatusFilter }),
      at.view ? requestDetail(db, at.view) : null,
    ]);
    const rows = list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return { section: { tab: "requests", rows, detail, pageInfo: pageInfo(list) }, viewMissing: Boolean(at.view && !detail) };
  }
  if (at.tab === "messages") {
    const [list, detail] = await Promise.all([
      listMessages(db, { ...paging, status: at.status as MessageStatusFilter }),
      at.view ? getMessage(db, at.view) : null,
    ]);
    const rows = list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return {
      section: { tab: "messages", rows, detail: detail ? messageDetailView(detail) : null, pageInfo: pageInfo(list) },
      viewMissing: Boolean(at.view && !detail),
    };
  }
  if (at.tab === "searches") {
    const list = await listUnmetSearches(db, { ...paging, period: at.status as UnmetSearchPeriod });
    return { section: { tab: "searches", rows: list.rows, detail: null, pageInfo: pageInfo(list) }, viewMissing: false };
  }
  const [list, detail] = await Promise.all([
    listProfiles(db, { ...paging, status: at.status as ProfileStatusFilter }),
    at.view ? getAdminProfile(db, at.view) : null,
  ]);
  const rows = list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return {
    section: { tab: "profiles", rows, detail: detail ? profileDetailView(detail) : null, pageInfo: pageInfo(list) },
    viewMissing: Boolean(at.view && !detail),
    profileTally: at.q ? undefined : { total: list.counts.all, inactive: list.counts.inactive },
  };
}

const ACTION_SUMMARIES: Record<AdminAction, string> = {
  "request.approve": "Approved free-listing request",
  "request.reject": "Rejected free-listing request",
  "request.delete": "Deleted free-listing request",
  "message.read": "Marked message as read",
  "message.delete": "Deleted message",
  "profile.activate": "Activated profile",
  "profile.deactivate": "Deactivated profile",
  "profile.deactivate.undo": "Undid deactivation of profile",
  "profile.delete": "Deleted profile",
  "review.approve": "Approved review",
  "review.hide": "Hid review",
  "review.remove": "Removed review",
  "no_show.approve": "Confirmed no-show report",
  "no_show.hide": "Set aside no-show report",
  "no_show.remove": "Removed no-show report",
  "trust_document.open": "Opened trust document",
  "trust_document.approve": "Approved trust document",
  "trust_document.reject": "Rejected trust document",
};

/** The names the audited records have today (applicant, sender, display name); gone ones stay out. */
async function targetLabels(db: Executor, rows: AuditRow[]): Promise<Map<string, string>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const uuids = (list: string[]) => list.filter(isUuid);
  const requestIds = uuids(ids("free_listing_request"));
  const messageIds = uuids(ids("contact_message"));
  const profileIds = ids("profile");
  const [requests, messages, profileRows] = await Promise.all([
    requestIds.length
      ? db.select({ id: freeListingRequests.id, label: freeListingRequests.fullName }).from(freeListingRequests).where(inArray(freeListingRequests.id, requestIds))
      : [],
    messageIds.length
      ? db.select({ id: contactMessages.id, label: contactMessages.senderName }).from(contactMessages).where(inArray(contactMessages.id, messageIds))
      : [],
    profileIds.length
      ? db.select({ id: profiles.id, label: profiles.displayName }).from(profiles).where(inArray(profiles.id, profileIds))
      : [],
  ]);
  const labels = new Map<string, string>();
  for (const row of [...requests, ...messages, ...profileRows]) labels.set(row.id, row.label ?? "Unnamed profile");
  return labels;
}

async function recentActions(db: Executor): Promise<AuditView[]> {
  const rows = await listRecentAdminActions(db, RECENT_ACTIONS);
  const labels = await targetLabels(db, rows);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    adminEmail: row.adminEmail,
    summary: ACTION_SUMMARIES[row.action as AdminAction] ?? row.action,
    targetLabel: labels.get(row.targetId) ?? null,
    targetId: row.targetId,
    notes: row.notes,
  }));
}

export type AdminDashboardLoad =
  | { kind: "view"; view: AdminDashboardView & { viewMissing: boolean } }
  /** The page asked for is past the last one (rows were deleted): go to the last. */
  | { kind: "last-page"; page: number };

export async function loadAdminDashboard(db: Executor, at: AdminLocation): Promise<AdminDashboardLoad> {
  const loading = loadSection(db, at);
  // Unsearched, the Profiles list counts every profile itself: the heading takes those numbers
  // rather than reading the whole table a second time (a full scan on the embedded database).
  const profileTally = at.tab === "profiles" && !at.q ? loading.then((loaded) => loaded.profileTally ?? countProfiles(db)) : null;
  const [{ section, viewMissing }, counts, recent] = await Promise.all([loading, sectionCounts(db, profileTally), recentActions(db)]);
  if (section.rows.length === 0 && section.pageInfo.total > 0 && at.page > section.pageInfo.pageCount) {
    return { kind: "last-page", page: section.pageInfo.pageCount };
  }
  return { kind: "view", view: { location: at, counts, section, recent, viewMissing } };
}

export interface AdminActionContext extends ReviewMailContext {
  db: Executor;
  storage: Storage;
  logger: Logger;
  /** Deleting a profile cancels its owner's subscription (deleteAccount). */
  stripe: StripePayments | null;
}

export type AdminActionResult =
  /** Done or refused: show the toast; `removed` when the record no longer exists (leave its detail view). */
  | { kind: "done"; flash: Flash; removed: boolean }
  /** Not confirmed yet (no JavaScript), or confirmed without the reason: the page asks (again). */
  | { kind: "confirm"; confirmation: PendingConfirmation; errors: { reason?: string } };

const ok = (message: string, removed = false): AdminActionResult => ({ kind: "done", flash: { type: "success", message }, removed });
const failed = (message: string, removed = false): AdminActionResult => ({ kind: "done", flash: { type: "error", message }, removed });

async function confirmationOf(db: Executor, kind: ConfirmKind, id: string): Promise<PendingConfirmation | null> {
  if (kind === "approve" || kind === "reject" || kind === "delete-request") {
    const row = await getFreeListingRequest(db, id);
    return row ? { kind, id: row.id, label: `Request from ${row.fullName} (${row.email})` } : null;
  }
  if (kind === "delete-message") {
    const row = await getMessage(db, id);
    return row ? { kind, id: row.id, label: `Message from ${row.senderName} (${row.senderEmail})` } : null;
  }
  const [row] = await db.select({ id: profiles.id, name: profiles.displayName }).from(profiles).where(eq(profiles.id, id));
  return row ? { kind, id: row.id, label: row.name ?? "Unnamed profile" } : null;
}

/** The question to ask (again) for a post, as typed: null when the post needs none or its record is gone. */
export async function confirmationFor(db: Executor, post: { intent: string; id: string; active?: string }): Promise<PendingConfirmation | null> {
  const kind = confirmKindOf(post);
  return kind ? confirmationOf(db, kind, post.id) : null;
}

/** What each confirmed action's toast says when its record is gone before the question was answered. */
const GONE: Record<ConfirmKind, string> = {
  approve: REQUEST_UPDATE_FAILED,
  reject: REQUEST_UPDATE_FAILED,
  deactivate: PROFILE_STATUS_FAILED,
  "delete-request": REQUEST_DELETE_FAILED,
  "delete-message": MESSAGE_DELETE_FAILED,
  "delete-profile": PROFILE_DELETE_FAILED,
};

/** The reason was missing after all (a post made by hand): ask again, with the message by the field. */
async function askForReason(db: Executor, kind: ConfirmKind, id: string): Promise<AdminActionResult> {
  const confirmation = await confirmationOf(db, kind, id);
  return confirmation ? { kind: "confirm", confirmation, errors: { reason: REASON_REQUIRED } } : failed(GONE[kind], true);
}

async function performAction(ctx: AdminActionContext, adminId: string, input: AdminActionInput): Promise<AdminActionResult> {
  const { db } = ctx;
  switch (input.intent) {
    case "approve": {
      const outcome = await approveFreeListingRequest(db, ctx, { adminId, requestId: input.id, notes: input.notes });
      if (outcome.kind === "approved") return ok(REQUEST_APPROVED);
      if (outcome.kind === "program-full") return failed(PROGRAM_FULL);
      if (outcome.kind === "already-granted") return failed(REQUEST_ADDRESS_HAS_FREE_LISTING);
      if (outcome.kind === "already-reviewed") return failed(`${REQUEST_ALREADY_REVIEWED} It was ${outcome.status}.`);
      return failed(REQUEST_UPDATE_FAILED, true);
    }
    case "reject": {
      const outcome = await rejectFreeListingRequest(db, ctx, { adminId, requestId: input.id, reason: input.reason });
      if (outcome.kind === "rejected") return ok(REQUEST_REJECTED);
      if (outcome.kind === "reason-required") return askForReason(db, "reject", input.id);
      if (outcome.kind === "already-reviewed") return failed(`${REQUEST_ALREADY_REVIEWED} It was ${outcome.status}.`);
      return failed(REQUEST_UPDATE_FAILED, true);
    }
    case "delete-request": {
      const outcome = await deleteFreeListingRequest(db, { adminId, requestId: input.id });
      return outcome.kind === "deleted" ? ok(REQUEST_DELETED, true) : failed(REQUEST_DELETE_FAILED, true);
    }
    case "mark-read": {
      const outcome = await markMessageRead(db, { adminId, messageId: input.id });
      if (outcome.kind === "not-found") return failed(MESSAGE_MARK_READ_FAILED, true);
      return ok(MESSAGE_MARKED_READ);
    }
    case "delete-message": {
      const outcome = await deleteMessage(db, { adminId, messageId: input.id });
      return outcome.kind === "deleted" ? ok(MESSAGE_DELETED, true) : failed(MESSAGE_DELETE_FAILED, true);
    }
    case "set-active": {
      if (input.active !== "true" && input.active !== "false") return failed(PROFILE_STATUS_FAILED);
      if (input.active === "true") {
        const outcome = await activateProfile(db, { adminId, profileId: input.id });
        // Already active (another tab, a double click): say what is true now.
        return outcome.kind === "not-found" ? failed(PROFILE_STATUS_FAILED, true) : ok(PROFILE_ACTIVATED);
      }
      const outcome = await deactivateProfile(db, ctx, { adminId, profileId: input.id, reason: input.reason });
      if (outcome.kind === "reason-required") return askForReason(db, "deactivate", input.id);
      if (outcome.kind === "not-found") return failed(PROFILE_STATUS_FAILED, true);
      if (outcome.kind === "unchanged") return ok(PROFILE_DEACTIVATED);
      // The toast offers the undo; the server holds the mail and allows the undo a little longer.
      return {
        kind: "done",
        removed: false,
        flash: {
          type: "success",
          message: PROFILE_DEACTIVATED,
          action: {
            label: "Undo",
            seconds: UNDO_OFFER_SECONDS,
            fields: { intent: "undo-deactivate", id: input.id, token: outcome.auditId },
          },
        },
      };
    }
    case "undo-deactivate": {
      const outcome = await undoDeactivation(db, { adminId, profileId: input.id, auditId: input.token ?? "" });
      if (outcome.kind === "undone") return ok(PROFILE_DEACTIVATION_UNDONE);
      if (outcome.kind === "unchanged") return ok(PROFILE_ACTIVATED);
      if (outcome.kind === "too-late") return failed(PROFILE_UNDO_TOO_LATE);
      return failed(PROFILE_STATUS_FAILED);
    }
    case "delete-profile": {
      const outcome = await deleteProfile(ctx, { adminId, profileId: input.id });
      return outcome.kind === "deleted" ? ok(PROFILE_DELETED, true) : failed(PROFILE_DELETE_FAILED, true);
    }
  }
}

const FAILURES: Record<AdminActionInput["intent"], string> = {
  approve: REQUEST_UPDATE_FAILED,
  reject: REQUEST_UPDATE_FAILED,
  "delete-request": REQUEST_DELETE_FAILED,
  "mark-read": MESSAGE_MARK_READ_FAILED,
  "delete-message": MESSAGE_DELETE_FAILED,
  "set-active": PROFILE_STATUS_FAILED,
  "undo-deactivate": PROFILE_STATUS_FAILED,
  "delete-profile": PROFILE_DELETE_FAILED,
};

/**
 * One admin button's work. Deletions, Approve, Reject and Deactivate need `confirmed: "yes"`;
 * without it the answer is the question to ask. A database failure becomes the spec's "Failed to
 * ..." toast, with nothing half-written (each write is one transaction).
 */
export async function handleAdminAction(ctx: AdminActionContext, adminId: string, input: AdminActionInput): Promise<AdminActionResult> {
  try {
    const kind = confirmKindOf(input);
    if (kind && input.confirmed !== "yes") {
      const confirmation = await confirmationOf(ctx.db, kind, input.id);
      return confirmation ? { kind: "confirm", confirmation, errors: {} } : failed(GONE[kind], true);
    }
    return await performAction(ctx, adminId, input);
  } catch (error) {
    ctx.logger.error({ err: error, intent: input.intent, id: input.id }, "admin action failed");
    return failed(FAILURES[input.intent]);
  }
}
