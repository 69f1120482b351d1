import { like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminDashboardView } from "~/lib/admin-view";
import { searchWords } from "~/lib/search-alert-view";
import * as adminRoute from "~/routes/admin";
import * as searchRoute from "~/routes/search";
import { listUnmetSearches } from "~/server/admin/unmet-searches.server";
import { removeExpiredAlerts } from "~/server/alerts/alert-job.server";
import { grantAdmin } from "~/server/auth/accounts.server";
import { rateLimitHits, unmetSearches } from "~/server/db/schema";
import { pruneExpiredRows } from "~/server/jobs/maintenance.server";
import type { AppServices } from "~/server/platform/services.server";
import { recordUnmetSearch, SEARCHES_PER_VISITOR, unmetSearchOf, UNMET_MARKER_PREFIX } from "~/server/unmet-searches/record.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, sessionCookie, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// The admin's "What visitors searched for and did not find": a search that found nobody counts
// once per visitor (client key) a day, so one script cannot push a term to the top, and the
// report lists the last 30 days, most visitors first.

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(unmetSearches);
  await database.db.delete(rateLimitHits);
});

const DAY = new Date("2030-03-10T15:00:00Z");
const dayAfter = (days: number) => new Date(DAY.getTime() + days * 86_400_000);
const encantoOrlando = { words: "encanto", place: "Orlando, FL" };

async function table() {
  return database.db.select().from(unmetSearches).orderBy(unmetSearches.day, unmetSearches.words);
}

describe("what counts as one unmet search", () => {
  it("takes the place's own words, ZIP codes and stop words out of the words", () => {
    expect(searchWords("Encanto party in Orlando FL 32801", "Orlando, FL", null)).toBe("encanto party");
    expect(searchWords("encanto florida", "Florida", null)).toBe("encanto");
    expect(searchWords("santa near santa ana", "Santa Ana, CA", null)).toBe("");
    expect(searchWords("ENCANTO  encanto", null, null)).toBe("encanto");
    expect(searchWords("mermaid", null, "TX")).toBe("mermaid");
  });

  it("is a search that found nobody, never one that found someone or asked nothing", () => {
    const input = { q: "encanto orlando", state: null, city: null, category: null, page: 1 };
    const base = { input, idle: false, total: 0, zip: null, unknownZip: null, place: { kind: "city" as const, city: "Orlando", state: "FL" } };
    expect(unmetSearchOf(base)).toEqual(encantoOrlando);
    expect(unmetSearchOf({ ...base, total: 3 })).toBeNull();
    expect(unmetSearchOf({ ...base, idle: true })).toBeNull();
    expect(unmetSearchOf({ ...base, unknownZip: "00000" })).toBeNull();
    expect(unmetSearchOf({ ...base, input: { ...input, q: "encanto 76401" }, place: null, zip: { code: "76401", city: "Stephenville", state: "TX" } })).toEqual({
      words: "encanto",
      place: "Stephenville, TX",
    });
  });
});

describe("recording", () => {
  it("counts each visitor once a day per search, however often they search it", async () => {
    expect(await recordUnmetSearch(services, encantoOrlando, "203.0.113.1", DAY)).toBe(true);
    for (let i = 0; i < 5; i++) expect(await recordUnmetSearch(services, encantoOrlando, "203.0.113.1", DAY)).toBe(false);
    expect(await recordUnmetSearch(services, encantoOrlando, "203.0.113.2", DAY)).toBe(true);
    // Another search by the same visitor counts on its own; the next day counts again.
    expect(await recordUnmetSearch(services, { words: "encanto", place: "Tampa, FL" }, "203.0.113.1", DAY)).toBe(true);
    expect(await recordUnmetSearch(services, encantoOrlando, "203.0.113.1", dayAfter(1))).toBe(true);

    expect((await table()).map((r) => [r.day, r.place, r.visitors])).toEqual([
      ["2030-03-10", "Orlando, FL", 2],
      ["2030-03-10", "Tampa, FL", 1],
      ["2030-03-11", "Orlando, FL", 1],
    ]);
    // The markers are keyed hashes: no address is stored.
    const markers = await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits).where(like(rateLimitHits.key, `${UNMET_MARKER_PREFIX}:%`));
    expect(markers).toHaveLength(4);
    for (const { key } of markers) expect(key).not.toContain("203.0.113");
  });

  it(`lets one visitor add at most ${SEARCHES_PER_VISITOR} different searches a day`, async () => {
    for (let i = 0; i < SEARCHES_PER_VISITOR + 5; i++) await recordUnmetSearch(services, { words: `junk${i}`, place: "" }, "198.51.100.9", DAY);
    expect(await table()).toHaveLength(SEARCHES_PER_VISITOR);
    // Others still count.
    expect(await recordUnmetSearch(services, { words: "junk0", place: "" }, "198.51.100.10", DAY)).toBe(true);
  });

  it("forgets the markers once the day is over, and the searches after 45 days", async () => {
    await recordUnmetSearch(services, encantoOrlando, "203.0.113.1", DAY);
    await pruneExpiredRows(database.db, dayAfter(2));
    expect(await database.db.select().from(rateLimitHits)).toHaveLength(0);
    expect(await removeExpiredAlerts(services, dayAfter(44))).toMatchObject({ unmetDays: 0 });
    expect(await removeExpiredAlerts(services, dayAfter(46))).toMatchObject({ unmetDays: 1 });
  });

  it("is recorded by the search page when it finds nobody, and not when it finds someone", async () => {
    await addPerformer(database.db, { displayName: "Ice Queen Parties", characters: ["Ice Queen"], state: "FL", city: "Orlando" });
    const visitor = { ...services, clientIp: "192.0.2.44" };
    const found = await call(searchRoute.loader, getRequest("/search?q=ice+queen+orlando"), visitor);
    expect(found.status).toBe(200);
    const none = await call(searchRoute.loader, getRequest("/search?q=encanto+orlando"), visitor);
    expect(none.status).toBe(200);
    // The page does not wait for the write.
    await vi.waitFor(async () => expect((await table()).map((r) => [r.words, r.place, r.visitors])).toEqual([["encanto", "Orlando, FL", 1]]), {
      timeout: 10_000,
    });
  });
});

describe("the admin's report", () => {
  beforeEach(async () => {
    // Stephenville: 3 visitors over two days; Orlando: 2 today; a month and more ago: 9, left out.
    await database.db.insert(unmetSearches).values([
      { day: "2030-03-10", words: "superhero", place: "Stephenville, TX", visitors: 2 },
      { day: "2030-03-05", words: "superhero", place: "Stephenville, TX", visitors: 1 },
      { day: "2030-03-10", words: "encanto", place: "Orlando, FL", visitors: 2 },
      { day: "2030-03-10", words: "pneumonoultramicroscopicsilicovolcanoconiosis", place: "", visitors: 1 },
      { day: "2030-02-01", words: "grinch", place: "Boise, ID", visitors: 9 },
    ]);
  });

  it("lists the last 30 days by visitors, most first", async () => {
    const list = await listUnmetSearches(database.db, { now: DAY });
    expect(list.total).toBe(3);
    expect(list.rows).toEqual([
      { words: "superhero", place: "Stephenville, TX", visitors: 3, days: 2, lastDay: "2030-03-10" },
      { words: "encanto", place: "Orlando, FL", visitors: 2, days: 1, lastDay: "2030-03-10" },
      { words: "pneumonoultramicroscopicsilicovolcanoconiosis", place: "", visitors: 1, days: 1, lastDay: "2030-03-10" },
    ]);
    const week = await listUnmetSearches(database.db, { now: DAY, period: "week", search: "stephen" });
    expect(week.rows).toEqual([{ words: "superhero", place: "Stephenville, TX", visitors: 3, days: 2, lastDay: "2030-03-10" }]);
    expect((await listUnmetSearches(database.db, { now: DAY, page: 5 })).total).toBe(3);
  });

  it("is a section of /admin, for admins only", async () => {
    await createAccount(services, "admin@example.com");
    await grantAdmin(database.db, "admin@example.com");
    const cookie = await sessionCookie(services, "admin@example.com");
    const answer = await call(adminRoute.loader, getRequest("/admin?tab=searches", cookie), services);
    expect(answer.status).toBe(200);
    const view = answer.data as AdminDashboardView;
    expect(view.section.tab).toBe("searches");
    // Seen from today (before 2030), every row above lies in the last 30 days.
    expect(view.counts.searches.total).toBe(4);
    expect(view.section.rows[0]).toMatchObject({ words: "grinch", visitors: 9 });

    const anonymous = await call(adminRoute.loader, getRequest("/admin?tab=searches"), services);
    expect(anonymous.status).toBe(302);
  });
});
