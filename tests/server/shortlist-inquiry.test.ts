import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPublicForm } from "~/lib/form";
import type { ShortlistInquiryActionResult } from "~/lib/inquiry-fields";
import { shortlistInquirySchema } from "~/lib/inquiry-schema";
import { issueCaptcha, type Captcha } from "~/server/inquiries/captcha.server";
import { loadConfig } from "~/server/platform/config.server";
import { contactMessages, emailOutbox, profileDailyStats, rateLimitHits } from "~/server/db/schema";
import { INQUIRY_LIMITS, SHORTLIST_UNAVAILABLE, handleShortlistInquiry } from "~/server/inquiries/inquiries.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost, type FormFields } from "../helpers/form-post";
import { addPerformer } from "./search-fixtures";

// "Ask them all" on /shortlist: one form, one math question, one message to each chosen performer.

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "https://costumecast.test",
  BETTER_AUTH_SECRET: "shortlist-tests-secret-shortlist-tests-secret",
});
const secret = config.authSecret;
const SENDER = "parent@example.org";
const LISTED = ["ask-a", "ask-b", "ask-c", "ask-d", "ask-e", "ask-f"];
const nameOf = (id: string) => `Performer ${id.toUpperCase()}`;

let database: TestDatabase;

type Fields = FormFields;

function fields(profileIds: string[], captcha: Captcha = issueCaptcha(secret), overrides: Fields = {}): Fields {
  return {
    name: "Pat Parent",
    email: SENDER,
    phone: "407-555-0199",
    city: "Orlando",
    state: "FL",
    zip: "32801",
    message: "Are you free for a superhero party on Saturday afternoon?",
    eventTypes: ["Birthday Party"],
    eventDate: "2031-04-12",
    eventStartTime: "15:00",
    eventLengthMinutes: "60",
    childrenCount: "15",
    childAge: "7",
    captchaAnswer: String(captcha.a + captcha.b),
    captchaToken: captcha.token,
    profileIds,
    ...overrides,
  };
}

async function ask(body: Fields, ip = "203.0.113.20"): Promise<ShortlistInquiryActionResult> {
  const request = formPost("https://costumecast.test/shortlist", body);
  return handleShortlistInquiry({ db: database.db, config }, await readPublicForm(request, shortlistInquirySchema), { ip });
}

const stored = () => database.db.select().from(contactMessages);
const outbox = () => database.db.select().from(emailOutbox);
const stats = () => database.db.select().from(profileDailyStats);

async function expectNothingStored() {
  expect(await stored()).toEqual([]);
  expect(await outbox()).toEqual([]);
  expect(await stats()).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of LISTED) await addPerformer(database.db, { id, displayName: nameOf(id), contactEmail: `${id}@mail.example` });
  await addPerformer(database.db, { id: "ask-hidden", displayName: "Hidden Performer", isActive: false, contactEmail: "hidden@mail.example" });
  await addPerformer(database.db, { id: "ask-lapsed", displayName: "Lapsed Performer", paymentExpiry: "2020-01-01", contactEmail: "lapsed@mail.example" });
});

beforeEach(async () => {
  await database.db.delete(profileDailyStats);
  await database.db.delete(contactMessages);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimitHits);
});

afterAll(async () => {
  await database?.close();
});

describe(`asking several performers at once (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("sends five performers their own message and mail, and the sender one copy listing them", async () => {
    const five = LISTED.slice(0, 5);
    const result = await ask(fields(five));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBe("Message sent successfully!");
    expect(result.sentTo).toEqual(five.map((id) => ({ id, name: nameOf(id) })));
    expect(result.skipped).toEqual([]);
    expect(JSON.stringify(result)).not.toContain("mail.example");

    const rows = await stored();
    expect(rows.map((row) => row.profileId).sort()).toEqual(five);
    for (const row of rows) {
      expect(row).toMatchObject({ senderEmail: SENDER, eventStartTime: "15:00", eventLengthMinutes: 60, childrenCount: 15, childAge: 7 });
    }

    const mails = await outbox();
    expect(mails).toHaveLength(6);
    for (const id of five) {
      const mine = mails.filter((mail) => mail.toAddress === `${id}@mail.example`);
      expect(mine).toHaveLength(1);
      expect(mine[0].replyTo).toBe(SENDER);
      expect(mine[0].textBody).toContain(`Hi ${nameOf(id)},`);
      expect(mine[0].textBody).toContain("Start time: 3:00 PM");
      // Nobody learns whom else the parent asked, let alone their addresses.
      for (const other of five.filter((o) => o !== id)) {
        expect(`${mine[0].textBody}${mine[0].htmlBody}`).not.toContain(other);
      }
    }
    const copies = mails.filter((mail) => mail.toAddress === SENDER);
    expect(copies).toHaveLength(1);
    expect(copies[0].subject).toBe("Your message to 5 performers on CostumeCast");
    for (const id of five) expect(copies[0].textBody).toContain(`${nameOf(id)}: https://costumecast.test/profile/${id}`);
    expect(`${copies[0].textBody}${copies[0].htmlBody}`).not.toContain("mail.example");

    expect((await stats()).map((row) => [row.profileId, row.inquiries]).sort()).toEqual(five.map((id) => [id, 1]));
  });

  it("refuses six performers with a clear message and stores nothing", async () => {
    const result = await ask(fields(LISTED));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.profileIds).toBe("You can ask up to 5 performers at once");
    expect(result.values?.profileIds).toEqual(LISTED);
    await expectNothingStored();
  });

  it("counts a performer chosen twice once", async () => {
    const result = await ask(fields(["ask-a", "ask-a", "ask-b", "ask-c", "ask-d", "ask-e"]));
    expect(result.ok && result.sentTo.map((p) => p.id)).toEqual(["ask-a", "ask-b", "ask-c", "ask-d", "ask-e"]);
    expect(await stored()).toHaveLength(5);
  });

  it("refuses a send without performers, or with an id that cannot be one", async () => {
    const none = await ask(fields([]));
    expect(!none.ok && none.errors.profileIds).toBe("Choose at least one performer to ask");
    const odd = await ask(fields(["ask-a", "x'; drop table profiles"]));
    expect(!odd.ok && odd.errors.profileIds).toBe("One of the chosen performers could not be found");
    await expectNothingStored();
  });

  it("skips performers who are no longer listed and reaches the rest", async () => {
    const result = await ask(fields(["ask-hidden", "ask-a", "gone-for-good", "ask-lapsed", "ask-b"]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sentTo).toEqual([
      { id: "ask-a", name: nameOf("ask-a") },
      { id: "ask-b", name: nameOf("ask-b") },
    ]);
    // A hidden performer's name is not for visitors.
    expect(result.skipped).toEqual([
      { id: "ask-hidden", name: null, reason: "unavailable" },
      { id: "gone-for-good", name: null, reason: "unavailable" },
      { id: "ask-lapsed", name: null, reason: "unavailable" },
    ]);
    expect((await stored()).map((row) => row.profileId).sort()).toEqual(["ask-a", "ask-b"]);
    const mails = await outbox();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["ask-a@mail.example", "ask-b@mail.example", SENDER]);
    const copy = mails.find((mail) => mail.toAddress === SENDER)!;
    expect(copy.subject).toBe("Your message to 2 performers on CostumeCast");
    expect(copy.textBody).not.toContain("Hidden Performer");
  });

  it("answers that nobody can be asked when none of them is listed", async () => {
    const result = await ask(fields(["ask-hidden", "ask-lapsed"]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(SHORTLIST_UNAVAILABLE);
    await expectNothingStored();
  });

  it("skips a performer over its daily limit and still reaches the others", async () => {
    const rule = { key: "inquiry:profile:ask-c", ...INQUIRY_LIMITS.perProfile };
    for (let i = 0; i < INQUIRY_LIMITS.perProfile.limit; i++) await hitRateLimit(database.db, rule);
    const result = await ask(fields(["ask-b", "ask-c", "ask-d"]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sentTo.map((p) => p.id)).toEqual(["ask-b", "ask-d"]);
    expect(result.skipped).toEqual([{ id: "ask-c", name: nameOf("ask-c"), reason: "limit" }]);
    expect((await stored()).map((row) => row.profileId).sort()).toEqual(["ask-b", "ask-d"]);

    // When every chosen performer is over its limit, the visitor is told to wait.
    const alone = await ask(fields(["ask-c"]));
    expect(!alone.ok && alone.message).toMatch(/^Too many messages have been sent\. Please try again in .+\.$/);
  });

  it("counts each performer asked against the sender's hourly limit", async () => {
    const { limit } = INQUIRY_LIMITS.perIp;
    const ip = "198.51.100.30";
    // Two sends of five reach the limit exactly.
    expect((await ask(fields(LISTED.slice(0, 5)), ip)).ok).toBe(true);
    expect((await ask(fields(LISTED.slice(1, 6)), ip)).ok).toBe(true);
    expect(await stored()).toHaveLength(limit);
    const captcha = issueCaptcha(secret);
    const blocked = await ask(fields(["ask-a"], captcha), ip);
    expect(blocked.ok).toBe(false);
    if (blocked.ok) return;
    expect(blocked.message).toMatch(/^Too many messages have been sent/);
    // The answer was never checked: the same question stays, and what was typed too.
    expect(blocked.captcha).toEqual(captcha);
    expect(blocked.values?.message).toBe("Are you free for a superhero party on Saturday afternoon?");
    expect(await stored()).toHaveLength(limit);
    // Another visitor is not affected.
    expect((await ask(fields(["ask-a"]), "198.51.100.31")).ok).toBe(true);
  });

  it("refuses a send that would go over the hourly limit as a whole", async () => {
    const ip = "198.51.100.40";
    const rule = { key: `inquiry:ip:${ip}`, ...INQUIRY_LIMITS.perIp };
    for (let i = 0; i < INQUIRY_LIMITS.perIp.limit - 3; i++) await hitRateLimit(database.db, rule);
    const result = await ask(fields(LISTED.slice(0, 5)), ip);
    expect(!result.ok && result.message).toMatch(/^Too many messages/);
    await expectNothingStored();
  });

  it("refuses a wrong answer for the whole send, stores nothing and asks a new question", async () => {
    const captcha = issueCaptcha(secret);
    const result = await ask(fields(LISTED.slice(0, 3), captcha, { captchaAnswer: String(captcha.a + captcha.b + 1) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.captchaAnswer).toBe("Incorrect captcha answer");
    expect(result.captcha.token).not.toBe(captcha.token);
    expect(result.values?.profileIds).toEqual(LISTED.slice(0, 3));
    await expectNothingStored();
  });

  it("pretends to accept a filled honeypot and sends nothing", async () => {
    const result = await ask(fields(LISTED.slice(0, 2), undefined, { company_website: "http://spam.example" }));
    expect(result.ok).toBe(true);
    await expectNothingStored();
  });

  it("writes nothing at all when any part of the send fails, and the question can be answered again", async () => {
    // A real database failure on the last write of the transaction: the sender's copy.
    // A function body takes no bind parameters: the (constant) address is written into it.
    await database.db.execute(
      sql.raw(`
      create function refuse_parent_copy() returns trigger language plpgsql as $$
      begin
        if new.to_address = '${SENDER}' then raise exception 'mail queue refused'; end if;
        return new;
      end $$`),
    );
    await database.db.execute(sql`
      create trigger refuse_parent_copy before insert on email_outbox
      for each row execute function refuse_parent_copy()`);
    const captcha = issueCaptcha(secret);
    try {
      const failed = await ask(fields(LISTED.slice(0, 3), captcha));
      expect(failed.ok).toBe(false);
      if (failed.ok) return;
      expect(failed.message).toBe("Failed to send message");
      expect(failed.values?.name).toBe("Pat Parent");
      await expectNothingStored();
    } finally {
      await database.db.execute(sql`drop trigger refuse_parent_copy on email_outbox`);
      await database.db.execute(sql`drop function refuse_parent_copy()`);
    }
    // The question was not spent by the rolled-back send.
    const retried = await ask(fields(LISTED.slice(0, 3), captcha));
    expect(retried.ok).toBe(true);
    expect(await stored()).toHaveLength(3);
  });
});
