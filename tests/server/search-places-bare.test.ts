import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHARACTER_THEMES } from "~/lib/character-suggestions";
import { CATEGORIES } from "~/lib/constants";
import { SEARCH_DICTIONARY } from "~/lib/data/search-dictionary";
import { dictionaryWords } from "~/lib/search-dictionary";
import { profiles } from "~/server/db/schema";
import type { SearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { suggest, TOWN_NOTE } from "~/server/search/suggest.server";
import { understandQuery } from "~/server/search/understand.server";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Any US place name on its own is a place: a bare town ("stephenville"), several words ("boca
// raton"), a name several states share ("springfield", asked), never a word the search knows as
// something to look for ("mascot", "santa", "elsa"), and a town's words never a text match.

let database: TestDatabase;

const input = (q: string, extra: Partial<SearchInput> = {}): SearchInput => ({ q, state: null, city: null, category: null, page: 1, ...extra });
const understand = (q: string, extra: Partial<SearchInput> = {}) => understandQuery(database.db, input(q, extra));
const search = (q: string, extra: Partial<SearchInput> = {}) => searchProfiles(database.db, input(q, extra));
const idsOf = (outcome: Awaited<ReturnType<typeof search>>) => outcome.hits.map((h) => h.profile.id);

async function addPerformer(fixture: ProfileFixture & { characters?: string[] }) {
  const { characters, ...rest } = fixture;
  await insertProfile(database.db, rest);
  if (characters) {
    await database.db.update(profiles).set({ characters }).where(eq(profiles.id, fixture.id));
    await refreshSearchDocument(database.db, fixture.id);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  // About 65 miles from Stephenville, TX, with a 100-mile range: travels there.
  await addPerformer({
    id: "bare-fort-worth-hero",
    displayName: "Trinity River Defender",
    state: "TX",
    city: "Fort Worth",
    categories: ["Hero"],
    characters: ["Masked Night Hero", "Flying Caped Hero"],
    bio: "A caped superhero who leads training courses and photo sessions at birthday parties across North Texas.",
    travelRadius: "long_distance",
  });
  await addPerformer({
    id: "bare-fort-worth-princess",
    displayName: "Bluebonnet Royal Parties",
    state: "TX",
    city: "Fort Worth",
    categories: ["Fantasy"],
    characters: ["Ice Queen"],
    bio: "Royal tea parties with songs and crowns for every guest across North Texas.",
    travelRadius: "long_distance",
  });
  // Based in Santa Ana: neither the name, the characters nor the bio say "Santa".
  await addPerformer({
    id: "bare-santa-ana-magic",
    displayName: "Orange County Magic Hour",
    state: "CA",
    city: "Santa Ana",
    categories: ["Kids' Parties Only"],
    characters: ["Friendly Wizard"],
    bio: "Card tricks, disappearing coins and a rabbit in a hat for birthday parties and school fairs.",
    travelRadius: "medium_distance",
  });
  await addPerformer({
    id: "bare-santa",
    displayName: "Jolly Old Saint Visits",
    state: "CA",
    city: "Los Angeles",
    categories: ["Kids' Parties Only"],
    characters: ["Santa Claus"],
    bio: "Santa visits homes, schools and holiday parties with a sack of small gifts.",
    travelRadius: "medium_distance",
  });
  await addPerformer({
    id: "bare-springfield-il",
    displayName: "Prairie Clown Company",
    state: "IL",
    city: "Springfield",
    categories: ["Kids' Parties Only"],
    characters: ["Clown"],
    bio: "Balloon animals, juggling and giggles at birthday parties in central Illinois.",
    travelRadius: "short_distance",
  });
  await addPerformer({
    id: "bare-springfield-mo",
    displayName: "Ozark Giggle Clowns",
    state: "MO",
    city: "Springfield",
    categories: ["Kids' Parties Only"],
    characters: ["Clown"],
    bio: "Balloon animals, juggling and giggles at birthday parties in southwest Missouri.",
    travelRadius: "short_distance",
  });
  // Stella is also a small town's name: here it is a performer's stage name.
  await addPerformer({
    id: "bare-stella",
    displayName: "Stella Starlight",
    state: "FL",
    city: "Tampa",
    categories: ["Fantasy"],
    characters: ["Fairy Godmother"],
    bio: "Wands, wishes and glitter for fairy-tale birthday parties around Tampa Bay.",
    travelRadius: "short_distance",
  });
  // Seven profiles, and the ZIP table's towns indexed on first use: minutes on a loaded machine.
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe(`bare town names (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reads a town's name on its own as the town, one word or several", async () => {
    for (const [q, city, state] of [
      ["stephenville", "Stephenville", "TX"],
      ["kissimmee", "Kissimmee", "FL"],
      ["boca raton", "Boca Raton", "FL"],
      ["san antonio", "San Antonio", "TX"],
      ["santa ana", "Santa Ana", "CA"],
      ["palm beach gardens", "Palm Beach Gardens", "FL"],
    ]) {
      const understood = await understand(q);
      expect(understood.place, q).toMatchObject({ kind: "city", city, state });
      expect(understood.groups, q).toEqual([]);
      expect(understood.ambiguousPlace, q).toBeNull();
    }
  });

  it("finds who travels to a bare town, and never searches the town's name as text", async () => {
    const outcome = await search("stephenville");
    expect(outcome.place).toEqual({ kind: "city", city: "Stephenville", state: "TX" });
    expect(idsOf(outcome)).toEqual(expect.arrayContaining(["bare-fort-worth-hero", "bare-fort-worth-princess"]));
    const hero = outcome.hits.find((h) => h.profile.id === "bare-fort-worth-hero")!;
    expect(hero.distanceMiles).toBeGreaterThan(50);
    expect(hero.distanceMiles).toBeLessThan(100);

    const mixed = await search("superhero stephenville");
    expect(mixed.place).toEqual({ kind: "city", city: "Stephenville", state: "TX" });
    expect(mixed.expansions.map((e) => e.label)).toEqual(["superhero"]);
    expect(idsOf(mixed)[0]).toBe("bare-fort-worth-hero");
    expect(idsOf(mixed)).not.toContain("bare-fort-worth-princess");
    expect(mixed.closest).toBe(false);
  });

  it("keeps the rest of a mixed query as words, with the town wherever it stands", async () => {
    for (const q of ["stephenville superhero", "superhero near stephenville", "superhero stephenville tx", "caped hero in stephenville"]) {
      const understood = await understand(q);
      expect(understood.place, q).toMatchObject({ kind: "city", city: "Stephenville", state: "TX" });
      expect(understood.groups.flatMap((g) => g.words), q).not.toContain("stephenville");
    }
  });

  it("never reads a word the search knows (dictionary, characters, categories) as a town on its own", async () => {
    const words = new Set<string>(dictionaryWords());
    const phrases = new Set<string>();
    for (const entry of SEARCH_DICTIONARY) for (const text of [entry.label, ...entry.variants, ...entry.descriptions]) phrases.add(text);
    for (const names of Object.values(CHARACTER_THEMES)) for (const name of names) phrases.add(name);
    for (const category of CATEGORIES) phrases.add(category);
    const towns: string[] = [];
    for (const q of [...words, ...phrases]) {
      const { place } = await understand(q);
      // A state's name in a phrase ("Indiana Jones" is not, but "washington" alone is) may still be a state.
      if (place?.kind === "city") towns.push(`${q} → ${place.city}, ${place.state}`);
    }
    expect(towns).toEqual([]);
    expect(words.size).toBeGreaterThan(300);
  });

  it("leaves everyday words, characters and hamlets named like them as words, unless their state follows", async () => {
    for (const q of ["princess", "hero", "mascot", "batman", "santa", "elsa", "tarzan", "marshall", "clown happy", "princess castle", "party in park", "dinosaur"]) {
      expect((await understand(q)).place, q).toBeNull();
    }
    expect((await understand("mascot tn")).place).toMatchObject({ kind: "city", city: "Mascot", state: "TN" });
    expect((await understand("superhero elsa tx")).place).toMatchObject({ kind: "city", city: "Elsa", state: "TX" });
  });

  it("reads a region named like a town as its state, and a county as no town", async () => {
    expect((await understand("clown long island")).place).toEqual({ kind: "state", state: "NY", name: "New York" });
    expect((await understand("east texas princess")).place).toEqual({ kind: "state", state: "TX", name: "Texas" });
    expect((await understand("west texas")).place).toEqual({ kind: "state", state: "TX", name: "Texas" });
    expect((await understand("clown nassau county")).place).toBeNull();
    expect((await understand("clown suffolk county")).place).toBeNull();
  });

  it("reads a town named like a performer's stage name as the performer", async () => {
    const understood = await understand("stella");
    expect(understood.place).toBeNull();
    expect(idsOf(await search("stella"))).toEqual(["bare-stella"]);
    // A town nobody is known by stays a town.
    expect((await understand("luna")).place).toMatchObject({ kind: "city", city: "Luna" });
  });
});

describe(`a name several states share (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("searches the most populous and offers every state, most populous first", async () => {
    const outcome = await search("springfield");
    expect(outcome.place).toEqual({ kind: "city", city: "Springfield", state: "IL" });
    expect(idsOf(outcome)[0]).toBe("bare-springfield-il");
    const ambiguous = outcome.ambiguousPlace!;
    expect(ambiguous.name).toBe("Springfield");
    const states = ambiguous.choices.map((c) => c.state);
    // The three larger cities first (by ZIP codes, the stand-in for population), then the towns.
    expect(states.slice(0, 3)).toEqual(["IL", "MA", "MO"]);
    expect(states.length).toBeGreaterThan(10);
    expect(new Set(states).size).toBe(states.length);
    expect(ambiguous.choices[2]).toEqual({ city: "Springfield", state: "MO", q: "springfield MO" });
  });

  it("links each choice to the same search in that state, which asks nothing more", async () => {
    const understood = await understand("clown springfield");
    const missouri = understood.ambiguousPlace!.choices.find((c) => c.state === "MO")!;
    expect(missouri.q).toBe("clown springfield MO");
    const outcome = await search(missouri.q);
    expect(outcome.place).toEqual({ kind: "city", city: "Springfield", state: "MO" });
    expect(outcome.ambiguousPlace).toBeNull();
    expect(idsOf(outcome)[0]).toBe("bare-springfield-mo");
    // The town's position in the words is kept: the state goes right after it.
    expect((await understand("springfield clown")).ambiguousPlace!.choices.find((c) => c.state === "OH")!.q).toBe("springfield OH clown");
  });

  it("reads Manhattan as New York's borough first, and still offers Manhattan, Kansas", async () => {
    const understood = await understand("manhattan");
    expect(understood.place).toMatchObject({ kind: "city", city: "Manhattan", state: "NY" });
    expect(understood.ambiguousPlace!.choices.map((c) => c.state).slice(0, 2)).toEqual(["NY", "KS"]);
    expect((await understand("manhattan ks")).place).toMatchObject({ city: "Manhattan", state: "KS" });
  });

  it("takes the state filter's town of the name without asking", async () => {
    const understood = await understand("springfield", { state: "MO" });
    expect(understood.place).toMatchObject({ city: "Springfield", state: "MO" });
    expect(understood.ambiguousPlace).toBeNull();
    expect((await understand("paris", { state: "TX" })).place).toMatchObject({ city: "Paris", state: "TX" });
  });

  it("asks only when no town of the name clearly outweighs the others", async () => {
    for (const q of ["orlando", "stephenville", "hollywood", "boca raton"]) expect((await understand(q)).ambiguousPlace, q).toBeNull();
    for (const q of ["portland", "kansas city", "paris", "in troy", "in columbus"]) expect((await understand(q)).ambiguousPlace, q).not.toBeNull();
    expect((await understand("portland")).place).toMatchObject({ state: "OR" });
  });
});

describe(`place words are not text (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("does not find performers for 'santa' merely because they live in Santa Ana", async () => {
    const outcome = await search("santa");
    expect(outcome.place).toBeNull();
    expect(idsOf(outcome)).toEqual(["bare-santa"]);
    const [row] = await database.db.select({ text: profiles.searchText }).from(profiles).where(eq(profiles.id, "bare-santa-ana-magic"));
    expect(row.text).not.toMatch(/santa|ana|california/i);
    // Asked as a place, Santa Ana finds them.
    expect(idsOf(await search("magic santa ana"))).toContain("bare-santa-ana-magic");
  });

  it("still corrects a misspelt town a performer lives in", async () => {
    const understood = await understand("clown springfeild il");
    expect(understood.place).toMatchObject({ city: "Springfield", state: "IL" });
  });

  it("marks on each card the character that matched, or a piece of the bio", async () => {
    const hero = (await search("batman")).hits.find((h) => h.profile.id === "bare-fort-worth-hero");
    expect(hero?.match).toEqual({ kind: "character", character: "Masked Night Hero" });
    const bio = (await search("juggling")).hits.find((h) => h.profile.id === "bare-springfield-mo");
    expect(bio?.match?.kind).toBe("bio");
    expect(bio?.match?.kind === "bio" && bio.match.parts.filter((p) => p.marked).map((p) => p.text)).toEqual(["juggling"]);
  });
});

describe(`suggestions for towns (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("offers a town where no performer is based, leading to who travels there", async () => {
    const { suggestions } = await suggest(database.db, "stephenv");
    expect(suggestions).toContainEqual({ kind: "place", label: "Stephenville, TX", href: "/search?q=Stephenville+TX", note: TOWN_NOTE });
    const picked = await search("Stephenville TX");
    expect(picked.place).toEqual({ kind: "city", city: "Stephenville", state: "TX" });
    expect(picked.total).toBeGreaterThan(0);
  });

  it("offers the larger cities first, and a hamlet named like a word only with its state", async () => {
    const places = (await suggest(database.db, "springf")).suggestions.filter((s) => s.kind === "place");
    expect(places[0].href.startsWith("/browse/")).toBe(true);
    expect((await suggest(database.db, "mascot")).suggestions.some((s) => s.label === "Mascot, TN")).toBe(false);
    expect((await suggest(database.db, "mascot tn")).suggestions.some((s) => s.label === "Mascot, TN")).toBe(true);
  });
});
