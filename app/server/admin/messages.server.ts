import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { MessageRowView, MessageStatusFilter } from "~/lib/admin-view";
import type { Executor } from "../db/client.server";
import { UNKNOWN_PROFILE } from "~/lib/admin-messages";
import { contactMessages, profiles } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { recordAudit } from "./audit.server";
import { likePattern, pageBounds, type PageRequest, type Paged } from "./paging.server";

// Inquiries the site relayed, as the admin dashboard's Messages section reads and manages them.
// "Read" here is the admins' own triage (admin_read_at): marking a message read never touches the
// performer's unread flag, so an admin's review does not clear what the performer has not seen.

/** A row as the database gives it: the view shape with its real timestamp. */
export type MessageListRow = Omit<MessageRowView, "createdAt"> & { createdAt: Date };

export interface MessageList extends Paged<MessageListRow> {
  counts: Record<MessageStatusFilter, number>;
}

/** Whether an admin has marked the message read. */
const adminRead = sql<boolean>`(${contactMessages.adminReadAt} is not null)`;

export async function listMessages(db: Executor, options: PageRequest & { status?: MessageStatusFilter } = {}): Promise<MessageList> {
  const { page, pageSize, offset } = pageBounds(options);
  const pattern = likePattern(options.search);
  const searchCondition = pattern
    ? or(ilike(contactMessages.senderName, pattern), ilike(contactMessages.senderEmail, pattern))
    : undefined;
  const statusCondition =
    options.status === "read" ? isNotNull(contactMessages.adminReadAt) : options.status === "unread" ? isNull(contactMessages.adminReadAt) : undefined;
  const where: SQL | undefined = and(searchCondition, statusCondition);
  const [rows, grouped] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        createdAt: contactMessages.createdAt,
        senderName: contactMessages.senderName,
        senderEmail: contactMessages.senderEmail,
        profileId: contactMessages.profileId,
        displayName: profiles.displayName,
        isRead: adminRead,
      })
      .from(contactMessages)
      .leftJoin(profiles, eq(profiles.id, contactMessages.profileId))
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ isRead: adminRead, n: count() }).from(contactMessages).where(searchCondition).groupBy(adminRead),
  ]);
  const counts: Record<MessageStatusFilter, number> = { all: 0, read: 0, unread: 0 };
  for (const row of grouped) {
    counts[row.isRead ? "read" : "unread"] = Number(row.n);
    counts.all += Number(row.n);
  }
  const status = options.status ?? "all";
  return {
    rows: rows.map(({ displayName, ...row }) => ({ ...row, profileName: displayName ?? UNKNOWN_PROFILE })),
    page,
    pageSize,
    total: counts[status],
    counts,
  };
}

export interface MessageDetail {
  id: string;
  createdAt: Date;
  senderName: string;
  senderEmail: string;
  phoneNumber: string;
  city: string;
  state: string;
  zip: string;
  eventType: string[];
  eventDate: string | null;
  message: string;
  /** An admin has marked it read. */
  isRead: boolean;
  /** The performer has opened it (their own unread flag). */
  performerRead: boolean;
  profileId: string;
  profileName: string;
}


export async function getMessage(db: Executor, id: string): Promise<MessageDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: contactMessages.id,
      createdAt: contactMessages.createdAt,
      senderName: contactMessages.senderName,
      senderEmail: contactMessages.senderEmail,
      phoneNumber: contactMessages.phoneNumber,
      city: contactMessages.city,
      state: contactMessages.state,
      zip: contactMessages.zip,
      eventType: contactMessages.eventType,
      eventDate: contactMessages.eventDate,
      message: contactMessages.message,
      isRead: adminRead,
      performerRead: contactMessages.isRead,
      profileId: contactMessages.profileId,
      displayName: profiles.displayName,
    })
    .from(contactMessages)
    .leftJoin(profiles, eq(profiles.id, contactMessages.profileId))
    .where(eq(contactMessages.id, id));
  if (!row) return null;
  const { displayName, ...rest } = row;
  return { ...rest, profileName: displayName ?? UNKNOWN_PROFILE };
}

export type MarkReadOutcome = { kind: "marked-read" } | { kind: "already-read" } | { kind: "not-found" };

/**
 * Marks a message read for the admins; one already read by an admin is left alone and writes no
 * audit row. The performer's own unread flag is not touched.
 */
export async function markMessageRead(db: Executor, input: { adminId: string; messageId: string }): Promise<MarkReadOutcome> {
  if (!isUuid(input.messageId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ adminReadAt: new Date() })
      .where(and(eq(contactMessages.id, input.messageId), isNull(contactMessages.adminReadAt)))
      .returning({ id: contactMessages.id });
    if (!row) {
      const [exists] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, input.messageId));
      return exists ? ({ kind: "already-read" } as const) : ({ kind: "not-found" } as const);
    }
    await recordAudit(tx, { adminId: input.adminId, action: "message.read", targetType: "contact_message", targetId: row.id });
    return { kind: "marked-read" } as const;
  });
}

export type MessageDeleteOutcome = { kind: "deleted" } | { kind: "not-found" };

export async function deleteMessage(db: Executor, input: { adminId: string; messageId: string }): Promise<MessageDeleteOutcome> {
  if (!isUuid(input.messageId)) return { kind: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, input.messageId)).returning({ id: contactMessages.id });
    if (!row) return { kind: "not-found" } as const;
    await recordAudit(tx, { adminId: input.adminId, action: "message.delete", targetType: "contact_message", targetId: row.id });
    return { kind: "deleted" } as const;
  });
}
