import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPublicForm } from "~/lib/form";
import { CAPTCHA_EXPIRED, type InquiryActionResult, type ShortlistInquiryActionResult } from "~/lib/inquiry-fields";
import { inquirySchema, shortlistInquirySchema } from "~/lib/inquiry-schema";
import { issueCaptcha, type Captcha } from "~/server/inquiries/captcha.server";
import { clientKey } from "~/server/http/client-key.server";
import { loadConfig } from "~/server/platform/config.server";
import { consumedTokens, contactMessages, emailOutbox, profileDailyStats, rateLimitHits } from "~/server/db/schema";
import { INQUIRY_LIMITS, handleInquiry, handleShortlistInquiry } from "~/server/inquiries/inquiries.server";
import { peekRateLimit, takeRateLimit } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost, type FormFields } from "../helpers/form-post";
import { addPerformer } from "./search-fixtures";

// The security review's two findings about the inquiry forms. One: only a delivered message counts
// against anyone, and one visitor gets only a small share of a performer's day, so posts without a
// solved question, posts the sender's own limit refuses, or one visitor's flood never close a
// performer's form to everyone else. Two: the mail to the address a visitor typed carries nothing
// they typed, and any one address receives only a few such mails a day.

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "https://costumecast.test",
  BETTER_AUTH_SECRET: "inquiry-limit-tests-secret-inquiry-limit-tests",
});
const secret = config.authSecret;
const PERFORMERS = ["lim-a", "lim-b", "lim-c", "lim-d", "lim-e", "lim-f"] as const;
const nameOf = (id: string) => `Performer ${id.slice(4).toUpperCase()}`;

let database: TestDatabase;

type Fields = FormFields;

function fields(captcha: Captcha = issueCaptcha(secret), overrides: Fields = {}): Fields {
  return {
    name: "Dana Planner",
    email: "dana@example.org",
    phone: "+1 (407) 555-0100",
    city: "Orlando",
    state: "FL",
    zip: "32801",
    message: "Could you appear at my daughter's birthday party?",
    eventTypes: ["Birthday Party"],
    eventDate: "2030-06-01",
    captchaAnswer: String(captcha.a + captcha.b),
    captchaToken: captcha.token,
    ...overrides,
  };
}

const post = (path: string, body: Fields) => formPost(`https://costumecast.test${path}`, body);

/** The profile form's post from a visitor with this client key. */
async function send(profileId: string, body: Fields, key: string): Promise<InquiryActionResult> {
  return handleInquiry({ db: database.db, config }, await readPublicForm(post(`/profile/${profileId}`, body), inquirySchema), { profileId, ip: key });
}

/** "Ask them all" from a visitor with this client key. */
async function askAll(profileIds: string[], body: Fields, key: string): Promise<ShortlistInquiryActionResult> {
  const form = await readPublicForm(post("/shortlist", { ...body, profileIds }), shortlistInquirySchema);
  return handleShortlistInquiry({ db: database.db, config }, form, { ip: key });
}

/** The client key the routes compute for a visitor at this address (an IPv6 visitor is their /64). */
const keyOf = (address: string) => clientKey({ config, clientIp: address }, new Request("https://costumecast.test/"));

const stored = async (profileId?: string) =>
  (await database.db.select().from(contactMessages)).filter((row) => profileId === undefined || row.profileId === profileId);
const outbox = () => database.db.select().from(emailOutbox);
const TOO_MANY = /^Too many messages have been sent\. Please try again in .+\.$/;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of PERFORMERS) await addPerformer(database.db, { id, displayName: nameOf(id), contactEmail: `${id}@mail.example` });
  await addPerformer(database.db, { id: "lim-hidden", displayName: "Hidden Performer", isActive: false });
});

beforeEach(async () => {
  await database.db.delete(profileDailyStats);
  await database.db.delete(contactMessages);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimitHits);
  await database.db.delete(consumedTokens);
});

afterAll(async () => {
  await database?.close();
});

describe(`what counts against a performer's daily allowance (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a flood of posts without a solved question counts against nobody: a real inquiry from someone else still goes through", async () => {
    const flooder = "198.51.100.66";
    for (let i = 0; i < 20; i++) {
      const junk = await send("lim-a", fields(undefined, { captchaToken: `junk-${i}`, captchaAnswer: "7" }), flooder);
      expect(junk.ok).toBe(false);
      if (i === 0) expect(!junk.ok && junk.errors.captchaAnswer).toBe(CAPTCHA_EXPIRED);
    }
    for (let i = 0; i < 20; i++) {
      const captcha = issueCaptcha(secret);
      const wrong = await send("lim-a", fields(captcha, { captchaAnswer: String(captcha.a + captcha.b + 1) }), flooder);
      expect(wrong.ok).toBe(false);
    }
    const genuine = await send("lim-a", fields(), "198.51.100.67");
    expect(genuine.ok).toBe(true);
    // Nothing the flood posted was counted for anyone.
    expect((await database.db.select().from(rateLimitHits)).every((row) => row.count === 1)).toBe(true);
    expect(await stored("lim-a")).toHaveLength(1);
    // The flooder answering properly is not held back by what they posted before either.
    expect((await send("lim-a", fields(), flooder)).ok).toBe(true);
  });

  it("a post the sender's own hourly limit refuses does not count against the performer", async () => {
    const busy = "198.51.100.70";
    // Ten delivered messages: the sender's hour is used up.
    expect((await askAll(PERFORMERS.slice(0, 5), fields(), busy)).ok).toBe(true);
    expect((await askAll(PERFORMERS.slice(1, 6), fields(), busy)).ok).toBe(true);
    expect(await stored()).toHaveLength(INQUIRY_LIMITS.perIp.limit);
    for (let i = 0; i <= INQUIRY_LIMITS.perProfile.limit; i++) {
      const refused = await send("lim-a", fields(), busy);
      expect(!refused.ok && refused.message).toMatch(TOO_MANY);
    }
    // lim-a received one of those ten, and nothing the refused posts tried: 29 more can reach it.
    for (let i = 0; i < INQUIRY_LIMITS.perProfile.limit - 1; i++) {
      const result = await send("lim-a", fields(), `192.0.2.${i + 1}`);
      expect(result.ok, `sender ${i + 1}`).toBe(true);
    }
    expect(await stored("lim-a")).toHaveLength(INQUIRY_LIMITS.perProfile.limit);
    expect(!(await send("lim-a", fields(), "192.0.2.200")).ok).toBe(true);
  });

  it("one visitor (any address of one IPv6 /64) gets only a small share of a performer's day; others still get through", async () => {
    const share = INQUIRY_LIMITS.perProfilePerClient.limit;
    expect(share).toBeLessThanOrEqual(INQUIRY_LIMITS.perProfile.limit / 10);
    for (let i = 1; i <= share; i++) {
      expect((await send("lim-b", fields(), keyOf(`2001:db8:5:6::${i}`))).ok).toBe(true);
    }
    const captcha = issueCaptcha(secret);
    const more = await send("lim-b", fields(captcha), keyOf("2001:db8:5:6:ffff:eeee:dddd:9"));
    expect(more.ok).toBe(false);
    if (more.ok) return;
    expect(more.message).toMatch(TOO_MANY);
    // The answer was right and is not spent: the same question stays, and so does what was typed.
    expect(more.captcha).toEqual(captcha);
    expect(more.values?.message).toBe("Could you appear at my daughter's birthday party?");
    expect(await stored("lim-b")).toHaveLength(share);

    // Another /64 reaches the performer; the same visitor still reaches other performers.
    expect((await send("lim-b", fields(), keyOf("2001:db8:5:7::1"))).ok).toBe(true);
    expect((await send("lim-c", fields(), keyOf("2001:db8:5:6::1"))).ok).toBe(true);

    // "Ask them all" skips the performer this visitor has used up, says why, and reaches the rest.
    const asked = await askAll(["lim-b", "lim-d"], fields(), keyOf("2001:db8:5:6::abc"));
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    expect(asked.sentTo).toEqual([{ id: "lim-d", name: nameOf("lim-d") }]);
    expect(asked.skipped).toEqual([{ id: "lim-b", name: nameOf("lim-b"), reason: "repeat" }]);
    expect(await stored("lim-b")).toHaveLength(share + 1);
  });

  it("'Ask them all' counts only the performers it delivered to, against them and against the sender", async () => {
    const now = new Date();
    const full = { key: "inquiry:profile:lim-c", ...INQUIRY_LIMITS.perProfile };
    expect((await takeRateLimit(database.db, full, INQUIRY_LIMITS.perProfile.limit, now)).allowed).toBe(true);
    const key = "198.51.100.80";
    const result = await askAll(["lim-a", "lim-c", "lim-hidden", "lim-b", "lim-d"], fields(), key);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sentTo.map((performer) => performer.id)).toEqual(["lim-a", "lim-b", "lim-d"]);
    expect(result.skipped).toEqual([
      { id: "lim-c", name: nameOf("lim-c"), reason: "limit" },
      { id: "lim-hidden", name: null, reason: "unavailable" },
    ]);
    // The full performer's count did not grow; the sender used three of their ten.
    expect((await peekRateLimit(database.db, full, 1, now)).count).toBe(INQUIRY_LIMITS.perProfile.limit);
    const sender = { key: `inquiry:ip:${key}`, ...INQUIRY_LIMITS.perIp };
    expect((await peekRateLimit(database.db, sender, 1, now)).count).toBe(3);
    for (const id of ["lim-a", "lim-b", "lim-d"]) {
      const rule = { key: `inquiry:profile:${id}`, ...INQUIRY_LIMITS.perProfile };
      expect((await peekRateLimit(database.db, rule, 1, now)).count, id).toBe(1);
    }
    // So the sender has exactly seven messages left this hour.
    expect((await askAll(["lim-a", "lim-b", "lim-d", "lim-e", "lim-f"], fields(), key)).ok).toBe(true);
    expect((await askAll(["lim-e", "lim-f"], fields(), key)).ok).toBe(true);
    const eleventh = await send("lim-e", fields(), key);
    expect(!eleventh.ok && eleventh.message).toMatch(TOO_MANY);
  });

  it("sends at the same moment never take more than a performer's day, and those refused count nothing", async () => {
    const now = new Date();
    const day = { key: "inquiry:profile:lim-f", ...INQUIRY_LIMITS.perProfile };
    await takeRateLimit(database.db, day, INQUIRY_LIMITS.perProfile.limit - 2, now);
    const keys = ["198.51.100.101", "198.51.100.102", "198.51.100.103", "198.51.100.104", "198.51.100.105"];
    const results = await Promise.all(keys.map((key) => send("lim-f", fields(), key)));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    for (const result of results.filter((r) => !r.ok)) expect(!result.ok && result.message).toMatch(TOO_MANY);
    expect(await stored("lim-f")).toHaveLength(2);
    expect((await peekRateLimit(database.db, day, 1, now)).count).toBe(INQUIRY_LIMITS.perProfile.limit);
    const counted = await Promise.all(keys.map(async (key) => (await peekRateLimit(database.db, { key: `inquiry:ip:${key}`, ...INQUIRY_LIMITS.perIp }, 1, now)).count));
    expect(counted.sort()).toEqual([0, 0, 0, 1, 1]);

    // Several "Ask them all" naming the same performers in different orders all go through.
    const orders = [["lim-a", "lim-b", "lim-c", "lim-d"], ["lim-d", "lim-c", "lim-b", "lim-a"], ["lim-b", "lim-d", "lim-a", "lim-c"]];
    const asked = await Promise.all(orders.map((ids, i) => askAll(ids, fields(), `198.51.100.${110 + i}`)));
    expect(asked.map((result) => result.ok)).toEqual([true, true, true]);
    expect(await stored("lim-a")).toHaveLength(orders.length);
  });
});

describe("the mail to the sender's address", () => {
  const typed = {
    name: "Zed Uniquename",
    email: "someone.else@example.net",
    phone: "+1 (212) 555-0147",
    message: "Cheap watches at http://spam.example/deal and call 212-555-0147 now!",
  };

  function mailText(mail: { subject: string; textBody: string; htmlBody: string | null }) {
    return `${mail.subject}\n${mail.textBody}\n${mail.htmlBody ?? ""}`;
  }

  it("carries nothing the sender typed, only whom the message went to; the sender's copy is the answer on screen", async () => {
    const result = await askAll(["lim-a", "lim-b"], fields(undefined, typed), "198.51.100.90");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const notices = (await outbox()).filter((mail) => mail.toAddress === typed.email);
    expect(notices).toHaveLength(1);
    const all = mailText(notices[0]);
    for (const text of [typed.name, "Zed", "Uniquename", typed.phone, "555-0147", "spam.example", "Cheap watches", "Orlando, FL 32801", "Birthday Party"]) {
      expect(all, text).not.toContain(text);
    }
    expect(notices[0].replyTo).toBeNull();
    for (const id of ["lim-a", "lim-b"]) {
      expect(notices[0].textBody).toContain(`${nameOf(id)}: https://costumecast.test/profile/${id}`);
      expect(all).not.toContain(`${id}@mail.example`);
    }
    expect(notices[0].textBody).toContain("A message was sent from this email address through CostumeCast to:");
    expect(notices[0].textBody).toContain("will reply to this address");
    expect(notices[0].textBody).toContain("If you did not send this message, you can ignore this email.");

    // What the sender wrote comes back to them on the confirmation instead.
    expect(result.noticeTo).toBe(typed.email);
    expect(result.copy?.message).toBe(typed.message);
    expect(result.copy?.details).toEqual(
      expect.arrayContaining([
        ["Name", typed.name],
        ["Email", typed.email],
        ["Phone", typed.phone],
        ["Location", "Orlando, FL 32801"],
      ]),
    );
    // The performers still receive the whole message.
    const performerMail = (await outbox()).find((mail) => mail.toAddress === "lim-a@mail.example");
    expect(performerMail?.textBody).toContain(typed.message);
  });

  it("goes to one address at most three times a day, whoever sends and however the address is written; the sends still go", async () => {
    const { limit } = INQUIRY_LIMITS.noticePerAddress;
    const spellings = ["victim@example.org", "Victim@Example.org", "VICTIM@EXAMPLE.ORG", "victim@example.ORG"];
    for (const [i, email] of spellings.entries()) {
      const result = await send(PERFORMERS[i], fields(undefined, { email }), `203.0.113.${100 + i}`);
      expect(result.ok, email).toBe(true);
      if (!result.ok) return;
      // Past the cap the panel must not say a mail went out.
      expect(result.noticeTo, email).toBe(i < limit ? email : undefined);
      expect(result.copy?.message).toBe("Could you appear at my daughter's birthday party?");
    }
    const mails = await outbox();
    expect(mails.filter((mail) => mail.toAddress.toLowerCase() === "victim@example.org")).toHaveLength(limit);
    // Every performer was told.
    expect(mails.filter((mail) => mail.toAddress.endsWith("@mail.example"))).toHaveLength(spellings.length);
    // Another address is not affected.
    const other = await send("lim-e", fields(undefined, { email: "other@example.org" }), "203.0.113.120");
    expect(other.ok && other.noticeTo).toBe("other@example.org");
  });
});
