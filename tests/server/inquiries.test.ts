import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAPTCHA_TTL_MS, issueCaptcha, type Captcha } from "~/server/inquiries/captcha.server";
import { loadConfig } from "~/server/platform/config.server";
import { contactMessages, emailOutbox, profileDailyStats, rateLimitHits } from "~/server/db/schema";
import { CAPTCHA_REUSED, INQUIRY_LIMITS, PROFILE_UNAVAILABLE, handleInquiry } from "~/server/inquiries/inquiries.server";
import { readPublicForm } from "~/lib/form";
import { CAPTCHA_EXPIRED, type InquiryActionResult } from "~/lib/inquiry-fields";
import { inquirySchema } from "~/lib/inquiry-schema";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { formPost, type FormFields } from "../helpers/form-post";
import { addPerformer } from "./search-fixtures";

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "https://costumecast.test",
  BETTER_AUTH_SECRET: "inquiry-tests-secret-inquiry-tests-secret",
});
const secret = config.authSecret;

let database: TestDatabase;

function context() {
  return { db: database.db, config };
}

type Fields = FormFields;

function validFields(captcha: Captcha = issueCaptcha(secret), overrides: Fields = {}): Fields {
  return {
    name: "Dana Planner",
    email: "dana@example.org",
    phone: "+1 (407) 555-0100",
    city: "Orlando",
    state: "FL",
    zip: "32801",
    message: "Could you appear at my daughter's birthday party?",
    eventTypes: ["Birthday Party", "Photo Shoot"],
    eventDate: "2030-06-01",
    captchaAnswer: String(captcha.a + captcha.b),
    captchaToken: captcha.token,
    ...overrides,
  };
}

const request = (fields: Fields) => formPost("https://costumecast.test/profile/x", fields);

/** What the profile page's action does with a post. */
async function send(profileId: string, fields: Fields, ip = "203.0.113.10"): Promise<InquiryActionResult> {
  return handleInquiry(context(), await readPublicForm(request(fields), inquirySchema), { profileId, ip });
}

async function messagesFor(profileId: string) {
  return database.db.select().from(contactMessages).where(eq(contactMessages.profileId, profileId));
}

async function outbox() {
  return database.db.select().from(emailOutbox);
}

const SENDER = "dana@example.org";

/** The mail queued for the performer (every send also queues the sender's copy). */
async function performerMail() {
  const mails = (await outbox()).filter((mail) => mail.toAddress !== SENDER);
  expect(mails).toHaveLength(1);
  return mails[0];
}

async function senderCopy() {
  const mails = (await outbox()).filter((mail) => mail.toAddress === SENDER);
  expect(mails).toHaveLength(1);
  return mails[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  await addPerformer(database.db, { id: "perf", displayName: "Captain Orlando", contactEmail: "bookings@captain.example" });
  await addPerformer(database.db, { id: "no-contact", displayName: "Quiet Performer", contactEmail: null, accountEmail: "account@quiet.example" });
  await addPerformer(database.db, { id: "inactive", isActive: false });
  await addPerformer(database.db, { id: "unpaid", paymentStatus: "pending" });
  await addPerformer(database.db, { id: "expired", paymentStatus: "paid", paymentExpiry: "2020-01-01" });
  await addPerformer(database.db, { id: "nameless", displayName: null });
  await addPerformer(database.db, { id: "extra-1", displayName: "Extra One" });
  await addPerformer(database.db, { id: "extra-2", displayName: "Extra Two" });
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

describe(`sending an inquiry (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores the message and queues an email to the performer that the performer can answer directly", async () => {
    const captcha = issueCaptcha(secret);
    const result = await send("perf", validFields(captcha));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBe("Message sent successfully!");
    // A new question for the next message.
    expect(result.captcha.token).not.toBe(captcha.token);
    // The visitor never sees where the mail went.
    expect(JSON.stringify(result)).not.toContain("captain.example");

    const [row] = await messagesFor("perf");
    expect(row).toMatchObject({
      senderName: "Dana Planner",
      senderEmail: "dana@example.org",
      phoneNumber: "+1 (407) 555-0100",
      city: "Orlando",
      state: "FL",
      zip: "32801",
      message: "Could you appear at my daughter's birthday party?",
      eventType: ["Birthday Party", "Photo Shoot"],
      eventDate: "2030-06-01",
      captchaAnswer: captcha.a + captcha.b,
      isRead: false,
    });

    const mail = await performerMail();
    expect(mail.toAddress).toBe("bookings@captain.example");
    expect(mail.replyTo).toBe("dana@example.org");
    expect(mail.subject).toContain("Dana Planner");
    for (const part of ["Dana Planner", "dana@example.org", "+1 (407) 555-0100", "Orlando, FL 32801", "Birthday Party, Photo Shoot", "2030-06-01", "daughter's birthday party"]) {
      expect(mail.textBody).toContain(part);
    }
    expect(mail.textBody).toContain("https://costumecast.test/profile/perf");
    expect(mail.htmlBody).toContain("daughter&#39;s birthday party");
  });

  it("falls back to the account email when the profile has no contact email", async () => {
    const result = await send("no-contact", validFields());
    expect(result.ok).toBe(true);
    const mail = await performerMail();
    expect(mail.toAddress).toBe("account@quiet.example");
  });

  it("accepts an inquiry without event types or date", async () => {
    const result = await send("perf", validFields(undefined, { eventTypes: [], eventDate: "" }));
    expect(result.ok).toBe(true);
    const [row] = await messagesFor("perf");
    expect(row.eventType).toEqual([]);
    expect(row.eventDate).toBeNull();
  });

  it("answers every missing field with the spec's message and stores nothing", async () => {
    const result = await send("perf", { captchaToken: issueCaptcha(secret).token });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone number is required",
      city: "City is required",
      state: "State is required",
      zip: "ZIP code is required",
      message: "Message is required",
      captchaAnswer: "Please answer the math problem",
    });
    expect(await messagesFor("perf")).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("rejects a malformed email, phone, over-long message and bad event data, keeping what was typed", async () => {
    const fields = validFields(undefined, {
      email: "dana@",
      phone: "call me maybe",
      message: "x".repeat(501),
      eventTypes: ["Pirate Raid"],
      eventDate: "2030-02-30",
    });
    const result = await send("perf", fields);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email: "Invalid email address",
      phone: "Invalid phone number",
      message: "Message cannot exceed 500 characters",
      eventTypes: "Unknown event type",
      eventDate: "Please enter a valid date",
    });
    expect(result.values).toMatchObject({ name: "Dana Planner", email: "dana@", phone: "call me maybe", message: "x".repeat(501) });
    expect(await messagesFor("perf")).toEqual([]);
  });

  it("accepts phone numbers with digits, spaces, hyphens, parentheses and a leading plus", async () => {
    // From several senders: one sender may send one performer only a few messages a day.
    for (const [i, phone] of ["4075550100", "407-555-0100", "(407) 555 0100", "+14075550100"].entries()) {
      const result = await send("perf", validFields(undefined, { phone }), `203.0.113.${20 + i}`);
      expect(result.ok, phone).toBe(true);
    }
    for (const phone of ["407.555.0100", "1+407", "ext 12", "()-"]) {
      const result = await send("perf", validFields(undefined, { phone }));
      expect(!result.ok && result.errors.phone, phone).toBe("Invalid phone number");
    }
  });

  it("lets a message of exactly 500 characters through", async () => {
    const result = await send("perf", validFields(undefined, { message: "y".repeat(500) }));
    expect(result.ok).toBe(true);
  });});

describe("optional event details", () => {
  const details = { eventStartTime: "14:30", eventLengthMinutes: "90", childrenCount: "12", childAge: "6" };

  it("stores start time, length, number of children and the child's age, and tells the performer", async () => {
    const result = await send("perf", validFields(undefined, details));
    expect(result.ok).toBe(true);
    const [row] = await messagesFor("perf");
    expect(row).toMatchObject({ eventStartTime: "14:30", eventLengthMinutes: 90, childrenCount: 12, childAge: 6 });
    const mail = await performerMail();
    for (const part of ["Start time: 2:30 PM", "Length: 1.5 hours", "Number of children: 12", "Child's age: 6 years old"]) {
      expect(mail.textBody).toContain(part);
    }
    expect(mail.htmlBody).toContain("Child&#39;s age");
  });

  it("leaves them out when not given, in the row and in the mail", async () => {
    expect((await send("perf", validFields())).ok).toBe(true);
    const [row] = await messagesFor("perf");
    expect(row).toMatchObject({ eventStartTime: null, eventLengthMinutes: null, childrenCount: null, childAge: null });
    const mail = await performerMail();
    for (const label of ["Start time", "Length", "Number of children", "Child's age"]) expect(mail.textBody).not.toContain(`${label}:`);
  });

  it("accepts the edges of each range and a time with seconds", async () => {
    for (const edge of [
      { eventStartTime: "00:00", eventLengthMinutes: "30", childrenCount: "1", childAge: "0" },
      { eventStartTime: "23:59:00", eventLengthMinutes: "240", childrenCount: "1000", childAge: "17" },
    ]) {
      const result = await send("perf", validFields(undefined, edge));
      expect(result.ok, JSON.stringify(edge)).toBe(true);
    }
    const rows = await messagesFor("perf");
    expect(rows.map((row) => row.eventStartTime).sort()).toEqual(["00:00", "23:59"]);
  });

  it("refuses values out of range with a message beside each field, keeping what was typed, and stores nothing", async () => {
    const result = await send(
      "perf",
      validFields(undefined, { eventStartTime: "25:00", eventLengthMinutes: "45", childrenCount: "0", childAge: "18" }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      eventStartTime: "Please enter a valid start time",
      eventLengthMinutes: "Please choose a length from the list",
      childrenCount: "Number of children must be a whole number from 1 to 1000",
      childAge: "Child's age must be a whole number from 0 to 17",
    });
    expect(result.values).toMatchObject({ eventStartTime: "25:00", eventLengthMinutes: "45", childrenCount: "0", childAge: "18" });
    const oddNumbers: Fields[] = [{ childrenCount: "2.5" }, { childAge: "six" }, { childrenCount: "1001" }, { childAge: "-1" }];
    for (const bad of oddNumbers) {
      const refused = await send("perf", validFields(undefined, bad));
      expect(refused.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(await messagesFor("perf")).toEqual([]);
    expect(await outbox()).toEqual([]);
  });
});

describe("the mail to the sender's address", () => {
  it("names whom the message went to and nothing the sender typed, without the performer's address", async () => {
    const result = await send("perf", validFields(undefined, { eventStartTime: "10:00", childrenCount: "8" }));
    expect(result.ok).toBe(true);
    const copy = await senderCopy();
    expect(copy.subject).toBe("Your message to Captain Orlando on CostumeCast");
    for (const part of [
      "A message was sent from this email address through CostumeCast to:",
      "Captain Orlando: https://costumecast.test/profile/perf",
      "will reply to this address directly, by email or phone",
      "If you did not send this message, you can ignore this email.",
    ]) {
      expect(copy.textBody).toContain(part);
    }
    // Anyone can type anyone's address: what was typed is shown on the confirmation instead (inquiry-limits.test.ts).
    for (const typed of ["Dana Planner", "daughter", "555-0100", "Orlando, FL 32801", "Birthday Party", "10:00 AM"]) {
      expect(`${copy.subject}${copy.textBody}${copy.htmlBody ?? ""}`).not.toContain(typed);
    }
    for (const body of [copy.textBody, copy.htmlBody ?? "", copy.replyTo ?? ""]) {
      expect(body).not.toContain("captain.example");
      expect(body).not.toContain("accounts.example.com");
    }
  });

  it("is queued only when the message is stored", async () => {
    const captcha = issueCaptcha(secret);
    await send("perf", validFields(captcha, { captchaAnswer: String(captcha.a + captcha.b + 1) }));
    await send("inactive", validFields());
    expect(await outbox()).toEqual([]);
  });
});

describe("the performer's insights", () => {
  it("counts each stored inquiry for the performer's day, and nothing for a refused one", async () => {
    const now = new Date("2031-05-04T15:00:00Z");
    const wrong = issueCaptcha(secret, now.getTime());
    await handleInquiry(context(), await readPublicForm(request(validFields(wrong, { captchaAnswer: "0" })), inquirySchema), {
      profileId: "perf",
      ip: "203.0.113.10",
      now,
    });
    for (let i = 0; i < 2; i++) {
      const captcha = issueCaptcha(secret, now.getTime());
      const result = await handleInquiry(context(), await readPublicForm(request(validFields(captcha)), inquirySchema), {
        profileId: "perf",
        ip: "203.0.113.10",
        now,
      });
      expect(result.ok).toBe(true);
    }
    const stats = await database.db.select().from(profileDailyStats).where(eq(profileDailyStats.profileId, "perf"));
    expect(stats).toEqual([expect.objectContaining({ day: "2031-05-04", inquiries: 2 })]);
  });
});

describe("the math question", () => {
  it("asks the question when a form arrives without one (sent without JavaScript), keeping what was typed", async () => {
    const { captchaToken: _token, ...noQuestion } = validFields(issueCaptcha(secret), { captchaAnswer: "" });
    const result = await send("perf", noQuestion);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ captchaAnswer: "Please answer the math problem" });
    expect(result.values).toMatchObject({ name: "Dana Planner", message: "Could you appear at my daughter's birthday party?" });
    expect(await messagesFor("perf")).toEqual([]);

    // The visitor answers the question that came back and sends again.
    const answered = await send("perf", validFields(result.captcha));
    expect(answered.ok).toBe(true);
    expect(await messagesFor("perf")).toHaveLength(1);
  });

  it("keeps the question while it was never answered, so fixing a typo does not mean a new sum", async () => {
    const captcha = issueCaptcha(secret);
    const result = await send("perf", validFields(captcha, { name: " " }));
    expect(!result.ok && result.errors).toEqual({ name: "Name is required" });
    expect(result.captcha).toEqual(captcha);
    expect((await send("perf", validFields(result.captcha))).ok).toBe(true);
  });

  it("answers a post that is not a form with the failure message and a question", async () => {
    const post = new Request("https://costumecast.test/profile/perf", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    const result = await handleInquiry(context(), await readPublicForm(post, inquirySchema), { profileId: "perf", ip: "203.0.113.10" });
    expect(result).toMatchObject({ ok: false, errors: {}, message: "Failed to send message" });
    expect(result.captcha.token).not.toBe("");
    expect(await messagesFor("perf")).toEqual([]);
  });

  it("gives a new question after each successful send", async () => {
    const first = await send("perf", validFields());
    expect(first.ok).toBe(true);
    const second = await send("perf", validFields(first.captcha));
    expect(second.ok).toBe(true);
    expect(second.captcha.token).not.toBe(first.captcha.token);
  });

  it("refuses a wrong answer, stores nothing and asks a new question", async () => {
    const captcha = issueCaptcha(secret);
    const result = await send("perf", validFields(captcha, { captchaAnswer: String(captcha.a + captcha.b + 1) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe("Incorrect captcha answer");
    expect(result.errors.captchaAnswer).toBe("Incorrect captcha answer");
    expect(result.captcha.token).not.toBe(captcha.token);
    expect(result.values?.message).toBe("Could you appear at my daughter's birthday party?");
    expect(await messagesFor("perf")).toEqual([]);
    expect(await outbox()).toEqual([]);
    // The question is spent: guessing again with the right sum does not get through.
    const retry = await send("perf", validFields(captcha));
    expect(retry.ok).toBe(false);
    expect(await messagesFor("perf")).toEqual([]);
  });

  it("refuses an expired question", async () => {
    const old = issueCaptcha(secret, Date.now() - CAPTCHA_TTL_MS - 1000);
    const result = await send("perf", validFields(old));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.captchaAnswer).toBe(CAPTCHA_EXPIRED);
    expect(result.captcha.token).not.toBe(old.token);
    expect(await messagesFor("perf")).toEqual([]);
  });

  it("refuses a question the server did not sign", async () => {
    const forged = issueCaptcha("someone-elses-secret-someone-elses-secret");
    const result = await send("perf", validFields(forged));
    expect(!result.ok && result.errors.captchaAnswer).toBe(CAPTCHA_EXPIRED);
    expect(await messagesFor("perf")).toEqual([]);
  });

  it("accepts each question once", async () => {
    const captcha = issueCaptcha(secret);
    expect((await send("perf", validFields(captcha))).ok).toBe(true);
    const replay = await send("perf", validFields(captcha));
    expect(!replay.ok && replay.errors.captchaAnswer).toBe(CAPTCHA_REUSED);
    expect(await messagesFor("perf")).toHaveLength(1);
    // The performer's notification and the sender's copy, once.
    expect(await outbox()).toHaveLength(2);
  });
});

describe("who can receive an inquiry", () => {
  for (const id of ["inactive", "unpaid", "expired", "nameless", "does-not-exist"]) {
    it(`refuses the ${id} profile`, async () => {
      const result = await send(id, validFields());
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.message).toBe(PROFILE_UNAVAILABLE);
      expect(await messagesFor(id)).toEqual([]);
      expect(await outbox()).toEqual([]);
    });
  }
});

describe("abuse protection", () => {
  it("pretends to accept a form whose hidden honeypot field was filled, and stores nothing", async () => {
    const result = await send("perf", validFields(undefined, { company_website: "http://spam.example" }));
    expect(result.ok).toBe(true);
    expect(await messagesFor("perf")).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("limits how many messages one address can send, counting only those it delivered", async () => {
    const { limit } = INQUIRY_LIMITS.perIp;
    const ip = "198.51.100.7";
    for (let i = 0; i < limit; i++) {
      const captcha = issueCaptcha(secret);
      // A wrong answer spends its question but delivers nothing, so it counts against no one.
      await send("perf", validFields(captcha, { captchaAnswer: "0" }), ip);
    }
    // Ten delivered, spread over performers (one sender may send one performer only a few a day).
    const targets = ["perf", "no-contact", "extra-1", "extra-2"];
    for (let i = 0; i < limit; i++) expect((await send(targets[i % targets.length], validFields(), ip)).ok, `message ${i + 1}`).toBe(true);
    const unanswered = issueCaptcha(secret);
    const blocked = await send("extra-2", validFields(unanswered), ip);
    expect(blocked.ok).toBe(false);
    if (blocked.ok) return;
    expect(blocked.message).toMatch(/^Too many messages have been sent\. Please try again in .+\.$/);
    expect(blocked.values?.name).toBe("Dana Planner");
    // The question was not spent: the same one stays for the next try.
    expect(blocked.captcha).toEqual(unanswered);
    expect(await messagesFor("extra-2")).toHaveLength(2);
    // Someone else is not affected.
    expect((await send("extra-2", validFields(), "198.51.100.8")).ok).toBe(true);
  });

  it("limits how many messages one profile receives a day", async () => {
    const { limit } = INQUIRY_LIMITS.perProfile;
    for (let i = 0; i < limit; i++) {
      expect((await send("perf", validFields(), `192.0.2.${i}`)).ok).toBe(true);
    }
    const blocked = await send("perf", validFields(), "192.0.2.250");
    expect(!blocked.ok && blocked.message).toMatch(/^Too many messages/);
    expect(await messagesFor("perf")).toHaveLength(limit);
    // Other performers still receive theirs.
    expect((await send("no-contact", validFields(), "192.0.2.251")).ok).toBe(true);
  });
});
