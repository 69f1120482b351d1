import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { emailOutbox, freeListingProgram, freeListingRequests, rateLimitHits } from "~/server/db/schema";
import { readPublicForm } from "~/lib/form";
import { APPLICATION_SENT, freeListingSchema, type FreeListingActionResult } from "~/lib/free-listing-schema";
import { FREE_LISTING_LIMIT, freeSpotsRemaining, handleFreeListing } from "~/server/free-listing/listings.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://costumecast.test", ADMIN_EMAIL: "review-team@costumecast.test" });

let database: TestDatabase;

type Fields = Record<string, string>;

const required: Fields = {
  fullName: "Robin Fairweather",
  email: "robin@example.org",
  city: "Austin",
  state: "TX",
  experience: "1-3",
  paidEvents: "yes",
  bio: "I perform as a friendly storybook knight at birthday parties and libraries.",
  travel: "depends",
};

const optional: Fields = {
  phone: "512-555-0199",
  instagram: "@robinknight",
  facebook: "robin.knight",
  youtube: "RobinKnightShows",
  tiktok: "@robinknight",
  website: "https://robin.example.org",
  eventTypes: "Birthday parties, school visits",
  characters: "A knight, a wizard and a dragon tamer",
  whyJoin: "To reach more families",
  questions: "Can I list two personas?",
};

/** What the /free-listing action does with a post. */
async function submit(fields: Fields, ip = "203.0.113.20"): Promise<FreeListingActionResult> {
  const request = new Request("https://costumecast.test/free-listing", { method: "POST", body: new URLSearchParams(fields) });
  return handleFreeListing({ db: database.db, config }, await readPublicForm(request, freeListingSchema), ip);
}

beforeAll(async () => {
  database = await createTestDatabase();
});

beforeEach(async () => {
  await database.db.delete(freeListingRequests);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimitHits);
});

afterAll(async () => {
  await database?.close();
});

describe(`free-listing applications (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("stores a complete application as pending and tells the admin mailbox", async () => {
    const result = await submit({ ...required, ...optional });
    expect(result).toMatchObject({ ok: true, message: APPLICATION_SENT });
    expect(APPLICATION_SENT).toBe("Application submitted successfully! We'll review it and get back to you soon.");
    const [row] = await database.db.select().from(freeListingRequests);
    expect(row).toMatchObject({ ...required, ...optional, status: "pending", reviewedAt: null, reviewedBy: null, notes: null });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail.toAddress).toBe("review-team@costumecast.test");
    expect(mail.replyTo).toBe("robin@example.org");
    expect(mail.subject).toContain("Robin Fairweather");
    for (const value of [...Object.values(required).filter((v) => v !== "TX"), ...Object.values(optional)]) {
      expect(mail.textBody).toContain(value);
    }
    expect(mail.textBody).toContain("https://costumecast.test/admin");
  });

  it("stores empty optional fields as null", async () => {
    const blanks = Object.fromEntries(Object.keys(optional).map((k) => [k, "   "]));
    expect((await submit({ ...required, ...blanks })).ok).toBe(true);
    const [row] = await database.db.select().from(freeListingRequests);
    for (const key of Object.keys(optional)) expect(row[key as keyof typeof row], key).toBeNull();
  });

  it("answers missing required fields with the spec's messages and stores nothing", async () => {
    const result = await submit({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      city: "City is required",
      state: "State is required",
      experience: "Please select an option",
      paidEvents: "Please select an option",
      bio: "Bio is required",
      travel: "Please select an option",
    });
    expect(await database.db.select().from(freeListingRequests)).toEqual([]);
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it("rejects a malformed email, an unknown state and answers outside the options, keeping what was typed", async () => {
    const result = await submit({ ...required, email: "robin(at)example", state: "XX", experience: "10+", paidEvents: "maybe", travel: "far" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email: "Invalid email address",
      state: "State is required",
      experience: "Please select an option",
      paidEvents: "Please select an option",
      travel: "Please select an option",
    });
    expect(result.values.fullName).toBe("Robin Fairweather");
    expect(result.values.bio).toBe(required.bio);
  });

  it("pretends to accept a form whose honeypot was filled, and stores nothing", async () => {
    const result = await submit({ ...required, company_website: "spam" });
    expect(result.ok).toBe(true);
    expect(await database.db.select().from(freeListingRequests)).toEqual([]);
  });

  it("limits applications from one address", async () => {
    // Each for another applicant: one address has one application waiting at a time.
    const applicant = (n: number) => ({ ...required, email: `robin.${n}@example.org` });
    for (let i = 0; i < FREE_LISTING_LIMIT.limit; i++) expect((await submit(applicant(i), "198.51.100.30")).ok).toBe(true);
    const blocked = await submit(applicant(99), "198.51.100.30");
    expect(blocked.ok).toBe(false);
    if (blocked.ok) return;
    expect(blocked.message).toMatch(/^Too many applications have been sent from your connection\. Please try again in .+\.$/);
    expect(blocked.values.fullName).toBe("Robin Fairweather");
    expect(await database.db.select().from(freeListingRequests)).toHaveLength(FREE_LISTING_LIMIT.limit);
    expect((await submit(applicant(99), "198.51.100.31")).ok).toBe(true);
  });

  it("counts the free spots left from the program's counter, not from approved applications", async () => {
    await database.db.delete(freeListingProgram);
    expect(await freeSpotsRemaining(database.db)).toBe(150);
    // An approved application deleted later still used its spot; only the counter knows.
    await database.db.insert(freeListingRequests).values({
      fullName: "Approved Applicant",
      email: "approved@example.org",
      city: "Austin",
      state: "TX",
      experience: "3+",
      paidEvents: "no",
      bio: "Bio",
      travel: "yes",
      status: "approved",
    });
    await database.db.insert(freeListingProgram).values({ id: 1, grantsIssued: 2 });
    expect(await freeSpotsRemaining(database.db)).toBe(148);
    await database.db.update(freeListingProgram).set({ grantsIssued: 150 });
    expect(await freeSpotsRemaining(database.db)).toBe(0);
    await database.db.delete(freeListingProgram);
  });
});
