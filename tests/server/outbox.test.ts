import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { consumedTokens, emailOutbox, rateLimitHits } from "~/server/db/schema";
import { appJobs } from "~/server/jobs/index.server";
import { pruneExpiredRows } from "~/server/jobs/maintenance.server";
import { startScheduler } from "~/server/jobs/scheduler.server";
import { enqueueEmail, requeueFailedEmails } from "~/server/mail/outbox.server";
import { deliverDueEmails, type MailTransport, type PendingMailLog } from "~/server/mail/worker.server";
import { createServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { freePort } from "../helpers/free-port";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink";

const MAIL_FROM = "CostumeCast <no-reply@costumecast.test>";
const HOUR = 60 * 60_000;

let database: TestDatabase;
let sink: SmtpSink;
const transports: MailTransport[] = [];
const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: "info", base: undefined },
  { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
);

function smtpTransport(url = sink.url): MailTransport {
  const transport = nodemailer.createTransport(url);
  transports.push(transport);
  return transport;
}

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

function deliver(transport: MailTransport | null, extra: Partial<Parameters<typeof deliverDueEmails>[2]> = {}) {
  return deliverDueEmails(database.db, transport, { from: MAIL_FROM, logger, batchSize: 10, ...extra });
}

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const transport of transports) transport.close?.();
  await sink?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(emailOutbox);
  sink.messages.length = 0;
  sink.failNext(0);
  logLines.length = 0;
});

describe(`email outbox delivery (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("delivers mail queued in a committed transaction, with its recipient, reply-to, sender and subject", async () => {
    const id = await database.db.transaction((tx) =>
      enqueueEmail(tx, {
        to: "performer@example.com",
        subject: "New inquiry for Captain Comet",
        text: "Jane would like to book you.\nReply to this email to answer her.",
        replyTo: "jane@example.com",
      }),
    );
    const result = await deliver(smtpTransport());
    expect(result).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    expect(mail.to).toEqual(["performer@example.com"]);
    expect(mail.replyTo).toBe("jane@example.com");
    expect(mail.from).toBe('"CostumeCast" <no-reply@costumecast.test>');
    expect(mail.subject).toBe("New inquiry for Captain Comet");
    expect(mail.text).toContain("Jane would like to book you.");
    const row = await outboxRow(id);
    expect(row.status).toBe("sent");
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.lockedUntil).toBeNull();

    // Nothing is sent a second time.
    expect(await deliver(smtpTransport())).toMatchObject({ claimed: 0, sent: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it("uses the message's own sender when it names one", async () => {
    await enqueueEmail(database.db, {
      to: "a@example.com",
      subject: "Own sender",
      text: "x",
      from: "Billing <billing@costumecast.test>",
    });
    await deliver(smtpTransport());
    expect(sink.messages[0].from).toBe('"Billing" <billing@costumecast.test>');
  });

  it("never sends mail whose transaction rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: "ghost@example.com", subject: "Should not exist", text: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await deliver(smtpTransport())).toMatchObject({ claimed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it("retries after a temporary SMTP failure, recording the attempt, the error and the next try", async () => {
    const id = await enqueueEmail(database.db, { to: "retry@example.com", subject: "Try again", text: "x" });
    const transport = smtpTransport();
    const now = new Date(Date.now() + 1000);
    sink.failNext(1);

    expect(await deliver(transport, { now })).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    let row = await outboxRow(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(sink.messages).toHaveLength(0);

    // Not due yet: nothing happens.
    expect(await deliver(transport, { now: new Date(now.getTime() + 29_000) })).toMatchObject({ claimed: 0 });

    const later = new Date(now.getTime() + 31_000);
    expect(await deliver(transport, { now: later })).toMatchObject({ claimed: 1, sent: 1 });
    row = await outboxRow(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(2);
    expect(sink.messages.map((m) => m.subject)).toEqual(["Try again"]);
  });

  it("backs off exponentially, and gives up as failed only once the message is older than the limit", async () => {
    const id = await enqueueEmail(database.db, { to: "never@example.com", subject: "Doomed", text: "x" });
    const transport = smtpTransport();
    sink.failNext(4);
    const queuedAt = (await outboxRow(id)).createdAt.getTime();
    const maxAgeMs = 2 * HOUR;
    let now = new Date(queuedAt + 1000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliver(transport, { now, maxAgeMs })).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
      const row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
      delays.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(delays).toEqual([30_000, 60_000, 120_000]);
    expect((await outboxRow(id)).status).toBe("pending");

    // Past the limit, the next failure is the last.
    now = new Date(queuedAt + maxAgeMs + 1000);
    expect(await deliver(transport, { now, maxAgeMs })).toMatchObject({ claimed: 1, failed: 1 });
    const row = await outboxRow(id);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/451/);
    expect(logLines.some((line) => line.msg === "email delivery failed for good" && line.emailId === id)).toBe(true);
    expect(await deliver(transport, { now: new Date(now.getTime() + 24 * HOUR), maxAgeMs })).toMatchObject({ claimed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it("keeps mail through five hours of SMTP being down, retrying at most hourly, and delivers it once when it returns", async () => {
    const ids = await Promise.all(
      ["first", "second", "third"].map((name) => enqueueEmail(database.db, { to: `${name}@example.com`, subject: `Held ${name}`, text: "x" })),
    );
    // Nothing listens on this port: every connection is refused, as when the mail server is down.
    const down = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const start = (await outboxRow(ids[0])).createdAt.getTime();
    let now = new Date(start + 1000);
    let attempts = 0;
    while (now.getTime() < start + 5 * HOUR) {
      const result = await deliver(down, { now });
      expect(result.sent + result.failed).toBe(0);
      attempts++;
      const rows = await Promise.all(ids.map(outboxRow));
      for (const row of rows) {
        expect(row.status).toBe("pending");
        expect(row.nextAttemptAt.getTime() - now.getTime()).toBeLessThanOrEqual(HOUR);
      }
      now = new Date(Math.min(...rows.map((row) => row.nextAttemptAt.getTime())) + 1);
    }
    // Backing off: about a dozen tries over five hours, not one a minute.
    expect(attempts).toBeGreaterThan(8);
    expect(attempts).toBeLessThan(15);

    expect(await deliver(smtpTransport(), { now })).toMatchObject({ claimed: 3, sent: 3 });
    expect(sink.messages.map((m) => m.subject).sort()).toEqual(["Held first", "Held second", "Held third"]);
    expect(await deliver(smtpTransport(), { now: new Date(now.getTime() + 24 * HOUR) })).toMatchObject({ claimed: 0 });
    expect(sink.messages).toHaveLength(3);
  });

  it("requeues failed mail for an operator (npm run mail:retry-failed), and only failed mail", async () => {
    const failed = await enqueueEmail(database.db, { to: "bounced@example.com", subject: "Bounced", text: "x" });
    const pending = await enqueueEmail(database.db, { to: "waiting@example.com", subject: "Waiting", text: "x" });
    await database.db.update(emailOutbox).set({ status: "failed", attempts: 7, lastError: "451 try later" }).where(eq(emailOutbox.id, failed));
    const later = new Date(Date.now() + HOUR);
    await database.db.update(emailOutbox).set({ nextAttemptAt: later }).where(eq(emailOutbox.id, pending));

    expect(await requeueFailedEmails(database.db)).toBe(1);
    const row = await outboxRow(failed);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await outboxRow(pending)).nextAttemptAt.getTime()).toBe(later.getTime());
    expect(await deliver(smtpTransport())).toMatchObject({ sent: 1 });
    expect(sink.messages.map((m) => m.subject)).toEqual(["Bounced"]);
    expect(await requeueFailedEmails(database.db)).toBe(0);
  });

  it("gives up at once when the server rejects the recipient permanently", async () => {
    const rejecting = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const error = new Error("No such mailbox") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      },
    });
    await new Promise<void>((resolve) => rejecting.listen(0, "127.0.0.1", resolve));
    try {
      const port = (rejecting.server.address() as AddressInfo).port;
      const id = await enqueueEmail(database.db, { to: "gone@example.com", subject: "Bounce", text: "x" });
      expect(await deliver(smtpTransport(`smtp://127.0.0.1:${port}`))).toMatchObject({ failed: 1 });
      const row = await outboxRow(id);
      expect(row.status).toBe("failed");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/550/);
    } finally {
      await new Promise<void>((resolve) => rejecting.close(() => resolve()));
    }
  });

  it("delivers each message exactly once when two workers run at the same time", async () => {
    const subjects = Array.from({ length: 24 }, (_, i) => `Message ${i + 1}`);
    for (const subject of subjects) await enqueueEmail(database.db, { to: "busy@example.com", subject, text: subject });
    // Warm connections, then start every round of both workers together: their claims really race.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select 1`)));
    const [one, two] = [smtpTransport(), smtpTransport()];
    let first = 0;
    let second = 0;
    for (;;) {
      const [a, b] = await Promise.all([deliver(one, { batchSize: 3 }), deliver(two, { batchSize: 3 })]);
      first += a.sent;
      second += b.sent;
      if (a.claimed + b.claimed === 0) break;
    }
    expect(first + second).toBe(subjects.length);
    expect(sink.messages.map((m) => m.subject).sort()).toEqual([...subjects].sort());
    const statuses = await database.db
      .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    expect(statuses).toEqual([{ status: "sent", n: subjects.length }]);
  });

  it("takes back a message left sending by a crashed process once its lock expires, and only then", async () => {
    const stuck = await enqueueEmail(database.db, { to: "a@example.com", subject: "Stuck", text: "x" });
    const busy = await enqueueEmail(database.db, { to: "b@example.com", subject: "In progress elsewhere", text: "x" });
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 60_000) })
      .where(eq(emailOutbox.id, stuck));
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(emailOutbox.id, busy));
    expect(await deliver(smtpTransport())).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.messages.map((m) => m.subject)).toEqual(["Stuck"]);
    expect((await outboxRow(busy)).status).toBe("sending");
  });

  it("hands claimed mail back to the queue when stopped before sending it", async () => {
    const ids = [
      await enqueueEmail(database.db, { to: "a@example.com", subject: "One", text: "x" }),
      await enqueueEmail(database.db, { to: "b@example.com", subject: "Two", text: "x" }),
    ];
    const stop = new AbortController();
    stop.abort();
    expect(await deliver(smtpTransport(), { signal: stop.signal })).toMatchObject({ claimed: 2, released: 2, sent: 0 });
    for (const id of ids) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    }
    expect(sink.messages).toHaveLength(0);
    expect(await deliver(smtpTransport())).toMatchObject({ sent: 2 });
  });

  it("without SMTP keeps mail pending and logs each message's subject and links once", async () => {
    const id = await enqueueEmail(database.db, {
      to: "forgetful@example.com",
      subject: "Reset your CostumeCast password",
      text: "Choose a new password here:\nhttp://localhost:3000/reset-password?token=abc123\n",
    });
    const pendingLog: PendingMailLog = { after: null };
    expect(await deliver(null, { pendingLog })).toMatchObject({ logged: 1, claimed: 0 });
    expect(await deliver(null, { pendingLog })).toMatchObject({ logged: 0 });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatchObject({
      subject: "Reset your CostumeCast password",
      links: ["http://localhost:3000/reset-password?token=abc123"],
    });
    expect((await outboxRow(id)).status).toBe("pending");

    await enqueueEmail(database.db, { to: "x@example.com", subject: "Second", text: "no links" });
    expect(await deliver(null, { pendingLog })).toMatchObject({ logged: 1 });
    expect(logLines.map((l) => l.subject)).toEqual(["Reset your CostumeCast password", "Second"]);
  });

  it("is delivered by the app's scheduled outbox job", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-outbox-job-"));
    const config = loadConfig({ SMTP_URL: sink.url, MAIL_POLL_MS: "50", MAIL_FROM, DATA_DIR: dataDir });
    const services = await createServices(config, logger, { ...database, close: async () => undefined });
    const scheduler = startScheduler(appJobs(services), logger);
    try {
      await enqueueEmail(database.db, { to: "scheduled@example.com", subject: "Via the job", text: "x" });
      const deadline = Date.now() + 10_000;
      while (sink.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(sink.messages.map((m) => m.subject)).toEqual(["Via the job"]);
    } finally {
      await scheduler.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("maintenance job", () => {
  it("deletes spent tokens, day-old rate-limit counters and month-old sent mail, and nothing else", async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await database.db.insert(consumedTokens).values([
      { tokenHash: "expired", expiresAt: ago(1000) },
      { tokenHash: "live", expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    await database.db.insert(rateLimitHits).values([
      { key: "inquiry:old", windowStart: ago(25 * HOUR), count: 3 },
      { key: "inquiry:new", windowStart: ago(HOUR), count: 1 },
    ]);
    const oldSent = await enqueueEmail(database.db, { to: "a@example.com", subject: "Old", text: "x" });
    const recentSent = await enqueueEmail(database.db, { to: "b@example.com", subject: "Recent", text: "x" });
    const oldFailed = await enqueueEmail(database.db, { to: "c@example.com", subject: "Failed", text: "x" });
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: ago(31 * 24 * HOUR) }).where(eq(emailOutbox.id, oldSent));
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: ago(HOUR) }).where(eq(emailOutbox.id, recentSent));
    await database.db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, oldFailed));

    expect(await pruneExpiredRows(database.db, now)).toEqual({ consumedTokens: 1, rateLimitHits: 1, sentEmails: 1 });
    expect(await pruneExpiredRows(database.db, now)).toEqual({ consumedTokens: 0, rateLimitHits: 0, sentEmails: 0 });
    expect((await database.db.select().from(consumedTokens)).map((r) => r.tokenHash)).toEqual(["live"]);
    expect((await database.db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(["inquiry:new"]);
    expect((await database.db.select().from(emailOutbox)).map((r) => r.subject).sort()).toEqual(["Failed", "Recent"]);
  });
});
