import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { recordAudit } from "../admin/audit.server";
import { pageBounds, type Paged } from "../admin/paging.server";
import type { Executor } from "../db/client.server";
import { profiles, trustDocuments, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { enqueueEmail } from "../mail/outbox.server";
import { documentWords, trustRejectedEmail } from "../mail/trust-templates.server";
import { refreshTrustFigures, todayIso } from "./figures.server";

// The admin's Trust section: pending documents oldest first, each opened through the checked
// document route, then approved with the date the review stays valid until, or rejected with a
// reason mailed to the performer. One transaction per decision holds the change, the profile's
// figures, the audit row and the mail. The list of approvals ending within 30 days sits below.

export interface TrustQueueItem {
  id: string;
  profileId: string;
  performerName: string;
  kind: "background_check" | "insurance";
  personName: string | null;
  provider: string;
  issuedOn: string | null;
  expiresOn: string | null;
  limitDollars: number | null;
  contentType: string;
  byteSize: number;
  uploadedAt: string;
}

export interface ExpiringItem {
  id: string;
  profileId: string;
  performerName: string;
  kind: "background_check" | "insurance";
  personName: string | null;
  validUntil: string;
  reminded: boolean;
}

export async function trustQueue(db: Executor, request: { page?: number } = {}): Promise<Paged<TrustQueueItem>> {
  const { page, pageSize, offset } = pageBounds({ page: request.page });
  const rows = await db
    .select({
      id: trustDocuments.id,
      profileId: trustDocuments.profileId,
      performerName: profiles.displayName,
      kind: trustDocuments.kind,
      personName: trustDocuments.personName,
      provider: trustDocuments.provider,
      issuedOn: trustDocuments.issuedOn,
      expiresOn: trustDocuments.expiresOn,
      limitDollars: trustDocuments.liabilityLimitDollars,
      contentType: trustDocuments.contentType,
      byteSize: trustDocuments.byteSize,
      uploadedAt: trustDocuments.uploadedAt,
    })
    .from(trustDocuments)
    .innerJoin(profiles, eq(profiles.id, trustDocuments.profileId))
    .where(eq(trustDocuments.status, "pending"))
    .orderBy(asc(trustDocuments.uploadedAt), asc(trustDocuments.id))
    .limit(pageSize)
    .offset(offset);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(trustDocuments).where(eq(trustDocuments.status, "pending"))) as [{ total: number }];
  return {
    rows: rows.map((r) => ({ ...r, performerName: r.performerName ?? "Unnamed profile", uploadedAt: r.uploadedAt.toISOString() })),
    page,
    pageSize,
    total,
  };
}

/** Approved documents whose review ends within `days` days (today included), soonest first. */
export async function expiringSoon(db: Executor, today: string = todayIso(), days = 30): Promise<ExpiringItem[]> {
  const rows = await db
    .select({
      id: trustDocuments.id,
      profileId: trustDocuments.profileId,
      performerName: profiles.displayName,
      kind: trustDocuments.kind,
      personName: trustDocuments.personName,
      validUntil: trustDocuments.validUntil,
      remindedAt: trustDocuments.remindedAt,
    })
    .from(trustDocuments)
    .innerJoin(profiles, eq(profiles.id, trustDocuments.profileId))
    .where(
      and(
        eq(trustDocuments.status, "approved"),
        gte(trustDocuments.validUntil, today),
        lte(trustDocuments.validUntil, sql`(${today}::date + ${days}::int)`),
      ),
    )
    .orderBy(asc(trustDocuments.validUntil), asc(trustDocuments.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profileId,
    performerName: r.performerName ?? "Unnamed profile",
    kind: r.kind,
    personName: r.personName,
    validUntil: r.validUntil ?? today,
    reminded: r.remindedAt !== null,
  }));
}

export interface TrustDecisionDeps {
  db: Executor;
  config: { publicUrl: string; siteName: string; contactEmails: { support: string } };
}

export type TrustDecision = { decision: "approve"; validUntil: string } | { decision: "reject"; reason: string };
export type TrustDecisionOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

const GONE: TrustDecisionOutcome = { ok: false, message: "That document is no longer waiting: another admin may have decided it.", status: 409 };

/** Approves (valid until the given day) or rejects (the reason is mailed) one pending document. */
export async function decideTrustDocument(deps: TrustDecisionDeps, adminId: string, documentId: string, decision: TrustDecision, now: Date = new Date()): Promise<TrustDecisionOutcome> {
  if (!isUuid(documentId)) return GONE;
  return deps.db.transaction(async (tx): Promise<TrustDecisionOutcome> => {
    const [row] = await tx
      .select({ profileId: trustDocuments.profileId, status: trustDocuments.status, kind: trustDocuments.kind, personName: trustDocuments.personName })
      .from(trustDocuments)
      .where(eq(trustDocuments.id, documentId))
      .for("update");
    if (!row || row.status !== "pending") return GONE;
    const what = documentWords(row.kind, row.personName);
    if (decision.decision === "approve") {
      await tx
        .update(trustDocuments)
        .set({ status: "approved", validUntil: decision.validUntil, decidedAt: now, decidedBy: adminId })
        .where(eq(trustDocuments.id, documentId));
      await refreshTrustFigures(tx, row.profileId, todayIso(now));
      await recordAudit(tx, { adminId, action: "trust_document.approve", targetType: "trust_document", targetId: documentId, notes: `valid until ${decision.validUntil}` });
      return { ok: true, message: `Approved: the ${what} is reviewed until ${decision.validUntil}.` };
    }
    await tx
      .update(trustDocuments)
      .set({ status: "rejected", reason: decision.reason, decidedAt: now, decidedBy: adminId })
      .where(eq(trustDocuments.id, documentId));
    await refreshTrustFigures(tx, row.profileId, todayIso(now));
    // Only a confirmed address: the mail quotes an admin's words, and nobody else should get them.
    const [owner] = await tx.select({ email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.id, row.profileId));
    const emailId = owner?.confirmed
      ? await enqueueEmail(
          tx,
          trustRejectedEmail({
            siteName: deps.config.siteName,
            to: owner.email,
            what,
            reason: decision.reason,
            trustUrl: `${deps.config.publicUrl}/dashboard/trust`,
            replyTo: deps.config.contactEmails.support,
          }),
        )
      : null;
    await recordAudit(tx, { adminId, action: "trust_document.reject", targetType: "trust_document", targetId: documentId, notes: decision.reason, emailId });
    return { ok: true, message: `Rejected: the performer was emailed the reason.` };
  });
}
