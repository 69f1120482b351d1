import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/constants";
import { SEARCH_DICTIONARY } from "~/lib/data/search-dictionary";
import { categorySuggestions, lookupPhrase } from "~/lib/search-dictionary";
import { closestMatchesMessage, expansionIncludes } from "~/lib/search-view";
import { phraseKey, tokens } from "~/lib/search-words";

// The curated dictionary's data, and the lookups that need no database.

describe("the search dictionary", () => {
  it("covers the characters parents ask for", () => {
    expect(SEARCH_DICTIONARY.length).toBeGreaterThanOrEqual(60);
    for (const word of ["princess", "superhero", "villain", "mermaid", "pirate", "dinosaur", "unicorn", "fairy", "santa", "easter bunny", "elf", "mascot", "anime", "astronaut", "clown"]) {
      expect(lookupPhrase(word), word).not.toBeNull();
    }
  });

  it("gives every name to one entry only, with valid categories and searchable descriptions", () => {
    const owner = new Map<string, string>();
    for (const entry of SEARCH_DICTIONARY) {
      for (const name of [entry.label, ...entry.variants]) {
        const key = phraseKey(name);
        expect(key, `${entry.label}: "${name}"`).not.toBe("");
        const previous = owner.get(key);
        if (previous && previous !== entry.label) throw new Error(`"${name}" names both ${previous} and ${entry.label}`);
        owner.set(key, entry.label);
      }
      for (const description of entry.descriptions) expect(tokens(description).length, description).toBeGreaterThan(0);
      for (const category of [...(entry.categories ?? []), ...(entry.relatedCategories ?? [])]) expect(CATEGORIES).toContain(category);
      for (const label of entry.relatedEntries ?? []) {
        expect(SEARCH_DICTIONARY.map((e) => e.label), `${entry.label} names a kindred entry`).toContain(label);
        expect(label, `${entry.label} is not its own kin`).not.toBe(entry.label);
      }
    }
  });

  it("reads spelling variants of a name alike", () => {
    for (const typed of ["Spider-Man", "spiderman", "spider man", "SPIDER-MAN", "spidey"]) {
      expect(lookupPhrase(typed)?.entries.map((e) => e.label), typed).toEqual(["Spider-Man"]);
    }
    expect(lookupPhrase("Beauty and the Beast")?.entries[0].label).toBe("Belle");
    expect(lookupPhrase("T. rex")?.entries[0].label).toBe("dinosaur");
  });

  it("finds an entry from a performer's description too, names first", () => {
    const iceQueen = lookupPhrase("ice queen");
    expect(iceQueen?.byName).toBe(false);
    expect(iceQueen?.entries.map((e) => e.label)).toContain("Elsa");
    expect(lookupPhrase("santa")?.byName).toBe(true);
    expect(lookupPhrase("santa")?.entries.map((e) => e.label)).toEqual(["Santa"]);
  });
});

describe("category did-you-mean", () => {
  it("offers the categories a word belongs to", () => {
    expect(categorySuggestions("Princess")).toEqual(["Fantasy"]);
    expect(categorySuggestions("superheroes")).toEqual(["Hero"]);
    expect(categorySuggestions("Spider-Man")).toEqual(["Hero"]);
    expect(categorySuggestions("hero")).toEqual(["Hero"]);
    expect(categorySuggestions("anime")).toEqual(["Anime/Manga"]);
    expect(categorySuggestions("mascot")).toEqual(["Mascot Style"]);
    expect(categorySuggestions("Darth Vader")).toEqual(["Villain", "Sci-Fi"]);
  });

  it("offers nothing for words it does not know", () => {
    expect(categorySuggestions("zzzqx")).toEqual([]);
    expect(categorySuggestions("the")).toEqual([]);
    expect(categorySuggestions("")).toEqual([]);
  });
});

describe("the page's sentences", () => {
  it("says when it shows the closest matches", () => {
    expect(closestMatchesMessage("princess orlando")).toBe('No performers match all of "princess orlando"; showing the closest.');
  });

  it("lists what else was searched for", () => {
    expect(expansionIncludes({ label: "Spider-Man", descriptions: ["web-slinging hero", "spider hero"], categories: ["Hero"] })).toBe(
      "Including: web-slinging hero, spider hero and the Hero category.",
    );
    expect(expansionIncludes({ label: "x", descriptions: [], categories: ["Villain", "Sci-Fi"] })).toBe("Including: the Villain and Sci-Fi categories.");
    expect(expansionIncludes({ label: "x", descriptions: [], categories: [] })).toBe("");
  });
});
