import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { trustDocuments, user } from "../db/schema";
import type { Job } from "../jobs/scheduler.server";
import { enqueueEmail } from "../mail/outbox.server";
import { documentWords, trustExpiringEmail } from "../mail/trust-templates.server";
import type { Logger } from "../platform/logger.server";
import { queueStoredFileDeletions, sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import type { Storage } from "../storage/storage.server";
import { monthYear } from "~/lib/trust";
import { refreshTrustFigures, todayIso } from "./figures.server";

// The trust documents' scheduled work, as plain functions of `now` (the demo clock calls them with
// a later one), safe in several processes (rows are claimed with SKIP LOCKED and marked in the same
// transaction as their mail or deletion):
// - a reminder 30 days before an approved document's review ends, once per document;
// - the stored file deleted 30 days after the decision, through the storage layer's deletion queue
//   (retried by the storage sweep if storage is down), leaving the row with the decision's facts.
// No job takes a badge down at expiry: readers compare the profile's dates with today.

export const REMIND_DAYS_BEFORE = 30;
export const KEEP_FILE_DAYS = 30;
const BATCH = 100;

export interface TrustJobDeps {
  db: Executor;
  storage: Storage;
  config: { publicUrl: string; siteName: string };
  logger?: Logger;
}

/** Queues the reminder for approved documents ending within 30 days; how many were reminded. */
export async function remindExpiringDocuments(deps: Pick<TrustJobDeps, "db" | "config">, now: Date = new Date()): Promise<number> {
  const today = todayIso(now);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: trustDocuments.id, profileId: trustDocuments.profileId, kind: trustDocuments.kind, personName: trustDocuments.personName, validUntil: trustDocuments.validUntil })
      .from(trustDocuments)
      .where(
        and(
          eq(trustDocuments.status, "approved"),
          isNull(trustDocuments.remindedAt),
          gte(trustDocuments.validUntil, today),
          lte(trustDocuments.validUntil, sql`(${today}::date + ${REMIND_DAYS_BEFORE}::int)`),
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx.update(trustDocuments).set({ remindedAt: now }).where(inArray(trustDocuments.id, due.map((d) => d.id)));
    const owners = await tx
      .select({ id: user.id, email: user.email, confirmed: user.emailVerified })
      .from(user)
      .where(inArray(user.id, [...new Set(due.map((d) => d.profileId))]));
    const byId = new Map(owners.map((o) => [o.id, o]));
    for (const doc of due) {
      const owner = byId.get(doc.profileId);
      if (!owner?.confirmed) continue;
      await enqueueEmail(
        tx,
        trustExpiringEmail({
          siteName: deps.config.siteName,
          to: owner.email,
          what: documentWords(doc.kind, doc.personName),
          until: monthYearDay(doc.validUntil ?? today),
          trustUrl: `${deps.config.publicUrl}/dashboard/trust`,
        }),
      );
    }
    return due.length;
  });
}

/** "Aug 31, 2027" for the reminder's words. */
function monthYearDay(isoDay: string): string {
  const [, , d] = isoDay.split("-");
  const [month, year] = monthYear(isoDay).split(" ");
  return `${month} ${Number(d)}, ${year}`;
}

/** Deletes the files of documents decided 30 or more days ago; how many. */
export async function deleteDecidedFiles(deps: Pick<TrustJobDeps, "db" | "storage" | "logger">, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_FILE_DAYS * 86_400_000);
  const keys = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: trustDocuments.id, profileId: trustDocuments.profileId, storageKey: trustDocuments.storageKey })
      .from(trustDocuments)
      .where(and(isNotNull(trustDocuments.storageKey), ne(trustDocuments.status, "pending"), lte(trustDocuments.decidedAt, cutoff)))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const dueKeys = due.flatMap((d) => (d.storageKey ? [d.storageKey] : []));
    // Queued in the same commit that forgets the keys, so a file is never left without a record.
    await queueStoredFileDeletions(tx, dueKeys);
    await tx.update(trustDocuments).set({ storageKey: null, fileDeletedAt: now }).where(inArray(trustDocuments.id, due.map((d) => d.id)));
    for (const profileId of new Set(due.map((d) => d.profileId))) await refreshTrustFigures(tx, profileId, todayIso(now));
    return dueKeys;
  });
  if (keys.length > 0) await sweepStoredFileDeletions(deps.db, deps.storage, { keys, logger: deps.logger });
  return keys.length;
}

/** Both, as the scheduler and the demo clock run them. */
export async function runTrustJobs(deps: TrustJobDeps, now: Date = new Date()) {
  const reminded = await remindExpiringDocuments(deps, now);
  const filesDeleted = await deleteDecidedFiles(deps, now);
  return { reminded, filesDeleted };
}

export function trustJobs(deps: TrustJobDeps & { logger: Logger }): Job[] {
  return [
    {
      name: "trust-documents",
      intervalMs: 60 * 60_000,
      async run() {
        const result = await runTrustJobs(deps);
        if (result.reminded + result.filesDeleted > 0) deps.logger.info(result, "trust documents: reminders queued and decided files deleted");
      },
    },
  ];
}
