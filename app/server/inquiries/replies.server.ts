import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { formatDay } from "~/lib/calendar";
import { lengthLabel, usd } from "~/lib/package-view";
import type { ReplyPageView } from "~/lib/reply-view";
import { fillTemplate, STARTER_REPLIES } from "~/lib/saved-replies";
import type { Executor } from "../db/client.server";
import { isUuid } from "../db/sql-values.server";
import { calendarDays, contactMessages, inquiryReplies, profilePackages, profiles, user } from "../db/schema";
import { markDays, performerClock, type CalendarWrite } from "../calendar/calendar.server";
import { refreshInquiryReadHours } from "../insights/read-speed.server";
import { declineEmail, replyEmail } from "../mail/reply-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import type { AppServices } from "../platform/services.server";
import { takeRateLimits, waitInWords, type RateLimitRule } from "../platform/rate-limit.server";
import { declineAlternatives } from "./decline-alternatives.server";
import { getInquiry } from "./inbox.server";
import { issueReplyLink, REPLY_LINK_DAYS, replyLinkUrl } from "./reply-links.server";
import { refreshReplyStats } from "./reply-stats.server";
import { findTemplate, listSavedReplies } from "./saved-replies.server";

// Answering an inquiry from the dashboard (issue 27): a reply kept on the inquiry's thread and
// mailed to the parent, "Sorry, I'm booked that day", and "I replied" after answering by mail,
// phone or text. Each answer marks the inquiry read and answered in the transaction that keeps it
// (and queues its mail), then refreshes the performer's public reply figures. Every query names
// the owner, so another performer's inquiry id finds nothing.

type ReplyServices = Pick<AppServices, "db" | "config">;

const DAY = 24 * 60 * 60_000;

// Only mails that went count (taken in the sending transaction); a refused send counts nothing.
export const REPLY_LIMITS = {
  /** Replies and declines one performer sends a day. */
  perPerformer: { limit: 40, windowMs: DAY },
  /** On one inquiry a day: past that, a conversation belongs in the parent's and performer's own mail. */
  perInquiry: { limit: 5, windowMs: DAY },
  /**
   * Mails to one address nobody has confirmed, a day, from any performer: anyone can type anyone's
   * address into an inquiry, so the site must not become a way to fill a stranger's inbox.
   */
  perUnconfirmedAddress: { limit: 3, windowMs: DAY },
} as const;

export const REPLY_LIMITED = "You have sent as many replies as we allow for now";

export type AnswerOutcome =
  | { kind: "sent" }
  | { kind: "missing" }
  | { kind: "already" }
  | { kind: "limited"; message: string };

interface LockedInquiry {
  id: string;
  senderEmail: string;
  eventDate: string | null;
  zip: string;
  answer: string | null;
  confirmed: boolean;
  performerName: string;
  performerEmail: string;
}

/** The owner's inquiry, its row locked until the transaction ends, with the performer's name and address. */
async function lockInquiry(tx: Executor, ownerId: string, inquiryId: string): Promise<LockedInquiry | null> {
  const [row] = await tx
    .select({
      id: contactMessages.id,
      senderEmail: contactMessages.senderEmail,
      eventDate: contactMessages.eventDate,
      zip: contactMessages.zip,
      answer: contactMessages.answer,
      confirmedAt: contactMessages.parentConfirmedAt,
    })
    .from(contactMessages)
    .where(and(eq(contactMessages.id, inquiryId), eq(contactMessages.profileId, ownerId)))
    .for("update");
  if (!row) return null;
  const [performer] = await tx
    .select({ name: profiles.displayName, contactEmail: profiles.contactEmail, accountEmail: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, ownerId))
    .limit(1);
  if (!performer) return null;
  return {
    id: row.id,
    senderEmail: row.senderEmail,
    eventDate: row.eventDate,
    zip: row.zip,
    answer: row.answer,
    confirmed: row.confirmedAt !== null,
    performerName: performer.name ?? "Your performer",
    performerEmail: performer.contactEmail ?? performer.accountEmail,
  };
}

function limitRules(ownerId: string, inquiry: LockedInquiry): RateLimitRule[] {
  const rules: RateLimitRule[] = [
    { key: `inquiry-reply:profile:${ownerId}`, ...REPLY_LIMITS.perPerformer },
    { key: `inquiry-reply:inquiry:${inquiry.id}`, ...REPLY_LIMITS.perInquiry },
  ];
  if (!inquiry.confirmed) {
    // Keyed on a hash: the counter table need not hold another copy of the address.
    const digest = createHash("sha256").update(inquiry.senderEmail.trim().toLowerCase()).digest("base64url");
    rules.push({ key: `inquiry-reply:address:${digest}`, ...REPLY_LIMITS.perUnconfirmedAddress });
  }
  return rules;
}

/** Read (opening it to answer is reading it), answered now unless it already was, and the latest answer. */
async function markAnswered(tx: Executor, inquiryId: string, answer: "replied" | "declined", now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx
    .update(contactMessages)
    .set({
      isRead: true,
      firstReadAt: sql`coalesce(${contactMessages.firstReadAt}, ${at})`,
      answeredAt: sql`coalesce(${contactMessages.answeredAt}, ${at})`,
      answer,
    })
    .where(eq(contactMessages.id, inquiryId));
}

async function afterAnswer(db: Executor, ownerId: string, now: Date) {
  await refreshReplyStats(db, ownerId, now);
  await refreshInquiryReadHours(db, ownerId);
}

/** A reply written on the dashboard: kept on the thread and mailed to the parent (see reply-templates). */
export async function sendReply({ db, config }: ReplyServices, ownerId: string, inquiryId: string, body: string, now: Date = new Date()): Promise<AnswerOutcome> {
  if (!isUuid(inquiryId)) return { kind: "missing" };
  const outcome = await db.transaction(async (tx): Promise<AnswerOutcome> => {
    const inquiry = await lockInquiry(tx, ownerId, inquiryId);
    if (!inquiry) return { kind: "missing" };
    const verdict = await takeRateLimits(tx, limitRules(ownerId, inquiry), 1, now);
    if (!verdict.allowed) return { kind: "limited", message: `${REPLY_LIMITED}. Please try again in ${waitInWords(verdict.retryAfterSeconds)}, or answer by email or phone meanwhile.` };
    await tx.insert(inquiryReplies).values({ inquiryId, kind: "reply", body, createdAt: now });
    await markAnswered(tx, inquiryId, "replied", now);
    const token = await issueReplyLink(tx, inquiryId, now);
    await enqueueEmail(
      tx,
      replyEmail({
        siteName: config.siteName,
        to: inquiry.senderEmail,
        replyTo: inquiry.performerEmail,
        performerName: inquiry.performerName,
        eventDate: inquiry.eventDate ? formatDay(inquiry.eventDate) : null,
        readUrl: replyLinkUrl(config.publicUrl, token),
        linkDays: REPLY_LINK_DAYS,
        body: inquiry.confirmed ? body : null,
      }),
    );
    return { kind: "sent" };
  });
  if (outcome.kind === "sent") await afterAnswer(db, ownerId, now);
  return outcome;
}

/** "Sorry, I'm booked that day": a kind fixed decline with up to three performers to ask instead. */
export async function declineInquiry({ db, config }: ReplyServices, ownerId: string, inquiryId: string, now: Date = new Date()): Promise<AnswerOutcome> {
  if (!isUuid(inquiryId)) return { kind: "missing" };
  const [basics] = await db
    .select({ zip: contactMessages.zip, eventDate: contactMessages.eventDate, answer: contactMessages.answer })
    .from(contactMessages)
    .where(and(eq(contactMessages.id, inquiryId), eq(contactMessages.profileId, ownerId)))
    .limit(1);
  if (!basics) return { kind: "missing" };
  if (basics.answer === "declined") return { kind: "already" };
  // Read before the transaction: a few index reads that lock nothing, so the inquiry's lock is short.
  const alternatives = await declineAlternatives(db, ownerId, basics, now);
  const outcome = await db.transaction(async (tx): Promise<AnswerOutcome> => {
    const inquiry = await lockInquiry(tx, ownerId, inquiryId);
    if (!inquiry) return { kind: "missing" };
    if (inquiry.answer === "declined") return { kind: "already" };
    const verdict = await takeRateLimits(tx, limitRules(ownerId, inquiry), 1, now);
    if (!verdict.allowed) return { kind: "limited", message: `${REPLY_LIMITED}. Please try again in ${waitInWords(verdict.retryAfterSeconds)}.` };
    await tx.insert(inquiryReplies).values({ inquiryId, kind: "decline", body: "", alternatives, createdAt: now });
    await markAnswered(tx, inquiryId, "declined", now);
    const token = await issueReplyLink(tx, inquiryId, now);
    await enqueueEmail(
      tx,
      declineEmail({
        siteName: config.siteName,
        to: inquiry.senderEmail,
        replyTo: inquiry.performerEmail,
        performerName: inquiry.performerName,
        eventDate: inquiry.eventDate ? formatDay(inquiry.eventDate) : null,
        readUrl: replyLinkUrl(config.publicUrl, token),
        linkDays: REPLY_LINK_DAYS,
        alternatives: alternatives.map((a) => ({ name: a.name, profileUrl: `${config.publicUrl}/profile/${encodeURIComponent(a.id)}` })),
      }),
    );
    return { kind: "sent" };
  });
  if (outcome.kind === "sent") await afterAnswer(db, ownerId, now);
  return outcome;
}

/** "I replied": the performer answered by their own mail, phone or text. Nothing is mailed. */
export async function markAnsweredElsewhere(db: Executor, ownerId: string, inquiryId: string, now: Date = new Date()): Promise<AnswerOutcome> {
  if (!isUuid(inquiryId)) return { kind: "missing" };
  const outcome = await db.transaction(async (tx): Promise<AnswerOutcome> => {
    const inquiry = await lockInquiry(tx, ownerId, inquiryId);
    if (!inquiry) return { kind: "missing" };
    if (inquiry.answer === "replied") return { kind: "already" };
    await tx.insert(inquiryReplies).values({ inquiryId, kind: "elsewhere", createdAt: now });
    await markAnswered(tx, inquiryId, "replied", now);
    return { kind: "sent" };
  });
  if (outcome.kind === "sent") await afterAnswer(db, ownerId, now);
  return outcome;
}

export type MarkBookedOutcome = CalendarWrite | { status: "missing" } | { status: "no-date" };

/** After a decline: the inquiry's day marked booked in the performer's calendar (markDays checks it is not past). */
export async function markInquiryDayBooked(db: Executor, ownerId: string, inquiryId: string, now: Date = new Date()): Promise<MarkBookedOutcome> {
  if (!isUuid(inquiryId)) return { status: "missing" };
  const [row] = await db
    .select({ eventDate: contactMessages.eventDate })
    .from(contactMessages)
    .where(and(eq(contactMessages.id, inquiryId), eq(contactMessages.profileId, ownerId)))
    .limit(1);
  if (!row) return { status: "missing" };
  if (!row.eventDate) return { status: "no-date" };
  return markDays(db, ownerId, { from: row.eventDate, to: row.eventDate, mark: "booked" }, now);
}

/** The reply page: the inquiry, its thread, the templates, and the reply a chosen template fills in. */
export async function loadReplyPage(
  db: Executor,
  ownerId: string,
  inquiryId: string,
  choice: { template: string; packagePosition: string },
  now: Date = new Date(),
): Promise<ReplyPageView | null> {
  const inquiry = await getInquiry(db, ownerId, inquiryId);
  if (!inquiry) return null;
  const [performer] = await db
    .select({ contactEmail: profiles.contactEmail, accountEmail: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, ownerId))
    .limit(1);
  if (!performer) return null;
  const [own, packages, clock] = await Promise.all([
    listSavedReplies(db, ownerId),
    db.select().from(profilePackages).where(eq(profilePackages.profileId, ownerId)).orderBy(asc(profilePackages.position)),
    performerClock(db, ownerId, now),
  ]);
  const chosenPackage = packages.find((p) => String(p.position) === choice.packagePosition) ?? packages[0] ?? null;
  const template = choice.template ? await findTemplate(db, ownerId, choice.template) : null;
  const prefill = template
    ? fillTemplate(template.body, {
        senderName: inquiry.senderName,
        eventDate: inquiry.eventDate ? formatDay(inquiry.eventDate) : null,
        packageName: chosenPackage?.name ?? null,
        price: chosenPackage ? usd(chosenPackage.price) : null,
      })
    : "";
  let dayBooked = false;
  if (inquiry.eventDate) {
    const [marked] = await db
      .select({ kind: calendarDays.kind })
      .from(calendarDays)
      .where(and(eq(calendarDays.profileId, ownerId), eq(calendarDays.day, inquiry.eventDate)))
      .limit(1);
    dayBooked = marked !== undefined;
  }
  return {
    inquiry,
    performerEmail: performer.contactEmail ?? performer.accountEmail,
    templates: [
      ...STARTER_REPLIES.map((s) => ({ id: s.id, title: s.title, starter: true })),
      ...own.map((s) => ({ id: s.id, title: s.title, starter: false })),
    ],
    packages: packages.map((p) => ({ position: p.position, label: `${p.name}: ${usd(p.price)} · ${lengthLabel(p.minutes)}` })),
    chosenTemplate: template?.id ?? "",
    chosenPackage: chosenPackage ? String(chosenPackage.position) : "",
    prefill,
    dayBooked,
    dayAhead: inquiry.eventDate !== null && clock !== null && inquiry.eventDate >= clock.today,
  };
}
