import { randomUUID } from "node:crypto";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/server/db/client.server";
import { IMAGE_UPLOAD_FIELD } from "~/lib/images";
import { billingNotices, emailOutbox, profileImages, stripeCustomers, stripeSubscriptions, user } from "~/server/db/schema";
import { enqueueEmail } from "~/server/mail/outbox.server";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { ensureBuild } from "../helpers/build";
import { clonePostgresDatabase, postgresUrl, type ClonedDatabase } from "../helpers/db";
import { freePort } from "../helpers/free-port";
import { startSmtpSink, type SmtpSink, type CapturedMail } from "../helpers/smtp-sink";

// Two production server processes on one PostgreSQL database, one S3 bucket (s3rver on loopback) and
// one SMTP server, the way several instances run behind a load balancer: a session made on one is
// good on the other, an image uploaded through one is shown and removed by the other, and the work
// both processes' jobs share (the outbox, the renewal reminders) is done once, not once per process.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// The address both instances answer for (the load balancer's): sessions and the cross-site check
// are tied to it, so it must be the same on both, and requests carry it as their Origin.
const PUBLIC_URL = "http://costumecast.test";
const PASSWORD = "two-instances-password-9";
const BULK_MAILS = 40;
// The outbox is polled this often in each process, so both compete for every batch.
const MAIL_POLL_MS = 50;
const DAY_MS = 24 * 60 * 60_000;

const serverEnv = {
  NODE_ENV: "production",
  BUILD_DIR,
  BETTER_AUTH_SECRET: "two-instances-test-secret-0123456789abcdef",
  PAYMENTS: "demo",
  PUBLIC_URL,
  JOBS: "on",
  MAIL_POLL_MS: String(MAIL_POLL_MS),
  // The test client plays the load balancer: one trusted hop, so each request's X-Forwarded-For
  // is its visitor's address and the per-address sign-up and reset limits (shared by both
  // processes through the database) count each made-up visitor on its own.
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
};

/** A made-up visitor address, one per request, from the documentation range. */
let visitors = 0;
function nextVisitor(): string {
  visitors++;
  return `198.51.100.${visitors}`;
}

function authPost(server: RunningServer, endpoint: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api/auth${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: PUBLIC_URL, "X-Forwarded-For": nextVisitor() },
    body: JSON.stringify(body),
  });
}

/** Waits for `condition` to hold, polling, and fails with `what` if it has not by the deadline. */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function countBy(messages: CapturedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const key = `${m.to.join(",")} | ${m.subject}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

// PostgreSQL only: PGlite is an embedded database that one process opens, so two server processes
// cannot share it. vitest.config.ts leaves this file out of the PGlite run; the guard below only
// matters when the file is named on the command line without TEST_DATABASE_URL.
describe.runIf(postgresUrl())("two server processes on one PostgreSQL database", { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let database: Database;
  let clone: ClonedDatabase | undefined;
  const dataDirs: string[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let s3: S3rver;
  let s3Dir: string;
  const bucket = "costumecast-two";
  const subscriber = { id: randomUUID(), email: "subscriber@example.com" };

  beforeAll(async () => {
    ensureBuild(BUILD_DIR);
    // A database of its own, cloned from the run's migrated template, whose URL both processes are given.
    clone = await clonePostgresDatabase("cc_two");
    database = await openDatabase({ databaseUrl: clone.url, poolMax: 2, migrate: false });

    // An active subscription renewing in 20 days, inside the 30-day reminder window: stored before
    // start-up, so both processes' reminder jobs (which run once at start, then hourly) find it.
    const periodEnd = new Date(Date.now() + 20 * DAY_MS);
    await database.db.insert(user).values({ id: subscriber.id, name: "Subscriber", email: subscriber.email });
    await database.db.insert(stripeCustomers).values({ userId: subscriber.id, customerId: "cus_two_instances" });
    await database.db.insert(stripeSubscriptions).values({
      id: "sub_two_instances",
      customerId: "cus_two_instances",
      status: "active",
      currentPeriodStart: new Date(periodEnd.getTime() - 365 * DAY_MS),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
    });

    sink = await startSmtpSink();
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-two-s3-"));
    s3 = new S3rver({ address: "127.0.0.1", port: await freePort(), silent: true, directory: s3Dir });
    const { port: s3Port } = await s3.run();
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const s3Credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const s3Admin = new S3Client({ region: "us-east-1", endpoint: s3Endpoint, forcePathStyle: true, credentials: s3Credentials });
    await s3Admin.send(new CreateBucketCommand({ Bucket: bucket }));
    s3Admin.destroy();
    const storageEnv = {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    };
    const env = (name: string): Record<string, string> => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-two-"));
      dataDirs.push(dataDir);
      // Its own From per process, so the sink can tell which instance delivered each mail.
      const mailFrom = `CostumeCast ${name} <no-reply@costumecast.test>`;
      return { ...serverEnv, ...storageEnv, DATA_DIR: dataDir, DATABASE_URL: clone!.url, SMTP_URL: sink.url, MAIL_FROM: mailFrom };
    };
    // Started together, so their first job runs (each job runs once at start) overlap; the long
    // start-up allowance is for a cold build on a loaded machine, as in server-process.test.ts.
    const start = (name: string) => startAppServer(env(name), { timeoutMs: 100_000 });
    [a, b] = await Promise.all([start("A"), start("B")]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.close();
    await database?.close();
    await clone?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await s3?.close();
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it("accepts on one instance the session signed in on the other", async () => {
    const email = "session@example.com";
    expect((await authPost(a, "/sign-up/email", { email, password: PASSWORD, name: "" })).status).toBe(200);
    const signIn = await authPost(a, "/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/session_token=/);

    const onB = await fetch(`${b.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(email);
    // Without the cookie the same page sends the visitor to sign in, so the 200 above was the session.
    const anonymous = await fetch(`${b.url}/dashboard`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/signin/);
  });

  it("shows on one instance the image uploaded through the other, and removes it from either", async () => {
    const email = "images-two@example.com";
    expect((await authPost(b, "/sign-up/email", { email, password: PASSWORD, name: "" })).status).toBe(200);
    const signIn = await authPost(b, "/sign-in/email", { email, password: PASSWORD });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0ea5e9" } }).jpeg().toBuffer();
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "costume.jpg");
    const uploaded = await fetch(`${a.url}/dashboard/manage-images/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PUBLIC_URL, Accept: "application/json" },
      body: form,
    });
    expect(await uploaded.json()).toEqual({ ok: true, uploaded: 1 });

    const [image] = await database.db.select().from(profileImages);
    expect(image.imageUrl.startsWith("http://127.0.0.1:")).toBe(true);
    const page = await fetch(`${b.url}/dashboard/manage-images`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain(image.imageUrl);
    const file = await fetch(image.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");

    // A page's action also compares the Origin with the address asked for, which the load balancer
    // passes on in X-Forwarded-Host (trusted: one proxy hop).
    const deleted = await fetch(`${b.url}/dashboard/manage-images`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: PUBLIC_URL,
        "X-Forwarded-Host": new URL(PUBLIC_URL).host,
        "X-Forwarded-Proto": "http",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "delete", imageId: image.id }),
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(await database.db.select().from(profileImages)).toEqual([]);
    expect((await fetch(image.imageUrl)).status).toBe(404);
    const onA = await fetch(`${a.url}/dashboard/manage-images`, { headers: { Cookie: cookie } });
    const listed = await onA.text();
    expect(listed).toContain("No images yet.");
    expect(listed).not.toContain(image.imageUrl);
  });

  it("counts one visitor's reset requests against one limit, whichever instance each reaches", async () => {
    // Five reset requests per address in five minutes (better-auth's limiter, stored in the
    // database): spread over both instances they still add up, so a sixth is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${(i % 2 ? b : a).url}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PUBLIC_URL, "X-Forwarded-For": "203.0.113.77" },
        body: JSON.stringify({ email: "nobody@example.com", redirectTo: "/reset-password" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("sends each queued mail once and queues one renewal reminder while both processes run their jobs", async () => {
    // Mail queued through either instance: a welcome mail per sign-up, then a reset mail each.
    const emails = Array.from({ length: 6 }, (_, i) => `member${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      expect((await authPost(i % 2 ? b : a, "/sign-up/email", { email, password: PASSWORD, name: "" })).status).toBe(200);
    }
    for (const [i, email] of emails.entries()) {
      expect((await authPost(i % 2 ? a : b, "/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
    }
    // And a backlog queued in one transaction, so both pollers find several batches due at once.
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < BULK_MAILS; i++) {
        await enqueueEmail(tx, { to: `bulk${i}@example.com`, subject: `Bulk mail ${i}`, text: `message ${i}` });
      }
    });

    const unsent = async () =>
      (await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.status, ["pending", "sending"])))
        .length;
    await waitFor("the outbox to drain", async () => (await unsent()) === 0);
    // Both reminder passes began before either server answered /healthz (the scheduler starts
    // first), and SIGTERM waits for running jobs: once both have exited, every run is over and any
    // second copy of a mail or reminder would be in the sink or the tables by now.
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    for (const server of [a, b]) expect(server.output()).not.toContain("job failed");

    const rows = await database.db.select().from(emailOutbox);
    expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
    // Each process signs with its own From, which shows both outbox jobs took their share (a test
    // with one process's jobs idle would prove nothing about two). Mail trickles in over a dozen
    // requests and a backlog of several batches, against a 50 ms poll in each: neither is left out.
    const senders = new Set(sink.messages.map((m) => m.from));
    expect([...senders].sort()).toEqual([`"CostumeCast A" <no-reply@costumecast.test>`, `"CostumeCast B" <no-reply@costumecast.test>`]);
    const counts = countBy(sink.messages);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(sink.messages).toHaveLength(rows.length);
    for (const email of emails) expect(counts.get(`${email} | Reset your CostumeCast password`)).toBe(1);
    for (let i = 0; i < BULK_MAILS; i++) expect(counts.get(`bulk${i}@example.com | Bulk mail ${i}`)).toBe(1);

    const notices = await database.db.select().from(billingNotices).where(eq(billingNotices.userId, subscriber.id));
    expect(notices.map((n) => n.kind)).toEqual(["renewal_reminder"]);
    const reminders = sink.messages.filter((m) => m.to.includes(subscriber.email));
    expect(reminders.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your CostumeCast membership renews on /)]);
  });
});
