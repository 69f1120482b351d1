// What /admin shows, shared by its loader (app/server/admin/dashboard.server.ts) and its components:
// where the admin is (tab, filter, search, page, open record), read from and written to the address,
// and the shapes of the rows and records the page renders. Dates travel as ISO strings.

import type { ConfirmKind } from "./admin-messages";
import { hasControlCharacter } from "./form";

export const ADMIN_TABS = ["requests", "messages", "profiles", "searches"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_TITLES: Record<AdminTab, string> = {
  requests: "Free Listing Requests",
  messages: "Messages",
  profiles: "Profiles",
  searches: "What visitors searched for and did not find",
};

/** A tab's own label where the section's title is too long for a tab. */
export const ADMIN_TAB_LABELS: Record<AdminTab, string> = { ...ADMIN_TAB_TITLES, searches: "Unmet searches" };

/** Each section's status filter: value and label, the first being "everything". */
export const ADMIN_STATUS_FILTERS = {
  requests: [
    { value: "all", label: "All statuses" },
    { value: "pending", label: "Pending" },
    { value: "approved", label: "Approved" },
    { value: "rejected", label: "Rejected" },
  ],
  messages: [
    { value: "all", label: "All messages" },
    { value: "unread", label: "Unread" },
    { value: "read", label: "Read" },
  ],
  profiles: [
    { value: "all", label: "All profiles" },
    { value: "active", label: "Active" },
    { value: "inactive", label: "Inactive" },
    { value: "paid", label: "Paid" },
    { value: "expired", label: "Expired" },
    { value: "unpaid", label: "Not paid" },
  ],
  // The unmet searches' "status" is the period summed.
  searches: [
    { value: "all", label: "Last 30 days" },
    { value: "week", label: "Last 7 days" },
  ],
} as const satisfies Record<AdminTab, readonly { value: string; label: string }[]>;

export type RequestStatusFilter = (typeof ADMIN_STATUS_FILTERS.requests)[number]["value"];
export type MessageStatusFilter = (typeof ADMIN_STATUS_FILTERS.messages)[number]["value"];
export type ProfileStatusFilter = (typeof ADMIN_STATUS_FILTERS.profiles)[number]["value"];
export type UnmetSearchPeriod = (typeof ADMIN_STATUS_FILTERS.searches)[number]["value"];

/** Where the admin is: everything /admin's address says. */
export interface AdminLocation {
  tab: AdminTab;
  status: string;
  q: string;
  page: number;
  /** The record opened in full (a request, message or profile), or null for the list. */
  view: string | null;
}

const SEARCH_MAX = 100;

function isTab(value: string | null): value is AdminTab {
  return value !== null && (ADMIN_TABS as readonly string[]).includes(value);
}

/**
 * A text the address carries, trimmed; null when it holds a control character, which no name, email
 * or id has (PostgreSQL refuses a NUL byte outright, which made the search a 500).
 */
function addressText(params: URLSearchParams, name: string): string | null {
  const value = (params.get(name) ?? "").trim();
  return hasControlCharacter(value) ? null : value;
}

/**
 * Reads the admin's place from /admin's query; anything unknown falls back to the default, and a
 * search or record holding a control character is ignored (the page shows no search).
 */
export function parseAdminLocation(params: URLSearchParams): AdminLocation {
  const tabParam = params.get("tab");
  const tab: AdminTab = isTab(tabParam) ? tabParam : "requests";
  const statusParam = params.get("status");
  const status = ADMIN_STATUS_FILTERS[tab].some((f) => f.value === statusParam) ? statusParam! : "all";
  const q = (addressText(params, "q") ?? "").slice(0, SEARCH_MAX);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const view = addressText(params, "view") || null;
  return { tab, status, q, page: Number.isFinite(page) && page > 0 ? Math.min(page, 1_000_000) : 1, view };
}

/** /admin's address for a place, naming only what differs from the defaults (so links stay short). */
export function adminHref(location: AdminLocation, changes: Partial<AdminLocation> = {}): string {
  const next = { ...location, ...changes };
  const params = new URLSearchParams();
  if (next.tab !== "requests") params.set("tab", next.tab);
  if (next.status !== "all") params.set("status", next.status);
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.view) params.set("view", next.view);
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

/** Counts shown in the three section headings, over everything (not the current filter). */
export interface AdminSectionCounts {
  requests: { total: number; pending: number };
  messages: { total: number; unread: number };
  profiles: { total: number; inactive: number };
  /** Different searches that found nobody in the last 30 days. */
  searches: { total: number };
  /** Free listings granted so far, and the program's limit. */
  freeListings: { granted: number; limit: number };
}

export interface PageInfo {
  page: number;
  pageCount: number;
  /** Rows matching the filter and search. */
  total: number;
  /** 1-based position of the first and last row shown. */
  from: number;
  to: number;
}

export interface RequestRowView {
  id: string;
  createdAt: string;
  fullName: string;
  email: string;
  city: string;
  state: string;
  status: string;
  /**
   * An account with the request's address: none yet, or one whose owner has (not) confirmed it. An
   * approval reaches only a confirmed account; for an unconfirmed one it waits.
   */
  account: "none" | "confirmed" | "unconfirmed";
}

export interface RequestDetailView extends RequestRowView {
  phone: string | null;
  instagram: string | null;
  facebook: string | null;
  youtube: string | null;
  tiktok: string | null;
  website: string | null;
  experience: string;
  paidEvents: string;
  eventTypes: string | null;
  characters: string | null;
  bio: string;
  travel: string;
  whyJoin: string | null;
  questions: string | null;
  reviewedAt: string | null;
  reviewedByEmail: string | null;
  notes: string | null;
  /** Whether the applicant was signed in when applying (the approval then lists that account). */
  fromAccount: boolean;
}

export interface MessageRowView {
  id: string;
  createdAt: string;
  senderName: string;
  senderEmail: string;
  profileId: string;
  /** The profile's display name, or "Unknown Profile". */
  profileName: string;
  /** An admin has marked it read (the admins' triage; the performer's own flag is apart). */
  isRead: boolean;
}

export interface MessageDetailView extends MessageRowView {
  /** The performer has opened it: their own flag, apart from the admins' `isRead`. */
  performerRead: boolean;
  phoneNumber: string;
  city: string;
  state: string;
  zip: string;
  eventTypes: string[];
  eventDate: string | null;
  message: string;
}

export interface ProfileRowView {
  id: string;
  createdAt: string;
  displayName: string | null;
  contactEmail: string | null;
  accountEmail: string | null;
  /** The account's address is not confirmed yet: the listing cannot go live (and the account goes after a week). */
  accountUnconfirmed: boolean;
  city: string | null;
  state: string | null;
  isActive: boolean;
  paymentStatus: string;
  paymentExpiry: string | null;
  /** paid and current (green), expired (red), anything else (yellow). */
  paymentTone: "paid" | "expired" | "other";
  firstImageUrl: string | null;
  categories: string[];
  /** Trademarked names the stage name or characters use, as written there (app/lib/trademark-names.ts). */
  trademarks: string[];
}

export interface ProfileDetailView extends ProfileRowView {
  /** The admin's reason, while the profile is inactive because an admin deactivated it. */
  pausedReason: string | null;
  pausedAt: string | null;
}

/** A search that found nobody, summed over the period: its words, its place and how many visitors asked. */
export interface UnmetSearchRowView {
  /** Normalised words; "" when only a place was searched. */
  words: string;
  /** "Orlando, FL", "Florida", or "" for no place. */
  place: string;
  /** Visitors who searched it, each counted once a day. */
  visitors: number;
  /** Days on which someone searched it. */
  days: number;
  /** The last such day, YYYY-MM-DD (UTC). */
  lastDay: string;
}

export type AdminSection =
  | { tab: "requests"; rows: RequestRowView[]; detail: RequestDetailView | null; pageInfo: PageInfo }
  | { tab: "messages"; rows: MessageRowView[]; detail: MessageDetailView | null; pageInfo: PageInfo }
  | { tab: "profiles"; rows: ProfileRowView[]; detail: ProfileDetailView | null; pageInfo: PageInfo }
  | { tab: "searches"; rows: UnmetSearchRowView[]; detail: null; pageInfo: PageInfo };

export interface AuditView {
  id: string;
  createdAt: string;
  adminEmail: string | null;
  /** "Approved request", "Deleted profile", ... */
  summary: string;
  /** The record's name today, or null once it is gone. */
  targetLabel: string | null;
  targetId: string;
  notes: string | null;
}

export interface AdminDashboardView {
  location: AdminLocation;
  counts: AdminSectionCounts;
  section: AdminSection;
  recent: AuditView[];
}

/** The action the page asks the admin to confirm, on which record (named in `label`). */
export interface PendingConfirmation {
  kind: ConfirmKind;
  id: string;
  label: string;
}

/** The reason or notes typed into a confirmation the server refused, with its message. */
export interface ConfirmationAnswer {
  confirmation: PendingConfirmation | null;
  errors: { notes?: string; reason?: string };
  values: { notes?: string; reason?: string };
}
