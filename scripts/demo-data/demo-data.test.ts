import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, isNotNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db";
import { BUSIEST_STATES, busiestStates, themeOf } from "./characters";
import { DEMO_ADMIN, DEMO_PERFORMER, DEMO_STATUSES, DEMO_TRADEMARK_CHARACTER, generateDemoData } from "./generate";
import { DatabaseNotEmptyError, seedDemo, type SeedSummary } from "./seed";
import { CHARACTER_SUGGESTIONS, PARTY_THEMES } from "~/lib/character-suggestions";
import { audienceProblems } from "~/lib/audience-rules";
import { charactersRule } from "~/lib/characters";
import { CATEGORIES, FREE_LISTING_SPOTS } from "~/lib/constants";
import { milesBetween } from "~/lib/geo";
import { citiesOf, US_STATES } from "~/lib/us-states";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import {
  calendarDays,
  profilePackages,
  contactMessages,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  profileCategories,
  profileImages,
  profiles,
  reviewRequests,
  trustDocuments,
  user,
  userRoles,
} from "~/server/db/schema";
import { freeSpotsRemaining } from "~/server/free-listing/listings.server";
import { loadInsights } from "~/server/insights/dashboard-insights.server";
import { addMonths } from "~/server/payments/grants.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { publicProfileCondition, todayIso } from "~/server/directory/visibility.server";
import { getPublicProfile } from "~/server/directory/directory.server";
import { askForReviews } from "~/server/reviews/questions.server";

const NOW = new Date("2025-06-01T12:00:00Z");

describe("the generated demo data set", () => {
  const data = generateDemoData({ now: NOW });

  it("has about 300 performers in every one of the 50 states, more in the big ones", () => {
    expect(data.performers).toHaveLength(300);
    const perState = new Map<string, number>();
    for (const p of data.performers) perState.set(p.profile.state, (perState.get(p.profile.state) ?? 0) + 1);
    expect(perState.size).toBe(50);
    for (const state of US_STATES) expect(perState.get(state.abbreviation) ?? 0).toBeGreaterThanOrEqual(2);
    expect(perState.get("CA")!).toBeGreaterThan(perState.get("WY")!);
    expect(new Set(data.performers.map((p) => `${p.profile.city}, ${p.profile.state}`)).size).toBeGreaterThan(150);
  });

  it("places every performer in a real city of their state, with its coordinates, some in towns near a larger city", () => {
    let inTowns = 0;
    for (const p of data.performers) {
      const city = findGazetteerCity(p.profile.state, p.profile.city);
      expect(city?.name, `${p.profile.city}, ${p.profile.state}`).toBe(p.profile.city);
      expect(p.profile.latitude).toBe(city!.latitude);
      expect(p.profile.longitude).toBe(city!.longitude);
      if (!city!.major) {
        inTowns++;
        const nearest = Math.min(...citiesOf(p.profile.state).map((c) => milesBetween(city!, { latitude: c.lat, longitude: c.lon })));
        expect(nearest).toBeLessThanOrEqual(25);
      }
    }
    expect(inTowns / data.performers.length).toBeGreaterThan(0.1);
    expect(inTowns / data.performers.length).toBeLessThan(0.3);
  });

  it("uses all 15 categories, 1 to 4 per performer, never kids-only and 18+ together", () => {
    const used = new Set(data.performers.flatMap((p) => p.categories));
    expect([...used].sort()).toEqual([...CATEGORIES].sort());
    for (const p of data.performers) {
      expect(p.categories.length).toBeGreaterThanOrEqual(1);
      expect(p.categories.length).toBeLessThanOrEqual(4);
      expect(new Set(p.categories).size).toBe(p.categories.length);
      expect(p.categories.includes("Kids' Parties Only") && p.categories.includes("18+ Events Only")).toBe(false);
    }
  });

  it("gives every performer one audience that agrees with their categories and flags: mostly kids or all ages, a few adults only", () => {
    for (const p of data.performers) {
      const { audience, adultThemesOk, familyFriendlyOnly } = p.profile;
      expect(audienceProblems({ audience, categories: p.categories, adultThemesOk }), p.profile.displayName).toEqual({});
      expect(familyFriendlyOnly).toBe(audience !== "adults");
      // Every adults-only act says so with the 18+ category, so its category page lists them all.
      expect(p.categories.includes("18+ Events Only")).toBe(audience === "adults");
    }
    const share = (audience: string) => data.performers.filter((p) => p.profile.audience === audience).length / data.performers.length;
    expect(share("kids") + share("all")).toBeGreaterThan(0.85);
    expect(share("kids")).toBeGreaterThan(0.2);
    expect(share("all")).toBeGreaterThan(0.2);
    expect(share("adults")).toBeGreaterThan(0);
    expect(data.performers.filter((p) => p.status === "listed" && p.profile.audience === "adults").length).toBeGreaterThanOrEqual(3);
  });

  it("writes bios of at least 100 characters that do not repeat", () => {
    for (const p of data.performers) expect(p.profile.bio.length).toBeGreaterThanOrEqual(100);
    expect(new Set(data.performers.map((p) => p.profile.bio)).size).toBe(300);
    // Openings vary too, not only the names inside them.
    const openings = new Set(data.performers.map((p) => p.profile.bio.replace(p.profile.displayName, "").slice(0, 12)));
    expect(openings.size).toBeGreaterThanOrEqual(6);
  });

  it("gives unique stage names and emails, example.com contacts and 1 to 4 pictures", () => {
    expect(new Set(data.performers.map((p) => p.profile.displayName.toLowerCase())).size).toBe(300);
    expect(new Set(data.performers.map((p) => p.user.email)).size).toBe(300);
    for (const p of data.performers.slice(1)) expect(p.profile.contactEmail).toMatch(/@example\.com$/);
    for (const p of data.performers) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(new Set(p.images).size).toBe(p.images.length);
      if (p.profile.priceMin !== null && p.profile.priceMax !== null) expect(p.profile.priceMax).toBeGreaterThanOrEqual(p.profile.priceMin);
    }
    const bothPrices = data.performers.filter((p) => p.profile.priceMin !== null && p.profile.priceMax !== null).length;
    expect(bothPrices).toBeGreaterThan(200);
    expect(data.performers.some((p) => p.profile.priceMin === null)).toBe(true);
    expect(data.performers.some((p) => p.profile.instagram !== null)).toBe(true);
  });

  it("mixes listed, unpaid, expired and deactivated profiles, about three quarters listed", () => {
    const byStatus = Object.fromEntries(DEMO_STATUSES.map((s) => [s, data.performers.filter((p) => p.status === s)]));
    for (const status of DEMO_STATUSES) expect(byStatus[status].length).toBeGreaterThan(0);
    expect(byStatus.listed.length).toBeGreaterThanOrEqual(200);
    const today = NOW.toISOString().slice(0, 10);
    for (const p of byStatus.listed) {
      expect(p.profile).toMatchObject({ isActive: true, paymentStatus: "paid" });
      expect(p.profile.paymentExpiry! > today).toBe(true);
    }
    for (const p of byStatus.pending) expect(p.profile).toMatchObject({ paymentStatus: "pending", paymentExpiry: null });
    for (const p of byStatus.expired) expect(p.profile.paymentExpiry! < today).toBe(true);
    for (const p of byStatus.deactivated) expect(p.profile).toMatchObject({ isActive: false, paymentStatus: "paid" });
  });

  it("gives the performer login a listed profile with three pictures and unread inquiries", () => {
    const login = data.performers.find((p) => p.user.email === DEMO_PERFORMER.email)!;
    expect(login.status).toBe("listed");
    expect(login.images).toHaveLength(3);
    const inbox = data.inquiries.filter((i) => i.profileId === login.profile.id);
    expect(inbox.filter((i) => !i.isRead).length).toBeGreaterThan(0);
    expect(data.freeListingRequests.map((r) => r.status)).toEqual(expect.arrayContaining(["pending", "approved", "rejected"]));
  });

  it("never approves more requests than the program has free spots, however large the demo", () => {
    const approved = (performers: number) =>
      generateDemoData({ now: NOW, performers }).freeListingRequests.filter((r) => r.status === "approved").length;
    expect(data.freeListingRequests.filter((r) => r.status === "approved").length).toBeGreaterThan(0);
    expect(approved(11_000)).toBe(FREE_LISTING_SPOTS);
  });

  it("has listed performers playing every party theme parents ask for, in many states", () => {
    const listed = data.performers.filter((p) => p.status === "listed");
    for (const theme of PARTY_THEMES) {
      const playing = listed.filter((p) => p.profile.characters.some((name) => themeOf(name) === theme));
      expect(new Set(playing.map((p) => p.profile.state)).size, theme).toBeGreaterThanOrEqual(8);
    }
    // And in each of the states with the most performers, where parents search by state ("pirate texas").
    const busiest = busiestStates(listed.map((p) => ({ archetype: p.archetype, state: p.profile.state, listed: true, adultsOnly: false, characters: p.profile.characters })));
    expect(busiest).toHaveLength(BUSIEST_STATES);
    for (const state of busiest) {
      for (const theme of PARTY_THEMES) {
        expect(
          listed.some((p) => p.profile.state === state && p.profile.characters.some((name) => themeOf(name) === theme)),
          `${theme} in ${state}`,
        ).toBe(true);
      }
    }
    // Nearly every state has someone for a children's party theme, not only the big ones.
    const states = new Set(listed.filter((p) => p.profile.characters.some((name) => themeOf(name))).map((p) => p.profile.state));
    expect(states.size).toBeGreaterThanOrEqual(45);
  });

  it("lists characters by trademark-safe names the editor suggests, each list valid for the profile form", () => {
    const withCharacters = data.performers.filter((p) => p.profile.characters.length > 0);
    expect(withCharacters.length).toBeGreaterThan(250);
    // One performer not yet listed names a trademark, for the admin's flag; nobody listed does.
    const flagged = data.performers.filter((p) => p.profile.characters.includes(DEMO_TRADEMARK_CHARACTER));
    expect(flagged.map((p) => p.status)).toEqual(["pending"]);
    for (const p of data.performers) {
      const own = p.profile.characters.filter((name) => name !== DEMO_TRADEMARK_CHARACTER || !flagged.includes(p));
      if (p.user.email !== DEMO_PERFORMER.email) for (const name of own) expect(CHARACTER_SUGGESTIONS).toContain(name);
      expect(charactersRule.parse(p.profile.characters)).toEqual(p.profile.characters);
    }
    const login = data.performers.find((p) => p.user.email === DEMO_PERFORMER.email)!;
    expect(login.profile.characters).toEqual(DEMO_PERFORMER.characters);
    // The names parents would type for a trademarked character never appear elsewhere.
    const everything = data.performers
      .filter((p) => !flagged.includes(p))
      .flatMap((p) => p.profile.characters)
      .join(" ")
      .toLowerCase();
    for (const trademark of ["elsa", "spider-man", "spiderman", "ariel", "batman", "pikachu", "mario", "disney", "marvel"]) {
      expect(everything).not.toContain(trademark);
    }
  });

  it("gives small demo sets party themes too", () => {
    const small = generateDemoData({ now: NOW, performers: 60 });
    const listed = small.performers.filter((p) => p.status === "listed");
    for (const theme of PARTY_THEMES) {
      expect(listed.some((p) => p.profile.characters.some((name) => themeOf(name) === theme)), theme).toBe(true);
    }
  });

  it("is the same every time for the same seed", () => {
    expect(JSON.stringify(generateDemoData({ now: NOW }))).toBe(JSON.stringify(data));
    expect(generateDemoData({ now: NOW, seed: 7 }).performers[1].profile.displayName).not.toBe(data.performers[1].profile.displayName);
  });
});

describe("seeding the demo data into a database", () => {
  let database: TestDatabase;

  /** Approved requests each hold one free year, counted by the program: the spots left are true. */
  async function expectProgramConsistent() {
    const db = database.db;
    const approved = await db.select().from(freeListingRequests).where(eq(freeListingRequests.status, "approved"));
    expect(approved.length).toBeGreaterThan(0);
    const grants = await db.select().from(freeListingGrants);
    expect(grants).toHaveLength(approved.length);
    for (const request of approved) {
      const grant = grants.find((g) => g.sourceRequestId === request.id);
      expect(grant, request.email).toBeDefined();
      const startsOn = todayIso(request.reviewedAt!);
      expect(grant).toMatchObject({ email: request.email.toLowerCase(), startsOn, endsOn: addMonths(startsOn, 12), revokedAt: null });
      expect(grant!.grantedBy).toBe(request.reviewedBy);
    }
    const [program] = await db.select().from(freeListingProgram);
    expect(program.grantsIssued).toBe(approved.length);
    expect(await freeSpotsRemaining(db)).toBe(FREE_LISTING_SPOTS - approved.length);
  }

  let mediaDir: string;
  let summary: SeedSummary;
  const options = { performers: 40, portraits: 8, now: NOW };

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-demo-seed-"));
    summary = await seedDemo(database.db, createLocalStorage(mediaDir), options);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it("creates the accounts, profiles, categories, pictures, inquiries and applications", async () => {
    const db = database.db;
    const total = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
    expect(await total(user)).toBe(41);
    expect(await total(profiles)).toBe(40);
    expect(await total(profileImages)).toBe(summary.images);
    expect(await total(contactMessages)).toBe(summary.inquiries);
    expect(await total(freeListingRequests)).toBe(summary.freeListingRequests);
    expect(await total(profileCategories)).toBeGreaterThanOrEqual(40);
    const admins = await db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("gives the performer login's dashboard weeks of insights, its inquiries counted on their days", async () => {
    const [login] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_PERFORMER.email));
    const insights = await loadInsights(database.db, login.id);
    expect(insights.weeks.filter((week) => week.views > 0 && week.appearances > 0).length).toBeGreaterThanOrEqual(10);
    const [{ n }] = await database.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.profileId, login.id));
    expect(insights.totals.inquiries).toBe(n);
    const unopened = await database.db
      .select({ n: count() })
      .from(contactMessages)
      .where(sql`is_read <> (first_read_at is not null)`);
    expect(unopened[0].n).toBe(0);
  });

  it("gives many performers past parties with verified reviews, and the login a party the demo clock will ask about", async () => {
    expect(summary.pastParties).toBeGreaterThanOrEqual(10);
    expect(summary.reviews).toBeGreaterThan(0);
    expect(summary.reviews).toBeLessThanOrEqual(summary.pastParties);
    const [login] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_PERFORMER.email));
    const profile = await getPublicProfile(database.db, login.id, NOW.toISOString().slice(0, 10));
    expect(profile?.reviewFigures?.confirmedParties).toBe(6);
    expect(profile?.reviewFigures?.count).toBeGreaterThan(0);
    expect(profile?.reviewFigures?.noShows).toBe(0);
    // Today's party is not asked about yet; a day later its parent is asked, once.
    await askForReviews({ db: database.db, config: { publicUrl: "http://localhost:3000", siteName: "CostumeCast" } }, NOW);
    expect(await database.db.select().from(reviewRequests).where(eq(reviewRequests.parentEmail, "maya.thompson@example.org"))).toHaveLength(0);
    await askForReviews({ db: database.db, config: { publicUrl: "http://localhost:3000", siteName: "CostumeCast" } }, new Date(NOW.getTime() + 86_400_000));
    const asked = await database.db.select().from(reviewRequests).where(eq(reviewRequests.parentEmail, "maya.thompson@example.org"));
    expect(asked).toHaveLength(1);
    expect(asked[0].profileId).toBe(login.id);
  });

  it("lists exactly the profiles meant to be public", async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(profiles).where(publicProfileCondition(NOW.toISOString().slice(0, 10)));
    expect(n).toBe(summary.byStatus.listed);
  });

  it("stores every picture's renditions where its URL points", async () => {
    const images = await database.db.select().from(profileImages);
    for (const image of images) {
      expect(image.variants.length).toBeGreaterThan(0);
      expect(image.blurDataUrl).toMatch(/^data:image\/webp;base64,/);
      for (const variant of image.variants) {
        expect(variant.key.startsWith(`${image.profileId}/`)).toBe(true);
        expect(fs.existsSync(path.join(mediaDir, variant.key))).toBe(true);
      }
    }
    const byProfile = new Map<string, number[]>();
    for (const image of images) byProfile.set(image.profileId, [...(byProfile.get(image.profileId) ?? []), image.position]);
    for (const positions of byProfile.values()) {
      expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i));
    }
  });

  it("gives every approved application its free year and counts it, so the spots left are true", async () => {
    await expectProgramConsistent();
  });

  it("fills the search document of every profile", async () => {
    const rows = await database.db
      .select({ text: profiles.searchText, name: profiles.displayName, characters: profiles.characters })
      .from(profiles);
    for (const row of rows) {
      expect(row.text).toContain(row.name!);
      for (const name of row.characters) expect(row.text).toContain(name);
    }
    expect(rows.some((row) => row.characters.length > 0)).toBe(true);
  });

  it("makes the demo's performers findable by the characters they play", async () => {
    const generated = generateDemoData(options);
    const wanted = generated.performers.filter((p) => p.status === "listed" && p.profile.characters.length > 0).at(-1)!;
    const character = wanted.profile.characters[0];
    // The stored full-text vector the search page matches against (its ranking is tested in tests/server).
    const rows = await database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`${profiles.searchVector} @@ plainto_tsquery('english', ${character})`);
    expect(rows.map((row) => row.id)).toContain(wanted.profile.id);
  });

  it("gives most listed performers booked days in the 60 days after the day it was seeded", async () => {
    const db = database.db;
    const rows = await db
      .select({ profileId: calendarDays.profileId, day: calendarDays.day, kind: calendarDays.kind, paid: sql<boolean>`${profiles.paymentStatus} = 'paid'` })
      .from(calendarDays)
      .innerJoin(profiles, eq(profiles.id, calendarDays.profileId));
    const listed = generateDemoData(options).performers.filter((p) => p.status === "listed").length;
    const keepers = new Set(rows.filter((r) => r.kind === "booked").map((r) => r.profileId));
    expect(keepers.size).toBeGreaterThan(listed / 2);
    const first = todayIso(new Date(NOW.getTime() - 86_400_000));
    const last = todayIso(new Date(NOW.getTime() + 60 * 86_400_000));
    for (const row of rows) {
      expect(row.paid).toBe(true);
      expect(row.day >= first && row.day <= last, row.day).toBe(true);
    }
    const weekend = rows.filter((r) => r.kind === "booked" && [0, 6].includes(new Date(`${r.day}T00:00:00Z`).getUTCDay())).length;
    expect(weekend).toBeGreaterThan(rows.filter((r) => r.kind === "booked").length / 2);
  });

  it("gives most performers one to three packages and a travel-fee rule, each valid for the editor", async () => {
    const db = database.db;
    const packages = await db.select().from(profilePackages);
    const perProfile = new Map<string, number>();
    for (const row of packages) perProfile.set(row.profileId, (perProfile.get(row.profileId) ?? 0) + 1);
    expect(perProfile.size).toBeGreaterThan(options.performers / 2);
    for (const n of perProfile.values()) expect(n >= 1 && n <= 3).toBe(true);
    for (const row of packages) expect(row.price >= 1 && row.minutes >= 10 && row.name.length > 0).toBe(true);
    const rules = await db.select({ kind: profiles.travelFeeKind }).from(profiles);
    expect(rules.filter((r) => r.kind !== "none").length).toBeGreaterThan(rules.length / 3);
  });

  it("lets both printed logins sign in with their passwords", async () => {
    const auth = createAuth(database.db, loadConfig({}));
    for (const login of [DEMO_ADMIN, DEMO_PERFORMER]) {
      const result = await auth.api.signInEmail({ body: { email: login.email, password: login.password } });
      expect(result.user.email).toBe(login.email);
    }
    await expect(auth.api.signInEmail({ body: { email: DEMO_ADMIN.email, password: DEMO_PERFORMER.password } })).rejects.toThrow();
  });

  it("refuses to seed a database that has accounts, and replaces its own data with --force", async () => {
    await expect(seedDemo(database.db, createLocalStorage(mediaDir), options)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await seedDemo(database.db, createLocalStorage(mediaDir), { ...options, force: true });
    const [{ n }] = await database.db.select({ n: count() }).from(profiles);
    expect(n).toBe(40);
    // The replaced profiles' picture and trust document files are gone too: only the new rows' files remain.
    const images = await database.db.select({ variants: profileImages.variants }).from(profileImages);
    const documents = await database.db.select({ key: trustDocuments.storageKey }).from(trustDocuments).where(isNotNull(trustDocuments.storageKey));
    const files = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files).toHaveLength(images.reduce((sum, image) => sum + image.variants.length, 0) + documents.length);
    // The replaced applications' grants are gone and the counter counts the new ones only once.
    await expectProgramConsistent();
  }, 180_000);
});
