import { count, eq, sql } from "drizzle-orm";
import { BIO_MIN_LENGTH } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { profileCategories, profileImages, profiles, user } from "../db/schema";
import type { InquiryDetailView } from "~/lib/inbox-view";
import type { InsightsTip, InsightsView } from "~/lib/insights-view";
import { CONFIRM_EMAIL_LABEL, CONFIRM_EMAIL_PATH } from "~/lib/email-confirmation";
import { TRAVEL_RANGE_CHECK_LABEL, TRAVEL_RANGE_SECTION } from "~/lib/travel-range-check";
import type { ListingStatusView } from "~/lib/subscription";
import { getInquiry, listInquiries, type InboxPage } from "../inquiries/inbox.server";
import { loadInsights } from "../insights/dashboard-insights.server";
import { loadInsightsTip } from "../insights/inquiry-tip.server";
import type { Logger } from "../platform/logger.server";
import { readListingStatus } from "../payments/status.server";
import { isPaidListing, todayIso } from "../directory/visibility.server";

// What the dashboard shows about the performer's own listing: the status box, the account badge
// and the completion checklist.

export type ProfileStatus = "none" | "incomplete" | "unpaid" | "active";

export interface ChecklistItem {
  key: "confirmEmail" | "displayName" | "bio" | "state" | "city" | "travelRange" | "category" | "photo" | "contactEmail";
  label: string;
  done: boolean;
  /** Where the performer fixes it. */
  href: string;
}

export interface DashboardSummary {
  hasProfile: boolean;
  status: ProfileStatus;
  /** Paid and not past the expiry date: the account badge reads Active. */
  paid: boolean;
  paymentExpiry: string | null;
  /** Publicly visible right now, so /profile/{id} works for everyone. */
  listed: boolean;
  /** The one listing status (renewal or cancellation date included), as every performer screen reads it. */
  listing: ListingStatusView;
  /** Whether the account's address is confirmed; until it is, the listing cannot go live. */
  emailConfirmed: boolean;
  checklist: ChecklistItem[];
  /** The profile has no "Who are your shows for?" answer yet (app/server/profiles/audience.server.ts): the dashboard asks. */
  askAudience: boolean;
}

export interface ProfileFacts {
  displayName: string | null;
  bio: string | null;
  state: string | null;
  city: string | null;
  contactEmail: string | null;
  isActive: boolean;
  paymentStatus: string;
  paymentExpiry: string | null;
  categoryCount: number;
  imageCount: number;
  audience: string | null;
  /** The performer has chosen a travel range at least once (schema.ts, travelRadiusChosenAt). */
  travelRangeChosen: boolean;
}

const filled = (value: string | null) => !!value && value.trim().length > 0;

export function isPaid(facts: Pick<ProfileFacts, "paymentStatus" | "paymentExpiry">, today: string = todayIso()): boolean {
  return isPaidListing(facts, today);
}

/** The spec's four states: the basics (name, bio, state, city) decide "incomplete", payment the rest. */
function profileStatus(facts: ProfileFacts | null, today: string = todayIso()): ProfileStatus {
  if (!facts) return "none";
  if (!filled(facts.displayName) || !filled(facts.bio) || !filled(facts.state) || !filled(facts.city)) return "incomplete";
  return isPaid(facts, today) ? "active" : "unpaid";
}

function completionChecklist(facts: ProfileFacts | null, emailConfirmed: boolean): ChecklistItem[] {
  const edit = "/dashboard/edit-profile";
  // Only while it is still to do: a confirmed address is not something the performer maintains.
  const confirm: ChecklistItem[] = emailConfirmed
    ? []
    : [{ key: "confirmEmail", label: CONFIRM_EMAIL_LABEL, done: false, href: CONFIRM_EMAIL_PATH }];
  return [
    ...confirm,
    { key: "displayName", label: "Display name", done: filled(facts?.displayName ?? null), href: edit },
    {
      key: "bio",
      label: `Bio of at least ${BIO_MIN_LENGTH} characters`,
      done: (facts?.bio?.trim().length ?? 0) >= BIO_MIN_LENGTH,
      href: edit,
    },
    { key: "state", label: "State", done: filled(facts?.state ?? null), href: edit },
    { key: "city", label: "City", done: filled(facts?.city ?? null), href: edit },
    { key: "travelRange", label: TRAVEL_RANGE_CHECK_LABEL, done: facts?.travelRangeChosen ?? false, href: TRAVEL_RANGE_SECTION },
    { key: "category", label: "At least one category", done: (facts?.categoryCount ?? 0) > 0, href: edit },
    { key: "photo", label: "At least one photo", done: (facts?.imageCount ?? 0) > 0, href: "/dashboard/manage-images" },
    { key: "contactEmail", label: "Contact email", done: filled(facts?.contactEmail ?? null), href: edit },
  ];
}

async function loadProfileFacts(db: Executor, userId: string): Promise<ProfileFacts | null> {
  const [row] = await db
    .select({
      displayName: profiles.displayName,
      bio: profiles.bio,
      state: profiles.state,
      city: profiles.city,
      contactEmail: profiles.contactEmail,
      isActive: profiles.isActive,
      paymentStatus: profiles.paymentStatus,
      paymentExpiry: profiles.paymentExpiry,
      audience: profiles.audience,
      travelRadiusChosenAt: profiles.travelRadiusChosenAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) return null;
  const [[categories], [images]] = await Promise.all([
    db.select({ n: count() }).from(profileCategories).where(eq(profileCategories.profileId, userId)),
    db.select({ n: count() }).from(profileImages).where(eq(profileImages.profileId, userId)),
  ]);
  const { travelRadiusChosenAt, ...facts } = row;
  return { ...facts, travelRangeChosen: travelRadiusChosenAt !== null, categoryCount: categories?.n ?? 0, imageCount: images?.n ?? 0 };
}

/**
 * Keeps the performer's travel range as it is, as a choice ("Local only is right"): the checklist
 * item goes. False when there is no profile yet.
 */
export async function keepTravelRange(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ travelRadiusChosenAt: sql`coalesce(${profiles.travelRadiusChosenAt}, now())` })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

export async function getDashboardSummary(db: Executor, userId: string, today: string = todayIso()): Promise<DashboardSummary> {
  const [facts, listing, [account]] = await Promise.all([
    loadProfileFacts(db, userId),
    readListingStatus(db, userId, today),
    db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, userId)),
  ]);
  const emailConfirmed = account?.confirmed ?? false;
  return {
    hasProfile: facts !== null,
    status: profileStatus(facts, today),
    paid: listing.paid,
    paymentExpiry: listing.paymentExpiry,
    listed: listing.listed,
    listing,
    emailConfirmed,
    checklist: completionChecklist(facts, emailConfirmed),
    askAudience: facts !== null && facts.audience === null,
  };
}

export interface DashboardData {
  /**
   * With the insights (views, appearances and inquiries by week; null without a profile, or when
   * they could not be loaded) and their tip (null likewise), which travel inside the summary the
   * page already hands on.
   */
  summary: DashboardSummary & { insights: InsightsView | null; insightsTip: InsightsTip | null };
  /** Null when the inquiries could not be loaded (the page says so and still shows the rest). */
  inbox: InboxPage | null;
  /** The inquiry opened in the detail view; `missing` when that id is not one of the owner's. */
  selected: { inquiry: InquiryDetailView } | { missing: true } | null;
}

export async function loadDashboard(
  db: Executor,
  logger: Logger,
  userId: string,
  options: { page: number; inquiryId: string | null },
): Promise<DashboardData> {
  const summary = await getDashboardSummary(db, userId);
  let inbox: InboxPage | null = null;
  let selected: DashboardData["selected"] = null;
  try {
    inbox = await listInquiries(db, userId, options.page);
    if (options.inquiryId !== null) {
      const inquiry = await getInquiry(db, userId, options.inquiryId);
      selected = inquiry ? { inquiry } : { missing: true };
    }
  } catch (error) {
    logger.error({ err: error, userId }, "loading inquiries failed");
    inbox = null;
  }
  let insights: InsightsView | null = null;
  if (summary.hasProfile) {
    try {
      insights = await loadInsights(db, userId);
    } catch (error) {
      // The figures are a nicety: the rest of the dashboard still works without them.
      logger.error({ err: error, userId }, "loading insights failed");
    }
  }
  let insightsTip: InsightsTip | null = null;
  if (insights) {
    try {
      insightsTip = await loadInsightsTip(db, logger, userId);
    } catch (error) {
      logger.error({ err: error, userId }, "loading the insights tip failed");
    }
  }
  return { summary: { ...summary, insights, insightsTip }, inbox, selected };
}
