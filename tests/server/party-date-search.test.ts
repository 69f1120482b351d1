import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_REFINEMENTS, writeRefinements, type ListingRefinements } from "~/lib/listing-refinements";
import { browseHref } from "~/lib/directory-params";
import { profileHref } from "~/lib/party-date-view";
import { forgetDirectoryCounts, listPublicProfiles } from "~/server/directory/directory.server";
import { availabilityText, hiddenBookedNote, readRefinements } from "~/server/directory/party-date.server";
import { listPlaceProfiles } from "~/server/directory/place-listing.server";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { parseSearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { giveCalendar } from "../e2e/seed/party-date";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The party date in the directory (issue 26): with a date, each card says whether the performer is
// free that day ("Free on Sat, Dec 12"), booked ("Booked on Dec 12") or keeps no calendar up to date
// ("Availability not shared"); free performers come first, within each distance band of a place;
// booked ones are left out (and counted in a note) unless the visitor asks for them, then last.
// Performers in Orlando (covers 32801), one in Gainesville (110 miles: nearby, past its 10-mile
// range) and one in Denver who travels anywhere (the nationwide band).

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const YEAR = new Date().getUTCFullYear() + 1;
const DAY = `${YEAR}-12-12`;
const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(Date.UTC(YEAR, 11, 12)).getUTCDay()];
const created = (n: number) => new Date(Date.UTC(2025, 0, n));
const DAYS_AGO = (n: number) => new Date(Date.now() - n * 86_400_000);

const ORLANDO = { state: "FL", city: "Orlando", categories: ["Fantasy"], travelRadius: "short_distance" as const };
const FIXTURES: (ProfileFixture & { calendar?: { updatedAt: Date; booked?: string[] } })[] = [
  // Oldest first; without a date the newest come first.
  { id: "pd-free-old", displayName: "Free Fairy", ...ORLANDO, createdAt: created(1), calendar: { updatedAt: DAYS_AGO(2), booked: [`${YEAR}-12-13`] } },
  { id: "pd-free-new", displayName: "Free Pirate", ...ORLANDO, createdAt: created(2), calendar: { updatedAt: DAYS_AGO(1) } },
  { id: "pd-silent", displayName: "Silent Sprite", ...ORLANDO, createdAt: created(3) },
  { id: "pd-stale", displayName: "Stale Mermaid", ...ORLANDO, createdAt: created(4), calendar: { updatedAt: DAYS_AGO(40), booked: [DAY] } },
  { id: "pd-booked", displayName: "Booked Squad", ...ORLANDO, createdAt: created(5), calendar: { updatedAt: DAYS_AGO(3), booked: [DAY] } },
  // Gainesville: nearby, past a 10-mile range; free.
  { id: "pd-nearby-free", displayName: "Gainesville Genie", state: "FL", city: "Gainesville", categories: ["Fantasy"], travelRadius: "local_only", createdAt: created(6), calendar: { updatedAt: DAYS_AGO(1) } },
  // Denver, travels anywhere: the nationwide band; free, and the newest of all.
  { id: "pd-far-free", displayName: "Denver Dragon", state: "CO", city: "Denver", categories: ["Fantasy"], travelRadius: "nationwide", createdAt: created(7), calendar: { updatedAt: DAYS_AGO(1) } },
];

const refine = (partial: Partial<ListingRefinements>): ListingRefinements => ({ ...NO_REFINEMENTS, ...partial });
const dated = (showBooked = false) => refine({ date: DAY, showBooked });
const florida = (refinements: ListingRefinements) => listPublicProfiles(database.db, { state: "FL", city: null, categories: [], refinements });
const labels = (cards: { id: string; availability?: { text: string } | null }[]) => cards.map((card) => `${card.id}: ${card.availability?.text ?? "-"}`);
const search = (q: string, refinements: ListingRefinements) => searchProfiles(database.db, { q, state: null, city: null, category: null, page: 1, refinements });

beforeAll(async () => {
  database = await createTestDatabase();
  for (const { calendar, ...fixture } of FIXTURES) {
    await insertProfile(database.db, fixture);
    if (calendar) await giveCalendar(database.db, fixture.id, calendar);
  }
});

afterAll(async () => {
  await database?.close();
});

describe(`the party date in the directory (${engine})`, () => {
  it("words each card's day: free with its weekday, booked, or not shared (no calendar, or none updated in 30 days)", async () => {
    expect(availabilityText("free", DAY)).toBe(`Free on ${WEEKDAY}, Dec 12`);
    expect(availabilityText("booked", DAY)).toBe("Booked on Dec 12");
    expect(availabilityText("unknown", DAY)).toBe("Availability not shared");
    expect(availabilityText("free", "2026-12-12")).toBe("Free on Sat, Dec 12");
    expect(availabilityText("free", "2027-01-04")).toBe("Free on Mon, Jan 4");

    const listing = await florida(dated(true));
    expect(labels(listing.profiles)).toEqual([
      // Free, newest first among them.
      `pd-nearby-free: Free on ${WEEKDAY}, Dec 12`,
      `pd-free-new: Free on ${WEEKDAY}, Dec 12`,
      // Marked the 13th, not the 12th.
      `pd-free-old: Free on ${WEEKDAY}, Dec 12`,
      // A calendar unchanged for 40 days says nothing, though it marks the day.
      "pd-stale: Availability not shared",
      "pd-silent: Availability not shared",
      // Asked for: booked ones last.
      "pd-booked: Booked on Dec 12",
    ]);
    expect(listing.total).toBe(6);
    expect(listing.hiddenBooked).toBeNull();
  });

  it("leaves booked performers out of a listing and its count unless asked, and says how many it hid", async () => {
    const listing = await florida(dated());
    expect(listing.profiles.map((card) => card.id)).toEqual(["pd-nearby-free", "pd-free-new", "pd-free-old", "pd-stale", "pd-silent"]);
    expect(listing.total).toBe(5);
    expect(listing.hiddenBooked).toBe("1 booked on Dec 12 is hidden");
    // Without a date: the usual order, nobody hidden, no labels.
    const plain = await florida(NO_REFINEMENTS);
    expect(plain.profiles.map((card) => card.id)).toEqual(["pd-nearby-free", "pd-booked", "pd-stale", "pd-silent", "pd-free-new", "pd-free-old"]);
    expect(plain.profiles.every((card) => card.availability === undefined)).toBe(true);
    expect(plain.hiddenBooked ?? null).toBeNull();
  });

  it("pages a dated listing across its tiers: each page continues where the last stopped", async () => {
    const first = await listPublicProfiles(database.db, { state: "FL", city: null, categories: [], refinements: dated(true) }, 1, 4);
    const second = await listPublicProfiles(database.db, { state: "FL", city: null, categories: [], refinements: dated(true) }, 2, 4);
    expect(first.profiles.map((card) => card.id)).toEqual(["pd-nearby-free", "pd-free-new", "pd-free-old", "pd-stale"]);
    expect(second.profiles.map((card) => card.id)).toEqual(["pd-silent", "pd-booked"]);
    expect([first.pageCount, second.page]).toEqual([2, 2]);
    // A page past the end shows the last one.
    const past = await listPublicProfiles(database.db, { state: "FL", city: null, categories: [], refinements: dated() }, 9, 4);
    expect([past.page, past.profiles.map((card) => card.id)]).toEqual([2, ["pd-silent"]]);
  });

  it("remembers a dated listing's tier sizes like any count, yet a performer booked meanwhile leaves the free tier at once", async () => {
    const before = await florida(dated());
    expect(before.profiles.map((card) => card.id).slice(0, 3)).toEqual(["pd-nearby-free", "pd-free-new", "pd-free-old"]);
    await database.db.execute(sql`insert into calendar_days (profile_id, day, kind) values ('pd-free-new', ${DAY}::date, 'booked')`);
    try {
      // Within the count's lifetime: the rows are read live, so the remembered sizes no longer
      // hold and the tiers are counted again.
      const after = await florida(dated());
      expect(after.profiles.map((card) => card.id)).toEqual(["pd-nearby-free", "pd-free-old", "pd-stale", "pd-silent"]);
      expect(after.total).toBe(4);
      expect(after.hiddenBooked).toBe("2 booked on Dec 12 are hidden");
    } finally {
      await database.db.execute(sql`delete from calendar_days where profile_id = 'pd-free-new' and day = ${DAY}::date`);
      forgetDirectoryCounts(database.db);
    }
  });

  it("puts free performers first within each distance band, keeping the bands in order and their counts to what is shown", async () => {
    const outcome = await search("32801", dated());
    expect(outcome.hits.map((hit) => `${hit.band}:${hit.profile.id}`)).toEqual([
      // All at Orlando (the same distance): free ones first, then those not saying, newest first in each.
      "covers:pd-free-new",
      "covers:pd-free-old",
      "covers:pd-stale",
      "covers:pd-silent",
      "nearby:pd-nearby-free",
      // The nationwide band stays last, though free and the newest.
      "nationwide:pd-far-free",
    ]);
    expect(outcome.total).toBe(6);
    expect(outcome.hiddenBooked).toBe("1 booked on Dec 12 is hidden");
    expect(outcome.hits[0].profile.availability).toEqual({ kind: "free", text: `Free on ${WEEKDAY}, Dec 12`, date: DAY });

    const shown = await search("32801", dated(true));
    expect(shown.hits.map((hit) => `${hit.band}:${hit.profile.id}`).slice(0, 5)).toEqual([
      "covers:pd-free-new",
      "covers:pd-free-old",
      "covers:pd-stale",
      "covers:pd-silent",
      "covers:pd-booked",
    ]);
    expect(shown.total).toBe(7);
    expect(shown.hiddenBooked).toBeNull();
  });

  it("pages a dated place search across its bands and tiers: page by page, the same order and count as one page", async () => {
    const whole = await search("32801", dated(true));
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const outcome = await searchProfiles(database.db, { q: "32801", state: null, city: null, category: null, page, refinements: dated(true) }, { pageSize: 2 });
      expect(outcome.total).toBe(whole.total);
      paged.push(...outcome.hits.map((hit) => `${hit.band}:${hit.profile.id}:${hit.profile.availability?.kind}`));
    }
    expect(paged).toEqual(whole.hits.map((hit) => `${hit.band}:${hit.profile.id}:${hit.profile.availability?.kind}`));
    expect(paged).toHaveLength(7);

    // A city page's first page filled by the nearest free performers still counts each band as shown.
    const orlando = findGazetteerCity("FL", "Orlando")!;
    const first = await listPlaceProfiles(database.db, {
      latitude: orlando.latitude, longitude: orlando.longitude, based: { state: "FL", city: "Orlando" }, categories: [], refinements: dated(true), page: 1, pageSize: 2,
    });
    expect(first.hits.map((hit) => hit.profile.id)).toEqual(["pd-free-new", "pd-free-old"]);
    expect(first.counts).toMatchObject({ covers: 5, nearby: 1, nationwide: 1 });
  });

  it("counts a city page's bands as shown: the booked performer is in no count while hidden", async () => {
    const orlando = findGazetteerCity("FL", "Orlando")!;
    const place = (refinements: ListingRefinements) =>
      listPlaceProfiles(database.db, { latitude: orlando.latitude, longitude: orlando.longitude, based: { state: "FL", city: "Orlando" }, categories: [], refinements, page: 1 });
    const hidden = await place(dated());
    expect(hidden.counts).toMatchObject({ covers: 4, nearby: 1, nationwide: 1 });
    expect(hidden.hits.map((hit) => hit.profile.id)).not.toContain("pd-booked");
    expect(hidden.hiddenBooked).toBe("1 booked on Dec 12 is hidden");
    const shown = await place(dated(true));
    expect(shown.counts).toMatchObject({ covers: 5, nearby: 1, nationwide: 1 });
    expect(shown.hits.map((hit) => hit.profile.availability?.kind)).toEqual(["free", "free", "unknown", "unknown", "booked", "free", "free"]);
  });

  it("ranks words with a date too: free first among the matches, booked left out", async () => {
    const outcome = await search("fairy pirate squad", refine({ date: DAY }));
    const ids = outcome.hits.map((hit) => hit.profile.id);
    expect(ids).toEqual(expect.arrayContaining(["pd-free-old", "pd-free-new"]));
    expect(ids).not.toContain("pd-booked");
    for (const [i, hit] of outcome.hits.entries()) {
      // Never a free card after one that is not.
      if (hit.profile.availability?.kind === "free") expect(outcome.hits.slice(0, i).every((h) => h.profile.availability?.kind === "free")).toBe(true);
    }
  });

  it("reads the date forgivingly: a malformed, past or too distant date is dropped, never an error", () => {
    const now = new Date(`${YEAR - 1}-11-27T07:00:00Z`);
    const read = (query: string) => readRefinements(new URLSearchParams(query), now);
    expect(read(`date=${DAY}`)).toMatchObject({ date: DAY, showBooked: false });
    expect(read(`date=${DAY}&booked=show`)).toMatchObject({ date: DAY, showBooked: true });
    for (const bad of ["12/12/2026", `${YEAR}-13-01`, `${YEAR}-02-30`, "tomorrow", `${YEAR + 5}-12-12`, `${YEAR - 2}-12-12`, ""]) {
      expect(read(`date=${encodeURIComponent(bad)}&booked=show`)).toMatchObject({ date: null, showBooked: false });
    }
    // Judged by Hawaii's day, the last state to leave one: at 07:00 UTC it is still the 26th there.
    expect(read(`date=${YEAR - 1}-11-26`).date).toBe(`${YEAR - 1}-11-26`);
    expect(read(`date=${YEAR - 1}-11-25`).date).toBeNull();
    // Two years ahead is the furthest.
    expect(read(`date=${YEAR + 1}-11-26`).date).toBe(`${YEAR + 1}-11-26`);
    expect(read(`date=${YEAR + 1}-11-27`).date).toBeNull();
    // "Show booked" means nothing without a date.
    expect(read("booked=show").showBooked).toBe(false);
    expect(parseSearchInput(new URL(`http://x/search?q=fairy&date=not-a-day`)).refinements).toEqual(NO_REFINEMENTS);
  });

  it("keeps the date and 'show booked' in the listing's links, and carries the date into the profile's address", async () => {
    expect(browseHref({ state: "FL", refinements: dated(true), page: 2 })).toBe(`/browse/FL?date=${DAY}&booked=show&page=2`);
    expect(writeRefinements(new URLSearchParams(), refine({ date: DAY, sort: "price" })).toString()).toBe(`sort=price&date=${DAY}`);
    const listing = await florida(dated());
    const card = listing.profiles[0];
    expect(profileHref(card.id, card.availability)).toBe(`/profile/pd-nearby-free?date=${DAY}`);
    // The note's "Show them" is the same page with booked=show, from its first page.
    expect(hiddenBookedNote(listing.hiddenBooked, new URL(`http://x/search?q=fairy&date=${DAY}&page=2`))).toEqual({
      text: "1 booked on Dec 12 is hidden",
      href: `/search?q=fairy&date=${DAY}&booked=show`,
    });
    const plain = await florida(NO_REFINEMENTS);
    expect(profileHref(plain.profiles[0].id, plain.profiles[0].availability)).toBe("/profile/pd-nearby-free");
  });
});
