import { describe, expect, it } from "vitest";
import { CHARACTER_SUGGESTIONS } from "./character-suggestions";
import { charactersFromApplication, charactersRule, normalizeCharacters } from "./characters";
import { visibleCharacters } from "./format";
import { parseForm } from "./form";
import { defaultProfileValues, profileSchema, validateProfile } from "./profile-schema";

const BIO = "Friendly neighbourhood web-slinger for birthday parties, school events and conventions. Photos, games and a lot of high fives.";

function profileWith(characters: string[]) {
  return validateProfile({
    ...defaultProfileValues("stage@example.com"),
    displayName: "Web Wonder",
    bio: BIO,
    state: "FL",
    city: "Orlando",
    categories: ["Hero"],
    audience: "all",
    characters,
  });
}

describe("a performer's character list", () => {
  it("is trimmed, blank boxes dropped and the same name kept once whatever its case", () => {
    expect(normalizeCharacters(["  Ice   Queen ", "", "   ", "ice queen", "T. rex Ranger", "ICE QUEEN"])).toEqual(["Ice Queen", "T. rex Ranger"]);
  });

  it("splits a box holding several names separated by commas, semicolons or lines", () => {
    expect(normalizeCharacters(["Ice Queen, Mermaid Princess; Pirate Captain\nTooth Fairy", "Sea Witch"])).toEqual([
      "Ice Queen",
      "Mermaid Princess",
      "Pirate Captain",
      "Tooth Fairy",
      "Sea Witch",
    ]);
  });

  it("may be empty", () => {
    const result = profileWith([]);
    expect(result.ok && result.data.characters).toEqual([]);
  });

  it("takes up to 10 names of up to 40 letters", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `Character number ${i + 1}`);
    const result = profileWith([...ten, "x".repeat(40).replace(/^x/, "X")]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.characters).toBe("List up to 10 characters (you have 11)");
    const ok = profileWith(ten);
    expect(ok.ok && ok.data.characters).toEqual(ten);
    expect(profileWith(["A".repeat(40)]).ok).toBe(true);
  });

  it("says which name is too long, next to the field", () => {
    const result = profileWith(["Ice Queen", "Mermaid Princess who sings three songs and tells a story"]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.characters).toBe('Keep each character to 40 letters or fewer ("Mermaid Princess who sin..." is longer)');
    // Only this field complains: the others are fine.
    expect(!result.ok && Object.keys(result.errors)).toEqual(["characters"]);
  });

  it("reads every box of a posted form (one repeated key), as a page without JavaScript sends it", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ displayName: "Web Wonder", contactEmail: "a@example.com", bio: BIO, state: "FL", city: "Orlando" })) {
      form.append(key, value);
    }
    form.append("travelRadius", "local_only");
    form.append("categories", "Hero");
    form.append("audience", "kids");
    for (const box of ["Ice Queen", "", "Mermaid Princess, Sea Witch"]) form.append("characters", box);
    const result = parseForm(profileSchema, form);
    expect(result.values.characters).toEqual(["Ice Queen", "", "Mermaid Princess, Sea Witch"]);
    expect(result.ok && result.data.characters).toEqual(["Ice Queen", "Mermaid Princess", "Sea Witch"]);
  });

  it("shows the first three on a card and counts the rest", () => {
    expect(visibleCharacters(["A", "B", "C", "D", "E"])).toEqual({ shown: ["A", "B", "C"], hidden: 2 });
    expect(visibleCharacters(["A"])).toEqual({ shown: ["A"], hidden: 0 });
  });

  it("suggests only names the form accepts, without trademarked names", () => {
    expect(charactersRule.parse([...CHARACTER_SUGGESTIONS.slice(0, 10)])).toHaveLength(10);
    for (const name of CHARACTER_SUGGESTIONS) expect(name.length).toBeLessThanOrEqual(40);
    const all = CHARACTER_SUGGESTIONS.join(" ").toLowerCase();
    for (const trademark of ["elsa", "spider-man", "spiderman", "batman", "superman", "ariel", "pikachu", "disney", "marvel"]) {
      expect(all).not.toContain(trademark);
    }
  });
});

describe("characters from a free-listing application's answer", () => {
  it("splits prose on commas, 'and', '&', slashes and lines", () => {
    expect(charactersFromApplication("Fairy princess, mermaid and a woodland elf")).toEqual(["Fairy princess", "mermaid", "a woodland elf"]);
    expect(charactersFromApplication("Pirate captain & a swashbuckling deckhand")).toEqual(["Pirate captain", "a swashbuckling deckhand"]);
    expect(charactersFromApplication("Ice Queen / Snow Queen\n- T. rex Ranger\n2) Tooth Fairy.")).toEqual([
      "Ice Queen",
      "Snow Queen",
      "T. rex Ranger",
      "Tooth Fairy",
    ]);
    expect(charactersFromApplication("Ice Queen, Mermaid, and Pirate")).toEqual(["Ice Queen", "Mermaid", "Pirate"]);
  });

  it("keeps words that merely contain 'and' whole", () => {
    expect(charactersFromApplication("Sandman, Panda Mascot, Brandy the Bear")).toEqual(["Sandman", "Panda Mascot", "Brandy the Bear"]);
  });

  it("shortens an overlong phrase at a word, drops repeats and keeps ten at most", () => {
    expect(charactersFromApplication("an original anime-style heroine with a hand-sewn outfit and a foam staff")).toEqual([
      "an original anime-style heroine with a",
      "a foam staff",
    ]);
    const many = Array.from({ length: 14 }, (_, i) => `Hero ${i}`).join(", ");
    expect(charactersFromApplication(many)).toHaveLength(10);
    expect(charactersFromApplication("Ice Queen, ice queen, ICE QUEEN")).toEqual(["Ice Queen"]);
  });

  it("always gives a list the profile form accepts, and nothing for no answer", () => {
    for (const answer of ["x".repeat(300), "a,,,;;; and & / \n", "Ice Queen", "One, two, three, four, five, six, seven, eight, nine, ten, eleven"]) {
      expect(charactersRule.safeParse(charactersFromApplication(answer)).success, answer).toBe(true);
    }
    expect(charactersFromApplication(null)).toEqual([]);
    expect(charactersFromApplication("   ")).toEqual([]);
  });
});
