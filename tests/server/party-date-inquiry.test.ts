import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPublicForm } from "~/lib/form";
import { CAPTCHA_WRONG, type InquiryActionResult, type ShortlistInquiryActionResult } from "~/lib/inquiry-fields";
import { inquirySchema, shortlistInquirySchema } from "~/lib/inquiry-schema";
import { markDays } from "~/server/calendar/calendar.server";
import { contactMessages, emailOutbox, profileDailyStats, rateLimitHits } from "~/server/db/schema";
import { CAPTCHA_TTL_MS, issueCaptcha, type Captcha } from "~/server/inquiries/captcha.server";
import { INQUIRY_LIMITS, handleInquiry, handleShortlistInquiry } from "~/server/inquiries/inquiries.server";
import { partyDateLabels } from "~/server/inquiries/party-date.server";
import { loadShortlist } from "~/server/inquiries/shortlist.server";
import { loadConfig } from "~/server/platform/config.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost, type FormFields } from "../helpers/form-post";
import { addPerformer } from "./search-fixtures";

// The party date where a visitor asks (issue 26): a send for a day the performer marked booked asks
// first ("Jolly Squad marked Dec 12 as booked. Ask anyway?") and stores and mails nothing until the
// visitor agrees; agreeing skips no other check. The profile and the shortlist say what each
// calendar says about the date the visitor came with.

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "https://costumecast.test",
  BETTER_AUTH_SECRET: "party-date-tests-secret-party-date-tests-secret",
});
const secret = config.authSecret;
const SENDER = "parent@example.org";

// December 12 of the coming year: always ahead, and within the two years a party date may be.
const YEAR = new Date().getUTCFullYear() + 1;
const DEC_12 = `${YEAR}-12-12`;
const DEC_13 = `${YEAR}-12-13`;

const JOLLY = { id: "pd-jolly", displayName: "Jolly Squad" };
const MERRY = { id: "pd-merry", displayName: "Merry Mimes" };
const OPEN = { id: "pd-open", displayName: "Open Olive" };
// No calendar at all: "Availability not shared", never held back.
const QUIET = { id: "pd-quiet", displayName: "Quiet Quinn" };

let database: TestDatabase;

type Fields = FormFields;

function fields(captcha: Captcha = issueCaptcha(secret), overrides: Fields = {}): Fields {
  return {
    name: "Pat Parent",
    email: SENDER,
    phone: "407-555-0199",
    city: "Los Angeles",
    state: "CA",
    zip: "90012",
    message: "Are you free for a birthday party that afternoon?",
    eventTypes: ["Birthday Party"],
    eventDate: DEC_12,
    captchaAnswer: String(captcha.a + captcha.b),
    captchaToken: captcha.token,
    ...overrides,
  };
}

const post = (body: Fields) => formPost("https://costumecast.test/x", body);

async function send(profileId: string, body: Fields, ip = "203.0.113.30"): Promise<InquiryActionResult> {
  return handleInquiry({ db: database.db, config }, await readPublicForm(post(body), inquirySchema), { profileId, ip });
}

async function askAll(profileIds: string[], body: Fields, ip = "203.0.113.31"): Promise<ShortlistInquiryActionResult> {
  return handleShortlistInquiry({ db: database.db, config }, await readPublicForm(post({ ...body, profileIds }), shortlistInquirySchema), { ip });
}

const stored = () => database.db.select().from(contactMessages);
const outbox = () => database.db.select().from(emailOutbox);

async function expectNothingSent() {
  expect(await stored()).toEqual([]);
  expect(await outbox()).toEqual([]);
  expect(await database.db.select().from(profileDailyStats)).toEqual([]);
  // No allowance was taken either: the warning counts nothing.
  expect(await database.db.select().from(rateLimitHits)).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const performer of [JOLLY, MERRY, OPEN, QUIET]) {
    await addPerformer(database.db, { ...performer, state: "CA", city: "Los Angeles", contactEmail: `${performer.id}@mail.example` });
  }
  await markDays(database.db, JOLLY.id, { from: DEC_12, to: DEC_12, mark: "booked" });
  await markDays(database.db, MERRY.id, { from: DEC_12, to: DEC_13, mark: "away" });
  // A calendar kept up to date with another day marked: free on the 12th.
  await markDays(database.db, OPEN.id, { from: DEC_13, to: DEC_13, mark: "booked" });
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

describe(`asking for a day the performer marked booked (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("warns first, with nothing stored or mailed, and sends once the visitor agrees", async () => {
    const captcha = issueCaptcha(secret);
    const first = await send(JOLLY.id, fields(captcha));
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.booked).toEqual({ date: DEC_12, text: "Jolly Squad marked Dec 12 as booked. Ask anyway?", answer: String(captcha.a + captcha.b) });
    // Not an error: no message, no field at fault, and what was typed comes back.
    expect(first.message).toBeUndefined();
    expect(first.errors).toEqual({});
    expect(first.values).toMatchObject({ name: "Pat Parent", eventDate: DEC_12 });
    // The same question, still unspent, so the agreement needs no new answer.
    expect(first.captcha.token).toBe(captcha.token);
    await expectNothingSent();

    const agreed = await send(JOLLY.id, fields(captcha, { askAnyway: DEC_12 }));
    expect(agreed.ok).toBe(true);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ profileId: JOLLY.id, senderEmail: SENDER, eventDate: DEC_12 });
    const mails = await outbox();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([SENDER, `${JOLLY.id}@mail.example`].sort());
  });

  it("holds back a day marked away as booked too", async () => {
    const result = await send(MERRY.id, fields());
    expect(!result.ok && result.booked?.text).toBe("Merry Mimes marked Dec 12 as booked. Ask anyway?");
    await expectNothingSent();
  });

  it("sends at once for a free day, a day whose availability is not shared, and without a date", async () => {
    expect((await send(OPEN.id, fields())).ok).toBe(true);
    expect((await send(QUIET.id, fields())).ok).toBe(true);
    expect((await send(JOLLY.id, fields(issueCaptcha(secret), { eventDate: "" }))).ok).toBe(true);
    expect((await send(JOLLY.id, fields(issueCaptcha(secret), { eventDate: DEC_13 }))).ok).toBe(true);
    expect((await stored()).map((row) => row.profileId).sort()).toEqual([JOLLY.id, JOLLY.id, OPEN.id, QUIET.id].sort());
  });

  it("asks again when the date changed to another booked day since the visitor agreed", async () => {
    const result = await send(MERRY.id, fields(issueCaptcha(secret), { eventDate: DEC_13, askAnyway: DEC_12 }));
    expect(!result.ok && result.booked).toMatchObject({ date: DEC_13, text: "Merry Mimes marked Dec 13 as booked. Ask anyway?" });
    await expectNothingSent();
  });

  it("agreeing skips no other check: the fields, the math answer and the limits still refuse", async () => {
    const invalid = await send(JOLLY.id, fields(issueCaptcha(secret), { askAnyway: DEC_12, name: "", email: "nope" }));
    expect(!invalid.ok && invalid.errors).toMatchObject({ name: "Name is required", email: "Invalid email address" });
    await expectNothingSent();

    const captcha = issueCaptcha(secret);
    const wrong = await send(JOLLY.id, fields(captcha, { askAnyway: DEC_12, captchaAnswer: String(captcha.a + captcha.b + 1) }));
    expect(!wrong.ok && wrong.errors.captchaAnswer).toBe(CAPTCHA_WRONG);
    expect(!wrong.ok && wrong.booked).toBeUndefined();
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);

    // The performer's day is full: the agreement does not get past it.
    for (let i = 0; i < INQUIRY_LIMITS.perProfile.limit; i++) {
      await hitRateLimit(database.db, { key: `inquiry:profile:${JOLLY.id}`, ...INQUIRY_LIMITS.perProfile });
    }
    const limited = await send(JOLLY.id, fields(issueCaptcha(secret), { askAnyway: DEC_12 }));
    expect(!limited.ok && limited.message).toMatch(/^Too many messages have been sent/);
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("keeps no answer for a question that had to be replaced", async () => {
    // Issued long enough ago that it has under a minute to live: the warning comes with a new question.
    const old = issueCaptcha(secret, Date.now() - CAPTCHA_TTL_MS + 30_000);
    const result = await send(JOLLY.id, fields(old));
    if (result.ok) throw new Error("expected the warning");
    expect(result.captcha.token).not.toBe(old.token);
    expect(result.booked).toEqual({ date: DEC_12, text: "Jolly Squad marked Dec 12 as booked. Ask anyway?" });
  });
});

describe(`"Ask them all" with performers booked on the date (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("asks once for all who are booked, naming them, and sends to everyone once agreed", async () => {
    const captcha = issueCaptcha(secret);
    const ids = [JOLLY.id, OPEN.id, MERRY.id];
    const first = await askAll(ids, fields(captcha));
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.booked?.text).toBe("2 of them (Jolly Squad and Merry Mimes) marked Dec 12 as booked. Ask anyway?");
    expect(first.values?.profileIds).toEqual(ids);
    await expectNothingSent();

    const agreed = await askAll(ids, fields(captcha, { askAnyway: DEC_12 }));
    expect(agreed.ok && agreed.sentTo.map((performer) => performer.id)).toEqual(ids);
    expect((await stored()).map((row) => row.profileId).sort()).toEqual([...ids].sort());
  });

  it("uses the one-performer words when one of those chosen is booked, and sends at once when none is", async () => {
    const one = await askAll([OPEN.id, JOLLY.id, QUIET.id], fields());
    expect(!one.ok && one.booked?.text).toBe("Jolly Squad marked Dec 12 as booked. Ask anyway?");
    await expectNothingSent();

    const none = await askAll([OPEN.id, QUIET.id], fields());
    expect(none.ok && none.sentTo.map((performer) => performer.id)).toEqual([OPEN.id, QUIET.id]);
  });
});

describe(`what the profile and the shortlist say about a party date (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("words each performer's day as the cards do", async () => {
    const dated = await partyDateLabels(database.db, [JOLLY.id, OPEN.id, QUIET.id], DEC_12);
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(new Date(`${DEC_12}T00:00:00Z`));
    expect(dated?.date).toBe(DEC_12);
    expect(dated?.labels.get(JOLLY.id)).toEqual({ kind: "booked", text: "Booked on Dec 12", date: DEC_12 });
    expect(dated?.labels.get(OPEN.id)).toEqual({ kind: "free", text: `Free on ${weekday}, Dec 12`, date: DEC_12 });
    expect(dated?.labels.get(QUIET.id)).toEqual({ kind: "unknown", text: "Availability not shared", date: DEC_12 });
  });

  it("ignores a date that is malformed, not a real day, past or years ahead", async () => {
    for (const raw of [null, "", "12/12/2027", `${YEAR}-02-30`, "2020-12-12", `${YEAR + 5}-12-12`, `${DEC_12}' or 1=1`]) {
      expect(await partyDateLabels(database.db, [JOLLY.id], raw)).toBeNull();
    }
  });

  it("gives each shortlisted performer their label for the date, and none without one", async () => {
    const items = await loadShortlist(database.db, [JOLLY.id, OPEN.id], { date: DEC_12 });
    expect(items.map((item) => (item.listed ? item.performer.partyDate?.text : null))).toEqual(["Booked on Dec 12", expect.stringMatching(/^Free on /)]);
    const undated = await loadShortlist(database.db, [JOLLY.id]);
    expect(undated[0].listed && undated[0].performer.partyDate).toBeNull();
  });
});
