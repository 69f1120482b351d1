import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "~/server/db/schema";
import { isClockDays } from "~/lib/demo-clock";
import { runJobsAsIf } from "~/server/jobs/demo-clock.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { parentInquiry, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// The demo clock (issue 27): the loops that show only after days run at once as if the chosen days
// had passed, through the jobs' own code, and what they send waits in the outbox like any mail. An
// unread inquiry sent at 10 am in New York for a party on Saturday the 5th: a day later its
// reminders are due and the party is still ahead; a week later the party is past and its parent is
// asked whether the performer came.

const PERFORMER = { id: "clock-ny", displayName: "Big Apple Heroes", state: "NY", city: "New York", contactEmail: "heroes@ny.example" };
const SENT = new Date("2026-12-01T15:00:00Z");
const CLOCK_FROM = new Date("2026-12-01T16:00:00Z");

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  await addPerformer(database.db, PERFORMER);
  await database.db
    .insert(contactMessages)
    .values(parentInquiry(PERFORMER.id, { senderName: "Dana Ruiz", senderEmail: "dana@parents.example", eventDate: "2026-12-05", createdAt: SENT }));
});

afterAll(async () => {
  await database?.close();
});

const mailTo = async (address: string) => (await database.db.select().from(emailOutbox)).filter((mail) => mail.toAddress === address).map((mail) => mail.subject);

describe(`the demo clock (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("offers only its own jumps", () => {
    expect([1, 3, 7, 14, 30].every(isClockDays)).toBe(true);
    expect([0, -1, 2, 31, 365, Number.NaN].some(isClockDays)).toBe(false);
  });

  it("a day ahead: the unread inquiry's reminder goes to the performer; the party is still to come, so nobody is asked about it", async () => {
    const run = await runJobsAsIf(services, 1, CLOCK_FROM);
    expect(run.at).toBe("2026-12-02T16:00:00.000Z");
    expect(run.steps.map((step) => step.job)).toEqual(["Unread-inquiry reminders", "Review questions", "Trust documents", "Reply figures", "Renewal reminders", "Listing expiries"]);
    expect(run.steps[0].outcome).not.toBe("0 reminders queued");
    expect(await mailTo(PERFORMER.contactEmail)).not.toHaveLength(0);
    expect(run.steps[1].outcome).toMatch(/^0 parents asked/);
    expect(await mailTo("dana@parents.example")).toHaveLength(0);
  });

  it("a week ahead: the party is past, so its parent is asked once whether the performer came", async () => {
    const run = await runJobsAsIf(services, 7, CLOCK_FROM);
    expect(run.steps[1].outcome).toMatch(/^1 parent asked/);
    const asked = await mailTo("dana@parents.example");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("Big Apple Heroes");

    // Run again at the same moment: the question is not asked twice.
    const again = await runJobsAsIf(services, 7, CLOCK_FROM);
    expect(again.steps[1].outcome).toMatch(/^0 parents asked/);
    expect(await mailTo("dana@parents.example")).toHaveLength(1);
  });
});
