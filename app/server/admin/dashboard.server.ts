import { count, eq, inArray, sql } from "drizzle-orm";
import {
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  MESSAGE_MARK_READ_FAILED,
  MESSAGE_MARKED_READ,
  PROFILE_ACTIVATED,
  PROFILE_DEACTIVATED,
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
} from "~/lib/admin-messages";
import type { AdminActionInput } from "~/lib/admin-schema";
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
  ProfileStatusFilter,
  RequestDetailView,
  RequestStatusFilter,
  UnmetSearchPeriod,
} from "~/lib/admin-view";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { contactMessages, freeListingRequests, profiles, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import type { Flash } from "../flash.server";
import type { Logger } from "../logger.server";
import type { ListingContext } from "../payments/context.server";
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
import { deleteProfile, listProfiles, setProfileActive } from "./profiles.server";
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
  const list = await listProfiles(db, { ...paging, status: at.status as ProfileStatusFilter });
  const rows = list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return {
    section: { tab: "profiles", rows, detail: null, pageInfo: pageInfo(list) },
    viewMissing: false,
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
  "profile.delete": "Deleted profile",
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

export interface AdminActionContext extends ListingContext {
  db: Executor;
  storage: Storage;
  logger: Logger;
  /** Deleting a profile cancels its owner's subscription (deleteAccount). */
  stripe: StripePayments | null;
}

export type AdminActionResult =
  /** Done or refused: show the toast; `removed` when the record no longer exists (leave its detail view). */
  | { kind: "done"; flash: Flash; removed: boolean }
  /** A deletion without the browser's confirmation: the page asks first. */
  | { kind: "confirm"; confirmation: PendingConfirmation };

const ok = (message: string, removed = false): AdminActionResult => ({ kind: "done", flash: { type: "success", message }, removed });
const failed = (message: string, removed = false): AdminActionResult => ({ kind: "done", flash: { type: "error", message }, removed });

async function confirmationFor(db: Executor, input: AdminActionInput): Promise<PendingConfirmation | null> {
  if (input.intent === "delete-request") {
    const row = await getFreeListingRequest(db, input.id);
    return row ? { intent: input.intent, id: row.id, label: `${row.fullName} (${row.email})` } : null;
  }
  if (input.intent === "delete-message") {
    const row = await getMessage(db, input.id);
    return row ? { intent: input.intent, id: row.id, label: `from ${row.senderName} (${row.senderEmail})` } : null;
  }
  if (input.intent === "delete-profile") {
    const [row] = await db.select({ id: profiles.id, name: profiles.displayName }).from(profiles).where(eq(profiles.id, input.id));
    return row ? { intent: input.intent, id: row.id, label: row.name ?? "Unnamed profile" } : null;
  }
  return null;
}

const DELETE_FAILURES = {
  "delete-request": REQUEST_DELETE_FAILED,
  "delete-message": MESSAGE_DELETE_FAILED,
  "delete-profile": PROFILE_DELETE_FAILED,
} as const;

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
      const outcome = await rejectFreeListingRequest(db, ctx, { adminId, requestId: input.id, notes: input.notes });
      if (outcome.kind === "rejected") return ok(REQUEST_REJECTED);
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
      const active = input.active === "true";
      const outcome = await setProfileActive(db, { adminId, profileId: input.id, active });
      if (outcome.kind === "not-found") return failed(PROFILE_STATUS_FAILED, true);
      // Already in the asked-for state (another tab, a double click): say what is true now.
      return ok(active ? PROFILE_ACTIVATED : PROFILE_DEACTIVATED);
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
  "delete-profile": PROFILE_DELETE_FAILED,
};

/**
 * One admin button's work. Deletions need `confirmed: "yes"`; without it the answer is the question
 * to ask. A database failure becomes the spec's "Failed to ..." toast, with nothing half-written
 * (each write is one transaction).
 */
export async function handleAdminAction(ctx: AdminActionContext, adminId: string, input: AdminActionInput): Promise<AdminActionResult> {
  try {
    if (input.intent in DELETE_FAILURES && input.confirmed !== "yes") {
      const confirmation = await confirmationFor(ctx.db, input);
      const intent = input.intent as keyof typeof DELETE_FAILURES;
      return confirmation ? { kind: "confirm", confirmation } : failed(DELETE_FAILURES[intent], true);
    }
    return await performAction(ctx, adminId, input);
  } catch (error) {
    ctx.logger.error({ err: error, intent: input.intent, id: input.id }, "admin action failed");
    return failed(FAILURES[input.intent]);
  }
}
