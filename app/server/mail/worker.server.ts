import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Executor } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import type { Logger } from "../platform/logger.server";

/** The part of a nodemailer transport the worker uses (tests hand in a real one pointed at a loopback server). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    messageId?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
}

/** Where the no-SMTP mode remembers which pending messages it has already logged. */
export interface PendingMailLog {
  // created_at as PostgreSQL prints it: a JS Date would drop the microseconds and log a row twice.
  after: { createdAt: string; id: string } | null;
}

export interface DeliveryOptions {
  /** MAIL_FROM: the sender when a message names none. */
  from: string;
  logger: Logger;
  now?: Date;
  batchSize?: number;
  /**
   * A message that still fails this long after it was queued is marked failed and left alone (an
   * operator can requeue it with `npm run mail:retry-failed`). Counted in time, not attempts, so an
   * SMTP outage of hours or a weekend delays mail instead of losing it.
   */
  maxAgeMs?: number;
  /**
   * How long a claimed message stays reserved for this worker. Longer than any single send can take
   * (see the transport timeouts), so another process never picks up a message that is still going out.
   */
  lockMs?: number;
  /** Stops the batch between messages (shutdown); unsent claimed messages go back to the queue. */
  signal?: AbortSignal;
  /** Without SMTP: remembers what was logged, so each message is logged once per process. */
  pendingLog?: PendingMailLog;
}

export interface DeliveryResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  released: number;
  logged: number;
}

/** Three days, as mail servers commonly keep retrying a message. */
const MAX_AGE_MS = 3 * 24 * 60 * 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const DEFAULT_LOCK_MS = 5 * 60_000;
const DEFAULT_BATCH = 10;

/** Delay before the next try after `attempts` failed ones: 30 s, 1 min, 2 min ... capped at one hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * A pooled SMTP transport for SMTP_URL. The timeouts keep one send far shorter than the claim lock,
 * which is what stops a second process from taking over a message that is still being delivered.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

/**
 * Delivers mail that is due. Each message is claimed with one UPDATE over a `FOR UPDATE SKIP LOCKED`
 * selection, so any number of workers in any number of processes send each message once.
 * Messages left in `sending` by a process that died are taken back once their lock has expired.
 */
export async function deliverDueEmails(
  db: Executor,
  transport: MailTransport | null,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0, logged: 0 };
  if (!transport) {
    result.logged = await logPendingEmails(db, options);
    return result;
  }
  const now = options.now ?? new Date();
  // Compare against the database clock unless a test pins the time: rows are stamped by the
  // database with microseconds, and a JavaScript Date (milliseconds) taken in the same
  // millisecond would read as earlier than the row.
  const dueBy = options.now ?? sql`now()`;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;

  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, dueBy)),
        and(eq(emailOutbox.status, "sending"), lt(emailOutbox.lockedUntil, dueBy)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(options.batchSize ?? DEFAULT_BATCH)
    .for("update", { skipLocked: true });
  // The attempt is counted when claimed, so a message that crashes its process cannot loop forever.
  const claimed = await db
    .update(emailOutbox)
    .set({
      status: "sending",
      lockedUntil: new Date(now.getTime() + lockMs),
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  result.claimed = claimed.length;
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const started = Date.now();
  for (let i = 0; i < claimed.length; i++) {
    const row = claimed[i];
    // Stop early on shutdown, or before the claim could expire under us, and hand the rest back.
    if (options.signal?.aborted || Date.now() - started > lockMs / 2) {
      result.released = await releaseClaims(
        db,
        claimed.slice(i).map((r) => r.id),
      );
      break;
    }
    const from = row.fromAddress ?? options.from;
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        // A stable Message-ID lets receiving servers drop a duplicate if a retry follows a lost reply.
        messageId: `<${row.id}@${domainOf(from)}>`,
        headers: row.headers ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
      result.sent++;
    } catch (error) {
      const message = describeError(error);
      const giveUp = isPermanent(error) || now.getTime() - row.createdAt.getTime() >= maxAgeMs;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: giveUp ? now : new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending")));
      if (giveUp) {
        result.failed++;
        options.logger.error({ emailId: row.id, attempts: row.attempts, error: message }, "email delivery failed for good");
      } else {
        result.retrying++;
        options.logger.warn({ emailId: row.id, attempts: row.attempts, error: message }, "email delivery failed; will retry");
      }
    }
  }
  return result;
}

async function releaseClaims(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", lockedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending")))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Without SMTP the mail stays queued; the log shows each new message's subject and links once. */
async function logPendingEmails(db: Executor, options: DeliveryOptions): Promise<number> {
  const cursor = options.pendingLog?.after ?? null;
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      createdAt: sql<string>`${emailOutbox.createdAt}::text`,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        cursor
          ? sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
    .limit(options.batchSize ?? 100);
  for (const row of rows) {
    options.logger.info(
      { emailId: row.id, to: row.to, subject: row.subject, links: linksIn(row.text) },
      "email not sent (no SMTP_URL): it stays in the outbox",
    );
  }
  const last = rows.at(-1);
  if (last && options.pendingLog) options.pendingLog.after = { createdAt: last.createdAt, id: last.id };
  return rows.length;
}

function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}

function domainOf(address: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(address)?.[1] ?? "localhost";
}

function responseCodeOf(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : undefined;
}

/** A 5xx SMTP reply (no such mailbox, rejected content) will not change on retry. */
function isPermanent(error: unknown): boolean {
  const code = responseCodeOf(error);
  return code !== undefined && code >= 500 && code < 600;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}
