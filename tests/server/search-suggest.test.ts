import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUGGEST_MAX_QUERY, SUGGESTION_KINDS, type SuggestAnswer } from "~/lib/suggest-view";
import { loader } from "~/routes/search.suggest";
import { escapeLike } from "~/server/db/sql-values.server";
import { readSuggestQuery, suggest, SUGGEST_LIMIT } from "~/server/search/suggest.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// Suggestions as you type: the dictionary, the editor's character names, categories and places from
// the in-memory index, performers' names from the database (public ones only), grouped and limited.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await addPerformer(db, { id: "spindle", displayName: "Spindle the Spider Hero", city: "Orlando" });
  await addPerformer(db, { id: "spin", displayName: "Spin Cycle Clown", city: "Tampa" });
  await addPerformer(db, { id: "bolt", displayName: "Biscayne Bolt", city: "Miami" });
  await addPerformer(db, { id: "bolter", displayName: "Bolton Brass Band", city: "Miami" });
  await addPerformer(db, { id: "percent", displayName: "100% Hero", city: "Miami" });
  await addPerformer(db, { id: "percent-plain", displayName: "100 Percent Fun", city: "Miami" });
  await addPerformer(db, { id: "ab", displayName: "Abracadabra Andy", city: "Miami" });
  await addPerformer(db, { id: "quote", displayName: `Captain "Quotes" O'Hara`, city: "Miami" });
  await addPerformer(db, { id: "slash", displayName: "Back\\Slash Betty", city: "Miami" });
  // Not public, each for one reason: none may be suggested.
  await addPerformer(db, { id: "spi-inactive", displayName: "Spider Inactive", isActive: false });
  await addPerformer(db, { id: "spi-pending", displayName: "Spider Pending", paymentStatus: "pending", paymentExpiry: null });
  await addPerformer(db, { id: "spi-expired", displayName: "Spider Expired", paymentExpiry: "2001-01-01" });
  await addPerformer(db, { id: "spi-nameless", displayName: null });
  for (let i = 0; i < 6; i++) await addPerformer(db, { id: `sam-${i}`, displayName: `Sam Performer ${i}`, city: "Miami" });
});

afterAll(async () => {
  await database?.close();
});

const labels = (answer: SuggestAnswer, kind?: string) =>
  answer.suggestions.filter((s) => !kind || s.kind === kind).map((s) => s.label);

function expectGrouped(answer: SuggestAnswer) {
  const order = answer.suggestions.map((s) => SUGGESTION_KINDS.indexOf(s.kind));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(answer.suggestions.length).toBeLessThanOrEqual(SUGGEST_LIMIT);
  expect(new Set(answer.suggestions.map((s) => s.href)).size).toBe(answer.suggestions.length);
}

describe("suggest", () => {
  it("offers what people call a character first, leading to a search for that name", async () => {
    const answer = await suggest(database.db, "spid");
    expectGrouped(answer);
    expect(answer.suggestions[0]).toEqual({ kind: "character", label: "Spider-Man", href: "/search?q=Spider-Man" });
    // Performers' own words for it come next among the characters; the trademarked name never as a performer.
    expect(labels(answer, "character")).toContain("Spider Hero");
    expect(labels(answer, "performer")).toEqual(["Spindle the Spider Hero"]);
    expect(answer.suggestions.filter((s) => s.kind === "performer" && /spider-man/i.test(s.label))).toEqual([]);
  });

  it("shows a spelling variant as the name it spells, and a word inside a description", async () => {
    expect(labels(await suggest(database.db, "spiderm"), "character")[0]).toBe("Spider-Man");
    const slinging = await suggest(database.db, "slinging");
    expect(slinging.suggestions[0]).toEqual({ kind: "character", label: "Web-Slinging Hero", href: "/search?q=Web-Slinging+Hero" });
  });

  it("offers categories by their words and by the dictionary's meaning", async () => {
    const anime = await suggest(database.db, "anim");
    expect(anime.suggestions).toContainEqual({ kind: "category", label: "Anime/Manga", href: "/categories/Anime%2FManga" });
    const superhero = await suggest(database.db, "superh");
    expect(labels(superhero, "character")[0]).toBe("superhero");
    expect(superhero.suggestions).toContainEqual({ kind: "category", label: "Hero", href: "/categories/Hero" });
  });

  it("offers cities with their state and states, leading to the place's page", async () => {
    const orlando = await suggest(database.db, "orla");
    expect(orlando.suggestions).toContainEqual({ kind: "place", label: "Orlando, FL", href: "/browse/FL?city=Orlando" });
    const withState = await suggest(database.db, "orlando f");
    expect(labels(withState, "place")).toEqual(["Orlando, FL"]);
    const texas = await suggest(database.db, "  TEXA ");
    expect(texas.q).toBe("TEXA");
    expect(texas.suggestions[0]).toMatchObject({ kind: "place", label: "Texas", href: "/browse/TX" });
    const salt = await suggest(database.db, "salt lake");
    expect(salt.suggestions).toContainEqual({ kind: "place", label: "Salt Lake City, UT", href: "/browse/UT?city=Salt+Lake+City" });
  });

  it("finds public performers by the start of the name, then by a word in it, in name order", async () => {
    const bolt = await suggest(database.db, "bol");
    expect(bolt.suggestions.filter((s) => s.kind === "performer")).toEqual([
      { kind: "performer", label: "Bolton Brass Band", href: "/profile/bolter" },
      { kind: "performer", label: "Biscayne Bolt", href: "/profile/bolt" },
    ]);
    const sam = await suggest(database.db, "sam ");
    expect(labels(sam, "performer")).toEqual(["Sam Performer 0", "Sam Performer 1", "Sam Performer 2"]);
  });

  it("never suggests a performer who is not public", async () => {
    for (const q of ["spider", "spider in", "spider p", "spider e", "performer "]) {
      const answer = await suggest(database.db, q);
      expect(labels(answer, "performer").filter((name) => /Inactive|Pending|Expired|^Performer /.test(name))).toEqual([]);
    }
  });

  it("keeps to eight in all, each group taking turns", async () => {
    for (const q of ["sa", "pr", "sp", "ma", "co", "new", "her"]) {
      const answer = await suggest(database.db, q);
      expectGrouped(answer);
      expect(answer.suggestions.length).toBeLessThanOrEqual(8);
      const kinds = new Set(answer.suggestions.map((s) => s.kind));
      // A query that matches several groups shows each of them.
      if (q === "sa") expect(kinds).toEqual(new Set(["character", "place", "performer"]));
    }
    const sa = await suggest(database.db, "sa");
    expect(sa.suggestions).toHaveLength(8);
  });

  it("takes LIKE's wildcards, quotes, backslashes and emoji literally and harmlessly", async () => {
    expect(escapeLike(String.raw`50%_\x`)).toBe(String.raw`50\%\_\\x`);
    expect(labels(await suggest(database.db, "100%"), "performer")).toEqual(["100% Hero"]);
    expect(labels(await suggest(database.db, "a_"), "performer")).toEqual([]);
    expect(labels(await suggest(database.db, "%%"), "performer")).toEqual([]);
    expect(labels(await suggest(database.db, `captain "quo`), "performer")).toEqual([`Captain "Quotes" O'Hara`]);
    expect(labels(await suggest(database.db, "o'ha"), "performer")).toEqual([`Captain "Quotes" O'Hara`]);
    expect(labels(await suggest(database.db, "back\\s"), "performer")).toEqual(["Back\\Slash Betty"]);
    for (const q of ["%", "_", "\\", "'", '"', "';--", "🦸🦸", "🦸 spid", "\u0000x", "x".repeat(500), " ".repeat(500), ""]) {
      const answer = await suggest(database.db, q);
      expectGrouped(answer);
      expect(Array.from(answer.q).length).toBeLessThanOrEqual(SUGGEST_MAX_QUERY);
    }
    expect((await suggest(database.db, "%")).suggestions).toEqual([]);
    expect(labels(await suggest(database.db, "🦸 spid"), "character")[0]).toBe("Spider-Man");
    expect(readSuggestQuery(`  a\t\n b  ${"c".repeat(100)}`)).toBe(`a b ${"c".repeat(SUGGEST_MAX_QUERY - 4)}`);
  });
});

describe("/search/suggest", () => {
  async function get(q: string) {
    const request = new Request(`http://localhost/search/suggest?q=${encodeURIComponent(q)}`);
    const response = (await loader({ request, context: { db: database.db }, params: {} } as unknown as Parameters<typeof loader>[0])) as Response;
    return { response, body: (await response.json()) as SuggestAnswer };
  }

  it("answers JSON a CDN may keep for a short while", async () => {
    const { response, body } = await get("spid");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get("Vary")).toBeNull();
    expect(response.headers.get("Server-Timing")).toMatch(/^suggest;dur=/);
    expect(body.suggestions[0]).toEqual({ kind: "character", label: "Spider-Man", href: "/search?q=Spider-Man" });
  });

  it("reads a long or odd query without failing", async () => {
    const long = await get(`  ${"spider ".repeat(80)}`);
    expect(long.response.status).toBe(200);
    expect(long.body.q.length).toBeLessThanOrEqual(SUGGEST_MAX_QUERY);
    for (const q of ["%_%", "\\'\"", "😀😀😀"]) expect((await get(q)).response.status).toBe(200);
    const none = await get("");
    expect(none.body).toEqual({ q: "", suggestions: [] });
  });
});
