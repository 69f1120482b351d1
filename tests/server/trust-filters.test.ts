import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseHref, categoryHref, hasFilters } from "~/lib/directory-params";
import { NO_REFINEMENTS, parseRefinements, refinementCount, type ListingRefinements } from "~/lib/listing-refinements";
import { loader as browseLoader } from "~/routes/browse";
import { loader as categoryLoader } from "~/routes/category";
import { loader as searchLoader } from "~/routes/search";
import { profileSearch, trustDocuments, trustPeople } from "~/server/db/schema";
import { cardsForIds, getFeaturedProfiles, listPublicProfiles } from "~/server/directory/directory.server";
import { listPlaceProfiles } from "~/server/directory/place-listing.server";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { parseSearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { refreshTrustFigures } from "~/server/trust/figures.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// "Background check reviewed" and "Insured" (issue 28) on every listing and search: they find
// exactly the performers whose reviewed document holds today (a lapsed one is not found, with no
// job run; a group with one person unchecked is not "checked"), profile_search follows
// refreshTrustFigures, and the cards carry the mark.

let database: TestDatabase;
// The loaders judge with the real clock: valid documents run to 2099, lapsed ones ended in 2020.
const VALID = "2099-06-30";
const LAPSED = "2020-06-01";
const BEFORE_LAPSE = "2020-01-01";

// Montana: a state of their own, so the listings hold only these.
const STATE = "MT";
const CITY = "Billings";
let ids: Record<"checked" | "groupHalf" | "lapsedCheck" | "insured" | "lapsedInsurance" | "both" | "plain", string>;

async function person(profileId: string, fullName: string): Promise<string> {
  const [row] = await database.db.insert(trustPeople).values({ profileId, fullName }).returning({ id: trustPeople.id });
  return row!.id;
}

async function backgroundCheck(profileId: string, personId: string, fullName: string, validUntil: string | null) {
  await database.db.insert(trustDocuments).values({
    profileId,
    personId,
    personName: fullName,
    kind: "background_check",
    status: validUntil ? "approved" : "pending",
    provider: "Sterling",
    issuedOn: "2019-10-01",
    contentType: "application/pdf",
    byteSize: 1000,
    validUntil,
    decidedAt: validUntil ? new Date() : null,
  });
}

async function insurance(profileId: string, validUntil: string) {
  await database.db.insert(trustDocuments).values({
    profileId,
    kind: "insurance",
    status: "approved",
    provider: "Hiscox",
    expiresOn: validUntil,
    liabilityLimitDollars: 1_000_000,
    contentType: "application/pdf",
    byteSize: 1000,
    validUntil,
    decidedAt: new Date(),
  });
}

const copyOf = async (id: string) =>
  (await database.db.select({ checkedUntil: profileSearch.checkedUntil, insuredUntil: profileSearch.insuredUntil }).from(profileSearch).where(eq(profileSearch.id, id)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  const add = (name: string, minute: number, group = false) =>
    addPerformer(database.db, {
      displayName: name,
      state: STATE,
      city: CITY,
      categories: group ? ["Group/Crew Performer", "Hero"] : ["Hero"],
      createdAt: new Date(Date.UTC(2025, 5, 1, 0, minute)),
    });
  ids = {
    checked: await add("Checked Cowboy", 1),
    groupHalf: await add("Half Checked Crew", 2, true),
    lapsedCheck: await add("Lapsed Check Lasso", 3),
    insured: await add("Insured Ice Queen", 4),
    lapsedInsurance: await add("Lapsed Cover Captain", 5),
    both: await add("Both Badges Bandit", 6),
    plain: await add("Plain Prairie Pirate", 7),
  };
  const jane = await person(ids.checked, "Jane Doe");
  await backgroundCheck(ids.checked, jane, "Jane Doe", VALID);
  // A group: one person checked, the other's report still waiting.
  const sam = await person(ids.groupHalf, "Sam Roe");
  const kim = await person(ids.groupHalf, "Kim Poe");
  await backgroundCheck(ids.groupHalf, sam, "Sam Roe", VALID);
  await backgroundCheck(ids.groupHalf, kim, "Kim Poe", null);
  const lee = await person(ids.lapsedCheck, "Lee Moe");
  await backgroundCheck(ids.lapsedCheck, lee, "Lee Moe", LAPSED);
  await insurance(ids.insured, VALID);
  await insurance(ids.lapsedInsurance, LAPSED);
  const ada = await person(ids.both, "Ada Low");
  await backgroundCheck(ids.both, ada, "Ada Low", VALID);
  await insurance(ids.both, VALID);
  for (const id of Object.values(ids)) await refreshTrustFigures(database.db, id, BEFORE_LAPSE);
});

afterAll(async () => {
  await database?.close();
});

const refine = (partial: Partial<ListingRefinements>): ListingRefinements => ({ ...NO_REFINEMENTS, ...partial });
const sorted = (list: string[]) => [...list].sort();

function args(url: string, params: Record<string, string>) {
  const request = new Request(`http://localhost${url}`);
  return { request, params, context: { db: database.db }, url: new URL(request.url), pattern: "", unstable_pattern: "" } as never;
}

async function loaded(loading: Promise<unknown>): Promise<{ profiles: { id: string; trustMark?: string | null }[]; total: number }> {
  return ((await loading) as { data: { profiles: { id: string; trustMark?: string | null }[]; total: number } }).data;
}

async function redirectOf(loading: Promise<unknown>): Promise<string | null> {
  try {
    await loading;
  } catch (error) {
    if (error instanceof Response) return error.headers.get("Location");
    throw error;
  }
  throw new Error("expected a redirect");
}

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe(`the reviewed-document filters (${engine})`, () => {
  it("profile_search repeats the dates refreshTrustFigures keeps, lapsed ones too (no job clears them)", async () => {
    expect(await copyOf(ids.checked)).toEqual({ checkedUntil: VALID, insuredUntil: null });
    expect(await copyOf(ids.groupHalf)).toEqual({ checkedUntil: null, insuredUntil: null });
    expect(await copyOf(ids.lapsedCheck)).toEqual({ checkedUntil: LAPSED, insuredUntil: null });
    expect(await copyOf(ids.both)).toEqual({ checkedUntil: VALID, insuredUntil: VALID });
    expect(await copyOf(ids.plain)).toEqual({ checkedUntil: null, insuredUntil: null });
  });

  it("browse finds exactly the performers whose reviewed documents hold today", async () => {
    const listed = async (partial: Partial<ListingRefinements>) =>
      sorted((await listPublicProfiles(database.db, { state: STATE, city: null, categories: [], refinements: refine(partial) })).profiles.map((p) => p.id));
    expect(await listed({ checked: true })).toEqual(sorted([ids.checked, ids.both]));
    expect(await listed({ insured: true })).toEqual(sorted([ids.insured, ids.both]));
    expect(await listed({ checked: true, insured: true })).toEqual([ids.both]);
    expect(await listed({})).toHaveLength(7);
  });

  it("a city page, a category page and search apply them in every band and reading", async () => {
    const billings = findGazetteerCity(STATE, CITY)!;
    const place = await listPlaceProfiles(database.db, {
      latitude: billings.latitude,
      longitude: billings.longitude,
      based: { state: STATE, city: CITY },
      categories: ["Hero"],
      refinements: refine({ checked: true }),
      page: 1,
    });
    expect(sorted(place.hits.map((hit) => hit.profile.id))).toEqual(sorted([ids.checked, ids.both]));

    const category = await loaded(categoryLoader(args(`/categories/Hero?state=${STATE}&insured=yes`, { categoryName: "Hero" })));
    expect(sorted(category.profiles.map((p) => p.id))).toEqual(sorted([ids.insured, ids.both]));

    const search = async (query: string) =>
      sorted((await searchProfiles(database.db, parseSearchInput(new URL(`http://x/search?${query}`)))).hits.map((hit) => hit.profile.id));
    // Words, a ZIP code (distance bands) and the state filter alone.
    expect(await search("q=cowboy+bandit+crew+lasso&checked=yes")).toEqual(sorted([ids.checked, ids.both]));
    expect(await search("q=59101&insured=yes")).toEqual(sorted([ids.insured, ids.both]));
    expect(await search(`state=${STATE}&checked=yes&insured=yes`)).toEqual([ids.both]);

    // The page's loader: the filter applied, and its sentence about the place written for it.
    const page = (await searchLoader(args("/search?q=59101&checked=yes", {}))) as { data: { results: { placeText: string | null; hits: { profile: { id: string } }[] } } };
    expect(sorted(page.data.results.hits.map((hit) => hit.profile.id))).toEqual(sorted([ids.checked, ids.both]));
    expect(page.data.results.placeText).toBe("Performers who travel to 59101 (Billings, MT), nearest first.");
  });

  it("a group with one person unchecked is found once that person's check is approved, and not after it is withdrawn", async () => {
    const [kim] = await database.db.select({ id: trustPeople.id }).from(trustPeople).where(eq(trustPeople.fullName, "Kim Poe"));
    await database.db.transaction(async (tx) => {
      await tx.update(trustDocuments).set({ status: "approved", validUntil: VALID, decidedAt: new Date() }).where(eq(trustDocuments.personId, kim!.id));
      await refreshTrustFigures(tx, ids.groupHalf);
    });
    expect(await copyOf(ids.groupHalf)).toEqual({ checkedUntil: VALID, insuredUntil: null });
    const checked = async () => (await listPublicProfiles(database.db, { state: STATE, city: null, categories: [], refinements: refine({ checked: true }) })).profiles.map((p) => p.id);
    expect(await checked()).toContain(ids.groupHalf);

    await database.db.transaction(async (tx) => {
      await tx.delete(trustDocuments).where(eq(trustDocuments.personId, kim!.id));
      await refreshTrustFigures(tx, ids.groupHalf);
    });
    expect(await copyOf(ids.groupHalf)).toEqual({ checkedUntil: null, insuredUntil: null });
    expect(await checked()).not.toContain(ids.groupHalf);
  });

  it("cards carry the mark while a document holds, on every listing and on the home page", async () => {
    const cards = new Map((await cardsForIds(database.db, Object.values(ids))).map((card) => [card.id, card.trustMark]));
    expect(cards.get(ids.checked)).toBe("Background check reviewed");
    expect(cards.get(ids.insured)).toBe("Insured");
    expect(cards.get(ids.both)).toBe("Background check reviewed · Insured");
    for (const id of [ids.groupHalf, ids.lapsedCheck, ids.lapsedInsurance, ids.plain]) expect(cards.get(id)).toBeNull();
    // The day a document ends still counts; the day after does not.
    const onLastDay = await cardsForIds(database.db, [ids.lapsedCheck], LAPSED);
    expect(onLastDay[0]!.trustMark).toBe("Background check reviewed");
    const browse = await loaded(browseLoader(args(`/browse/${STATE}?checked=yes`, { stateAbbr: STATE })));
    expect(browse.profiles.map((p) => p.trustMark)).toEqual(["Background check reviewed · Insured", "Background check reviewed"]);
    const featured = (await getFeaturedProfiles(database.db, 100)).find((card) => card.id === ids.both);
    expect(featured?.trustMark).toBe("Background check reviewed · Insured");
  });

  it("live in the address: read, written back in canonical form, counted and cleared like the other filters", async () => {
    expect(parseRefinements(new URLSearchParams("checked=yes&insured=yes"))).toMatchObject({ checked: true, insured: true });
    // Anything but "yes" is no filter, never an error.
    expect(parseRefinements(new URLSearchParams("checked=on&insured=1"))).toMatchObject({ checked: false, insured: false });
    const refinements = refine({ budget: 150, checked: true, insured: true });
    expect(browseHref({ state: STATE, refinements })).toBe(`/browse/${STATE}?budget=150&checked=yes&insured=yes`);
    expect(categoryHref("Hero", { refinements: refine({ insured: true }) })).toBe("/categories/Hero?insured=yes");
    expect(refinementCount(refinements)).toBe(3);
    expect(hasFilters({ state: null, city: null, categories: [], refinements: refine({ checked: true }) })).toBe(true);
    // A plain form's empty fields are tidied away; the ticked boxes stay.
    expect(await redirectOf(browseLoader(args(`/browse?state=${STATE}&city=&budget=&checked=yes&insured=yes`, {})))).toBe(
      `/browse/${STATE}?checked=yes&insured=yes`,
    );
  });
});
