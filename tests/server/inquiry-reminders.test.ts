import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox, inquiryReminders, pushOutbox, pushSubscriptions } from "~/server/db/schema";
import { markInquiryRead, noteInquiryOpened } from "~/server/inquiries/inbox.server";
import type { AppServices } from "~/server/platform/services.server";
import { isQuietHour, localHour, sendInquiryReminders } from "~/server/push/reminders.server";
import { saveSubscription } from "~/server/push/subscriptions.server";
import { vapidKeys } from "~/server/push/vapid.server";
import { deliverDuePushes } from "~/server/push/worker.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { browserKeys, startPushEndpoint, type PushEndpoint } from "../helpers/push-endpoint";
import { startMailDelivery, type MailDelivery } from "../helpers/mail-delivery";
import { parentInquiry, PUBLIC_URL, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// The reminders of an unread inquiry (issue 27): 4 and 24 hours after it came, by email and push,
// each once, never between 9 pm and 8 am where the performer lives (their state's time zone), and
// none once it was opened. The job is a function of `now`, run here at chosen instants, as the
// scheduler and the demo clock run it. December: New York is UTC-5, Hawaii UTC-10.

const logger = pino({ level: "silent" });
const NEW_YORK = { id: "remind-ny", displayName: "Big Apple Heroes", state: "NY", city: "New York", contactEmail: "heroes@ny.example" };
const HAWAII = { id: "remind-hi", displayName: "Aloha Princess", state: "HI", city: "Honolulu", contactEmail: "aloha@hi.example" };

let database: TestDatabase;
let services: AppServices;
let mailer: MailDelivery;
let endpoint: PushEndpoint;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  mailer = await startMailDelivery();
  endpoint = await startPushEndpoint();
  await addPerformer(database.db, NEW_YORK);
  await addPerformer(database.db, HAWAII);
});
afterAll(async () => {
  await mailer?.close();
  await endpoint?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(contactMessages);
  await database.db.delete(emailOutbox);
  await database.db.delete(pushOutbox);
  await database.db.delete(pushSubscriptions);
  mailer.clear();
  endpoint.received.length = 0;
});

const at = (iso: string) => new Date(iso);
const run = (now: string) => sendInquiryReminders({ db: database.db, config: services.config }, at(now));

async function inquiry(profileId: string, createdAt: string, fields: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contactMessages)
    .values(parentInquiry(profileId, { senderName: "Dana Ruiz", city: "Orlando", eventDate: "2026-12-12", createdAt: at(createdAt), ...fields }))
    .returning();
  return row;
}

async function remindersOf(id: string) {
  const rows = await database.db.select().from(inquiryReminders).where(eq(inquiryReminders.inquiryId, id));
  return rows.map((row) => row.afterHours).sort((a, b) => a - b);
}

describe(`the reminders (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reads the hour in the performer's own zone: 9 pm to 8 am is quiet", () => {
    expect(localHour("America/New_York", at("2026-12-01T14:00:00Z"))).toBe(9);
    expect(localHour("Pacific/Honolulu", at("2026-12-01T14:00:00Z"))).toBe(4);
    expect(isQuietHour("America/New_York", at("2026-12-02T01:59:00Z"))).toBe(false); // 8:59 pm
    expect(isQuietHour("America/New_York", at("2026-12-02T02:00:00Z"))).toBe(true); // 9 pm
    expect(isQuietHour("Pacific/Honolulu", at("2026-12-01T17:59:00Z"))).toBe(true); // 7:59 am
    expect(isQuietHour("Pacific/Honolulu", at("2026-12-01T18:00:00Z"))).toBe(false); // 8 am
  });

  it("reminds 4 and 24 hours after an unread inquiry, each once, by email and on the performer's devices", async () => {
    const keys = browserKeys();
    await saveSubscription(database.db, NEW_YORK.id, { endpoint: `${endpoint.url}/ny-phone`, ...keys }, "Chrome on Android", { allowLoopback: true });
    const dana = await inquiry(NEW_YORK.id, "2026-12-01T14:00:00Z"); // 9 am in New York

    expect(await run("2026-12-01T17:59:00Z")).toEqual({ reminded: 0 });
    expect(await run("2026-12-01T18:00:00Z")).toEqual({ reminded: 1 });
    expect(await run("2026-12-01T18:05:00Z")).toEqual({ reminded: 0 });
    expect(await remindersOf(dana.id)).toEqual([4]);

    await mailer.delivered(database.db);
    expect(mailer.sink.messages).toHaveLength(1);
    const mail = mailer.sink.messages[0];
    expect(mail.to).toEqual([NEW_YORK.contactEmail]);
    expect(mail.subject).toBe("Dana is waiting to hear from you on CostumeCast");
    expect(mail.text).toContain("Dana sent you an inquiry for Sat, Dec 12, 2026 in Orlando 4 hours ago, and it is still unread.");
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard?inquiry=${dana.id}`);
    // Nothing else the parent wrote is repeated in a reminder.
    expect(mail.text).not.toContain("paula@example.com");
    expect(mail.text).not.toContain("Can you come to a birthday party?");

    await deliverDuePushes(database.db, vapidKeys(services.config), { logger, allowLoopback: true });
    const push = await endpoint.next((p) => p.path === "/ny-phone");
    expect(JSON.parse(keys.decrypt(push.body))).toMatchObject({
      title: "Dana is waiting to hear from you",
      body: "Their inquiry for Sat Dec 12 in Orlando has been unread for 4 hours. Tap to read it.",
      url: `/dashboard?inquiry=${dana.id}`,
    });

    expect(await run("2026-12-02T13:59:00Z")).toEqual({ reminded: 0 });
    expect(await run("2026-12-02T14:00:00Z")).toEqual({ reminded: 1 });
    expect(await run("2026-12-02T16:00:00Z")).toEqual({ reminded: 0 });
    expect(await remindersOf(dana.id)).toEqual([4, 24]);
    await mailer.delivered(database.db);
    expect(mailer.sink.messages.map((m) => m.subject)).toEqual([
      "Dana is waiting to hear from you on CostumeCast",
      "Still unread after a day: Dana's inquiry on CostumeCast",
    ]);
  });

  it("waits for 8 am where the performer lives: Hawaii's evening inquiry, beside New York's daytime one", async () => {
    const aloha = await inquiry(HAWAII.id, "2026-12-02T03:00:00Z"); // 5 pm in Honolulu: due at 9 pm there
    const nyc = await inquiry(NEW_YORK.id, "2026-12-02T13:00:00Z"); // 8 am in New York: due at noon

    expect(await run("2026-12-02T07:00:00Z")).toEqual({ reminded: 0 }); // 9 pm in Honolulu
    expect(await run("2026-12-02T12:00:00Z")).toEqual({ reminded: 0 }); // 2 am in Honolulu
    expect(await run("2026-12-02T17:00:00Z")).toEqual({ reminded: 1 }); // noon in New York, 7 am in Honolulu
    expect(await remindersOf(nyc.id)).toEqual([4]);
    expect(await remindersOf(aloha.id)).toEqual([]);
    expect(await run("2026-12-02T17:55:00Z")).toEqual({ reminded: 0 });
    expect(await run("2026-12-02T18:00:00Z")).toEqual({ reminded: 1 }); // 8 am in Honolulu
    expect(await remindersOf(aloha.id)).toEqual([4]);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([HAWAII.contactEmail, NEW_YORK.contactEmail].sort());

    // New York's 24-hour reminder falls due at 8 am there (13:00 UTC), no longer quiet.
    expect(await run("2026-12-03T12:59:00Z")).toEqual({ reminded: 0 });
    expect(await run("2026-12-03T13:00:00Z")).toEqual({ reminded: 1 });
    expect(await remindersOf(nyc.id)).toEqual([4, 24]);
  });

  it("sends nothing for an inquiry opened or marked read before its reminder", async () => {
    const opened = await inquiry(NEW_YORK.id, "2026-12-01T14:00:00Z", { senderName: "Opened" });
    const marked = await inquiry(NEW_YORK.id, "2026-12-01T14:00:00Z", { senderName: "Marked" });
    await noteInquiryOpened(database.db, NEW_YORK.id, opened.id);
    await markInquiryRead(database.db, NEW_YORK.id, marked.id);
    expect(await run("2026-12-01T18:00:00Z")).toEqual({ reminded: 0 });
    expect(await run("2026-12-02T15:00:00Z")).toEqual({ reminded: 0 });
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
    expect(await database.db.select().from(inquiryReminders)).toEqual([]);
  });

  it("after a pause sends one reminder, the latest due, and none for an inquiry two days old", async () => {
    const late = await inquiry(NEW_YORK.id, "2026-12-01T14:00:00Z");
    const old = await inquiry(NEW_YORK.id, "2026-11-29T12:00:00Z");
    // The job did not run for a day: at 3 pm the next day only the 24-hour reminder goes.
    expect(await run("2026-12-02T20:00:00Z")).toEqual({ reminded: 1 });
    expect(await remindersOf(late.id)).toEqual([24]);
    expect(await remindersOf(old.id)).toEqual([]);
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail.subject).toBe("Still unread after a day: Dana's inquiry on CostumeCast");
  });
});
