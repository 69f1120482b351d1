import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPublicForm } from "~/lib/form";
import { inquirySchema } from "~/lib/inquiry-schema";
import { MAX_PUSH_DEVICES, PUSH_NO_DEVICES, PUSH_SUBSCRIPTION_UNUSABLE, PUSH_TESTS_PER_HOUR, pushTestSentText } from "~/lib/push-alerts";
import * as alertsRoute from "~/routes/dashboard.alerts";
import { contactMessages, pushOutbox, pushSubscriptions, rateLimitHits } from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { issueCaptcha } from "~/server/inquiries/captcha.server";
import { handleInquiry } from "~/server/inquiries/inquiries.server";
import { loadConfig } from "~/server/platform/config.server";
import type { AppServices } from "~/server/platform/services.server";
import { alertDay, enqueuePushForUser, inquiryAlert, testAlert } from "~/server/push/alerts.server";
import { sendTestAlert } from "~/server/push/page.server";
import { deviceLabel, listDevices, removeSubscription, saveSubscription, usableEndpoint } from "~/server/push/subscriptions.server";
import { vapidKeys } from "~/server/push/vapid.server";
import { deliverDuePushes } from "~/server/push/worker.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost } from "../helpers/form-post";
import { browserKeys, startPushEndpoint, verifyVapid, type BrowserKeys, type PushEndpoint } from "../helpers/push-endpoint";
import { call, cookieFrom, createAccount, getRequest, postRequest, sessionCookie, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// Lead alerts by Web Push (issue 27): the devices a performer keeps, the alerts queued with the
// inquiry, and their delivery to a push service on loopback that receives the real encrypted,
// VAPID-signed request, which the test decrypts with the browser's keys. Also what a script signed
// in to an account meets: addresses inside the network refused, tests counted.

const logger = pino({ level: "silent" });
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

let database: TestDatabase;
let services: AppServices;
let endpoint: PushEndpoint;
let alice: string;
let bob: string;
let aliceCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Demo mode lets the app post to this machine's own push service, as `npm run demo` does.
  services = await testServices(database, { DEMO_MODE: "true", HOST: "127.0.0.1" });
  endpoint = await startPushEndpoint();
  alice = await createAccount(services, "alice-push@example.com");
  bob = await createAccount(services, "bob-push@example.com");
  aliceCookie = await sessionCookie(services, "alice-push@example.com");
});
afterAll(async () => {
  await endpoint?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(pushSubscriptions);
  await database.db.delete(rateLimitHits);
  endpoint.received.length = 0;
});

const vapid = () => vapidKeys(services.config);
const deliver = (options: { allowLoopback?: boolean; now?: Date } = {}) =>
  deliverDuePushes(database.db, vapid(), { logger, allowLoopback: true, ...options });

interface Device {
  id: string;
  path: string;
  keys: BrowserKeys;
}

async function addDevice(userId: string, path: string): Promise<Device> {
  const keys = browserKeys();
  const saved = await saveSubscription(database.db, userId, { endpoint: `${endpoint.url}${path}`, p256dh: keys.p256dh, auth: keys.auth }, "Chrome on Android", {
    allowLoopback: true,
  });
  if (!saved.ok) throw new Error("device refused");
  return { id: saved.id, path, keys };
}

const outboxRows = () => database.db.select().from(pushOutbox);

describe(`the devices (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("keeps one row per browser: the same browser again replaces its keys, or moves to the account now signed in", async () => {
    const keys = browserKeys();
    const address = `${endpoint.url}/device-1`;
    const first = await saveSubscription(database.db, alice, { endpoint: address, ...keys }, "Chrome on Android", { allowLoopback: true });
    const renewed = browserKeys();
    const again = await saveSubscription(database.db, alice, { endpoint: address, ...renewed }, "Chrome on Android", { allowLoopback: true });
    expect(first.ok && again.ok && first.id === again.id).toBe(true);
    const [row] = await database.db.select().from(pushSubscriptions);
    expect(row.p256dh).toBe(renewed.p256dh);

    // Bob signs in on the same phone and turns alerts on: Alice's alerts no longer go there.
    await saveSubscription(database.db, bob, { endpoint: address, ...browserKeys() }, "Chrome on Android", { allowLoopback: true });
    expect(await listDevices(database.db, alice)).toEqual([]);
    expect((await listDevices(database.db, bob)).map((d) => d.endpoint)).toEqual([address]);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices an account, dropping the oldest`, async () => {
    for (let i = 0; i <= MAX_PUSH_DEVICES; i++) {
      await addDevice(alice, `/many-${i}`);
    }
    const kept = (await listDevices(database.db, alice)).map((d) => new URL(d.endpoint).pathname);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(kept).not.toContain("/many-0");
    expect(kept[0]).toBe(`/many-${MAX_PUSH_DEVICES}`);
  });

  it("refuses an address the server must not post to, or keys no browser makes, storing nothing", async () => {
    const keys = browserKeys();
    const refusedAddresses = [
      "http://push.example.com/send/1", // plain http off this machine
      "https://10.0.0.5/send", // a private network
      "https://169.254.169.254/latest/meta-data", // the cloud's metadata service
      "https://[::1]/send", // loopback outside demo mode and tests
      "https://user:secret@push.example.com/send",
      "ftp://push.example.com/send",
      "not an address",
    ];
    for (const address of refusedAddresses) {
      expect(await saveSubscription(database.db, alice, { endpoint: address, ...keys }, "x"), address).toEqual({ ok: false, reason: "unusable" });
    }
    const good = "https://push.example.com/send/abc";
    expect(usableEndpoint(good)?.toString()).toBe(good);
    const badKeys = [
      { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth },
      // 65 bytes that are not an uncompressed point.
      { p256dh: Buffer.alloc(65, 7).toString("base64url"), auth: keys.auth },
      { p256dh: keys.p256dh, auth: Buffer.alloc(8).toString("base64url") },
    ];
    for (const bad of badKeys) {
      expect(await saveSubscription(database.db, alice, { endpoint: good, ...bad }, "x")).toEqual({ ok: false, reason: "unusable" });
    }
    expect(await database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("names the device from the browser that subscribed", () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe("Chrome on Android");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")).toBe(
      "Safari on iPhone",
    );
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(deviceLabel(null)).toBe("A browser");
  });

  it("the page turns a device on and off for the signed-in account only", async () => {
    const keys = browserKeys();
    const address = `${endpoint.url}/page-device`;
    const subscribe = postRequest("/dashboard/alerts", { intent: "subscribe", endpoint: address, p256dh: keys.p256dh, auth: keys.auth }, aliceCookie);
    subscribe.headers.set("User-Agent", ANDROID_CHROME);
    const on = await call(alertsRoute.action, subscribe, services);
    expect(on.status).toBe(302);
    expect(on.location).toBe("/dashboard/alerts");
    const page = await call(alertsRoute.loader, getRequest("/dashboard/alerts", aliceCookie), services);
    const view = (page.data as { view: { publicKey: string; devices: { id: string; label: string; endpoint: string }[] } }).view;
    expect(view.publicKey).toBe(vapid().publicKey);
    expect(view.devices).toMatchObject([{ label: "Chrome on Android", endpoint: address }]);
    expect(page.headers.get("Cache-Control")).toMatch(/private/);

    // Someone else's device cannot be removed by its id.
    await addDevice(bob, "/bobs-phone");
    const [bobsDevice] = await listDevices(database.db, bob);
    const refused = await call(alertsRoute.action, postRequest("/dashboard/alerts", { intent: "remove", id: bobsDevice.id }, aliceCookie), services);
    expect(refused.status).toBe(404);
    expect(await listDevices(database.db, bob)).toHaveLength(1);
    expect(await removeSubscription(database.db, alice, { endpoint: `${endpoint.url}/bobs-phone` })).toBe(false);

    const off = await call(alertsRoute.action, postRequest("/dashboard/alerts", { intent: "unsubscribe", endpoint: address }, aliceCookie), services);
    expect(off.status).toBe(302);
    expect(await listDevices(database.db, alice)).toEqual([]);

    // A made-up subscription is refused next to the button, with nothing stored.
    const bad = await call(alertsRoute.action, postRequest("/dashboard/alerts", { intent: "subscribe", endpoint: "https://10.0.0.9/x", p256dh: keys.p256dh, auth: keys.auth }, aliceCookie), services);
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: PUSH_SUBSCRIPTION_UNUSABLE });

    // Signed out, nothing is stored.
    const anonymous = await call(alertsRoute.action, postRequest("/dashboard/alerts", { intent: "subscribe", endpoint: address, p256dh: keys.p256dh, auth: keys.auth }), services);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/signin/);
    expect(await listDevices(database.db, alice)).toEqual([]);
  });
});

describe("the VAPID key pair", () => {
  it("comes from the environment, or is made once and kept in the data folder for this user only", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-vapid-"));
    try {
      const made = vapidKeys(loadConfig({ DATA_DIR: dataDir }));
      expect(made.source).toBe("data-folder");
      expect(Buffer.from(made.publicKey, "base64url")).toHaveLength(65);
      const file = path.join(dataDir, ".vapid-keys.json");
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      // A restart (or a second process) signs with the same pair, so devices keep their alerts.
      expect(vapidKeys(loadConfig({ DATA_DIR: dataDir }))).toEqual(made);
      const configured = loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey, VAPID_SUBJECT: "https://costumecast.example/contact" });
      expect(vapidKeys(configured)).toEqual({ ...made, subject: "https://costumecast.example/contact", source: "environment" });
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: made.publicKey })).toThrow(/VAPID_PRIVATE_KEY is required when the other VAPID key is set/);
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: made.privateKey })).toThrow(/VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/);
      expect(() => loadConfig({ VAPID_SUBJECT: "someone" })).toThrow(/VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`what an alert says (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  const asked = new Date("2026-11-27T15:00:00Z");
  const facts = { id: "00000000-0000-4000-8000-000000000001", senderName: "Dana Ruiz", city: "Orlando", createdAt: asked };

  it('reads "New inquiry from Dana for Sat Dec 12 in Orlando" and opens the inquiry', () => {
    const alert = inquiryAlert({ ...facts, eventDate: "2026-12-12" });
    expect(alert.payload).toEqual({
      title: "New inquiry from Dana for Sat Dec 12 in Orlando",
      body: "Tap to read it and reply.",
      url: "/dashboard?inquiry=00000000-0000-4000-8000-000000000001",
      tag: "inquiry-00000000-0000-4000-8000-000000000001",
    });
    expect(alert.urgency).toBe("high");
    expect(alert.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(inquiryAlert({ ...facts, eventDate: null }).payload.title).toBe("New inquiry from Dana in Orlando");
    expect(alertDay("2027-01-02", 2026)).toBe("Sat Jan 2 2027");
  });
});

describe(`sending (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it('"Send me a test" reaches each device, encrypted for that device alone and signed with the site\'s key', async () => {
    const phone = await addDevice(alice, "/alice-phone");
    const laptop = await addDevice(alice, "/alice-laptop");
    const answer = await call(alertsRoute.action, postRequest("/dashboard/alerts", { intent: "test" }, aliceCookie), services);
    expect(answer.status).toBe(302);
    const { flash } = await readFlash(services, getRequest("/", cookieFrom(answer.headers)));
    expect(flash?.message).toBe(pushTestSentText(2));

    const result = await deliver();
    expect(result).toMatchObject({ claimed: 2, sent: 2 });
    for (const device of [phone, laptop]) {
      const push = endpoint.received.find((p) => p.path === device.path)!;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers["content-type"]).toBe("application/octet-stream");
      expect(push.headers.ttl).toBe("600");
      expect(push.headers.urgency).toBe("normal");
      const claims = verifyVapid(push.headers.authorization);
      expect(claims.key).toBe(vapid().publicKey);
      expect(claims.aud).toBe(endpoint.url);
      expect(claims.sub).toBe(services.config.push.subject);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
      // The body is ciphertext: only the device's own keys open it.
      expect(push.body.includes(Buffer.from("Test alert"))).toBe(false);
      expect(JSON.parse(device.keys.decrypt(push.body))).toEqual(testAlert("CostumeCast").payload);
    }
    const toPhone = endpoint.received.find((p) => p.path === phone.path)!;
    expect(() => laptop.keys.decrypt(toPhone.body)).toThrow();
    expect((await outboxRows()).map((row) => row.status)).toEqual(["sent", "sent"]);
    expect((await listDevices(database.db, alice)).every((device) => device.lastAlertOn !== null)).toBe(true);
  });

  it(`"Send me a test" without a device says so and counts nothing; past ${PUSH_TESTS_PER_HOUR} an hour it waits`, async () => {
    expect(await sendTestAlert(services, alice)).toEqual({ ok: false, status: 400, error: PUSH_NO_DEVICES });
    expect(await database.db.select().from(rateLimitHits)).toEqual([]);
    await addDevice(alice, "/tests-phone");
    for (let i = 0; i < PUSH_TESTS_PER_HOUR; i++) expect((await sendTestAlert(services, alice)).ok).toBe(true);
    const refused = await sendTestAlert(services, alice);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    // The refused test queued nothing.
    expect(await outboxRows()).toHaveLength(PUSH_TESTS_PER_HOUR);
  });

  it("an inquiry queues its alert with the inquiry, for that performer's devices only, and it leaves at once", async () => {
    const dana = await addPerformer(database.db, { id: "push-performer", displayName: "Jolly Squad", state: "FL", city: "Orlando" });
    const other = await addPerformer(database.db, { id: "push-other", displayName: "Other Act", state: "FL", city: "Orlando" });
    const device = await addDevice(dana, "/jolly-phone");
    await addDevice(other, "/other-phone");
    const partyDay = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const captcha = issueCaptcha(services.config.authSecret);
    const fields = {
      name: "Dana Ruiz",
      email: "dana@example.org",
      phone: "407-555-0142",
      city: "Orlando",
      state: "FL",
      zip: "32801",
      message: "Could you come to a birthday party?",
      eventTypes: ["Birthday Party"],
      eventDate: partyDay,
      captchaAnswer: String(captcha.a + captcha.b),
      captchaToken: captcha.token,
    };
    const sent = await handleInquiry(services, await readPublicForm(formPost("http://localhost/x", fields), inquirySchema), {
      profileId: dana,
      ip: "203.0.113.77",
    });
    expect(sent.ok).toBe(true);
    const [inquiry] = await database.db.select().from(contactMessages).where(eq(contactMessages.profileId, dana));
    const queued = await outboxRows();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ subscriptionId: device.id, kind: "inquiry", urgency: "high", status: "pending" });

    await deliver();
    const push = await endpoint.next((p) => p.path === device.path);
    const payload = JSON.parse(device.keys.decrypt(push.body)) as { title: string; url: string };
    expect(payload.title).toBe(`New inquiry from Dana for ${alertDay(partyDay, inquiry.createdAt.getUTCFullYear())} in Orlando`);
    expect(payload.url).toBe(`/dashboard?inquiry=${inquiry.id}`);
    expect(push.headers.urgency).toBe("high");
    expect(endpoint.received.some((p) => p.path === "/other-phone")).toBe(false);
  });

  it("a device the push service calls gone (404, 410) is deleted with its queue; busy ones retry, refusals stop", async () => {
    const gone404 = await addDevice(alice, "/gone-404");
    const gone410 = await addDevice(alice, "/gone-410");
    const busy = await addDevice(alice, "/busy");
    const refusing = await addDevice(alice, "/refusing");
    endpoint.answer("/gone-404", 404);
    endpoint.answer("/gone-410", 410);
    endpoint.answer("/busy", 503, { "Retry-After": "120" });
    endpoint.answer("/refusing", 400);
    await database.db.transaction((tx) => enqueuePushForUser(tx, alice, testAlert("CostumeCast")));
    const now = new Date();
    const result = await deliver({ now });
    expect(result).toMatchObject({ claimed: 4, sent: 0, gone: 2, retrying: 1, failed: 1 });
    const left = await listDevices(database.db, alice);
    expect(left.map((d) => d.id).sort()).toEqual([busy.id, refusing.id].sort());
    expect(left.map((d) => d.id)).not.toContain(gone404.id);
    expect(left.map((d) => d.id)).not.toContain(gone410.id);
    const rows = await outboxRows();
    expect(rows).toHaveLength(2);
    const retry = rows.find((row) => row.subscriptionId === busy.id)!;
    expect(retry).toMatchObject({ status: "pending", attempts: 1 });
    expect(retry.nextAttemptAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(rows.find((row) => row.subscriptionId === refusing.id)).toMatchObject({ status: "failed", lastError: expect.stringContaining("400") });

    // Past its time to live an alert that cannot get through is given up.
    const later = new Date(now.getTime() + 11 * 60_000);
    endpoint.answer("/busy", 503);
    expect(await deliver({ now: later })).toMatchObject({ claimed: 1, failed: 1 });
  });

  it("never posts to an address inside the network, whatever is stored", async () => {
    const keys = browserKeys();
    // Written straight into the table, as if an older check had let them through.
    await database.db.insert(pushSubscriptions).values([
      { userId: alice, endpoint: "https://10.1.2.3/push", p256dh: keys.p256dh, auth: keys.auth, deviceLabel: "x" },
      { userId: alice, endpoint: `${endpoint.url}/inside`, p256dh: keys.p256dh, auth: keys.auth, deviceLabel: "y" },
      { userId: alice, endpoint: "https://localhost/push", p256dh: keys.p256dh, auth: keys.auth, deviceLabel: "z" },
    ]);
    await database.db.transaction((tx) => enqueuePushForUser(tx, alice, testAlert("CostumeCast")));
    const result = await deliver({ allowLoopback: false });
    expect(result).toMatchObject({ claimed: 3, sent: 0, failed: 3 });
    expect(endpoint.received).toEqual([]);
  });

  it("two workers at once send each alert once", async () => {
    const device = await addDevice(alice, "/once");
    await database.db.transaction((tx) => enqueuePushForUser(tx, alice, testAlert("CostumeCast")));
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect(a.sent + b.sent).toBe(1);
    expect(endpoint.received.filter((p) => p.path === device.path)).toHaveLength(1);
  });
});
