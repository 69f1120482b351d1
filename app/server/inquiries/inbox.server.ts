import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { messagePreview, type InquiryDetailView, type InquiryRow, type ThreadEntry } from "~/lib/inbox-view";
import { inquiryStatus } from "~/lib/inquiry-status";
import type { Executor } from "../db/client.server";
import { contactMessages, inquiryReplies } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { refreshInquiryReadHours } from "../insights/read-speed.server";

// A performer's inquiries. The owner's profile id (equal to their user id) is part of EVERY query,
// so an inquiry id from someone else's inbox simply finds nothing.

export const INBOX_PAGE_SIZE = 20;

export interface InboxPage {
  inquiries: InquiryRow[];
  total: number;
  unread: number;
  page: number;
  pageCount: number;
}

export async function listInquiries(db: Executor, ownerId: string, page = 1): Promise<InboxPage> {
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where not ${contactMessages.isRead})`.mapWith(Number),
    })
    .from(contactMessages)
    .where(eq(contactMessages.profileId, ownerId));
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: contactMessages.id,
      senderName: contactMessages.senderName,
      eventTypes: contactMessages.eventType,
      eventDate: contactMessages.eventDate,
      isRead: contactMessages.isRead,
      answer: contactMessages.answer,
      createdAt: contactMessages.createdAt,
      message: contactMessages.message,
    })
    .from(contactMessages)
    .where(eq(contactMessages.profileId, ownerId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((current - 1) * INBOX_PAGE_SIZE);
  return {
    inquiries: rows.map(({ message, answer, ...r }) => ({
      ...r,
      status: inquiryStatus(r.isRead, answer),
      createdAt: r.createdAt.toISOString(),
      preview: messagePreview(message),
    })),
    total,
    unread: totals?.unread ?? 0,
    page: current,
    pageCount,
  };
}

export async function getInquiry(db: Executor, ownerId: string, id: string): Promise<InquiryDetailView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), eq(contactMessages.profileId, ownerId)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: inquiryStatus(row.isRead, row.answer),
    thread: await inquiryThread(db, row.id),
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    phoneNumber: row.phoneNumber,
    city: row.city,
    state: row.state,
    zip: row.zip,
    message: row.message,
    eventTypes: row.eventType,
    eventDate: row.eventDate,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    preview: messagePreview(row.message),
    eventStartTime: row.eventStartTime,
    eventLengthMinutes: row.eventLengthMinutes,
    childrenCount: row.childrenCount,
    childAge: row.childAge,
  };
}

/** An inquiry's answers, oldest first; the caller has checked the inquiry is the owner's. */
export async function inquiryThread(db: Executor, inquiryId: string): Promise<ThreadEntry[]> {
  const rows = await db
    .select()
    .from(inquiryReplies)
    .where(eq(inquiryReplies.inquiryId, inquiryId))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === "decline" || r.kind === "elsewhere" ? r.kind : "reply",
    body: r.body,
    alternatives: r.alternatives ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Stamps when the owner first opened an inquiry (opening its detail or marking it read), the
 * figure behind "usually reads inquiries within N hours". Only the first opening counts, so
 * reloading the page or marking it read later changes nothing. True when this call stamped it.
 */
export async function noteInquiryOpened(db: Executor, ownerId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const stamped = await db
    .update(contactMessages)
    .set({ firstReadAt: sql`now()` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.profileId, ownerId), isNull(contactMessages.firstReadAt)))
    .returning({ id: contactMessages.id });
  if (stamped.length === 0) return false;
  await refreshInquiryReadHours(db, ownerId);
  return true;
}

/** True when the owner has such an inquiry (already read counts as success). */
export async function markInquiryRead(db: Executor, ownerId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(contactMessages)
    .set({ isRead: true })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.profileId, ownerId)))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) return false;
  await noteInquiryOpened(db, ownerId, id);
  return true;
}

export async function deleteInquiry(db: Executor, ownerId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(contactMessages)
    .where(and(eq(contactMessages.id, id), eq(contactMessages.profileId, ownerId)))
    .returning({ id: contactMessages.id });
  return deleted.length > 0;
}
