import { desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { adminAuditLog, user, type ADMIN_ACTIONS } from "../db/schema";

// The admin audit log: every admin write stores one row in its own transaction.

export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type AuditTargetType = "free_listing_request" | "contact_message" | "profile" | "review" | "review_request" | "trust_document";

export interface AuditEntry {
  adminId: string;
  action: AdminAction;
  targetType: AuditTargetType;
  targetId: string;
  notes?: string | null;
  /** The mail the write queued, when an undo may still take it back. */
  emailId?: string | null;
}

/**
 * Records one admin write and gives the row's id. Call it with the write's transaction so the row
 * exists exactly when the change does.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<string> {
  const [row] = await tx
    .insert(adminAuditLog)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      notes: entry.notes ?? null,
      emailId: entry.emailId ?? null,
    })
    .returning({ id: adminAuditLog.id });
  return row.id;
}

export interface AuditRow {
  id: string;
  adminId: string | null;
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  notes: string | null;
  createdAt: Date;
}

/** The latest admin actions, newest first. */
export async function listRecentAdminActions(db: Executor, limit = 20): Promise<AuditRow[]> {
  return db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      adminEmail: user.email,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      notes: adminAuditLog.notes,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(user, eq(user.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(Math.min(Math.max(1, limit), 100));
}
