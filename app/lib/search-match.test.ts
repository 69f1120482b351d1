import { describe, expect, it } from "vitest";
import { charactersMatchFirst, findSearchMatch, SNIPPET_LENGTH, type MatchPart, type SearchedTerm } from "./search-match";

// Why a card matched: the character first and highlighted, else a short bio snippet.

const typed = (text: string, group = 0): SearchedTerm => ({ words: text.split(" "), typed: true, group });
const expanded = (text: string, group = 0): SearchedTerm => ({ words: text.split(" "), typed: false, group });
const markedOf = (parts: MatchPart[]) => parts.filter((p) => p.marked).map((p) => p.text);
const textOf = (parts: MatchPart[]) => parts.map((p) => p.text).join("");

describe("findSearchMatch", () => {
  it("picks the character matching an expansion of the typed name", () => {
    const card = { characters: ["Long-Haired Tower Princess", "Masked Night Hero", "Spider Hero"], bio: "Batman parties." };
    const terms = [typed("batman"), expanded("masked night hero"), expanded("dark knight")];
    expect(findSearchMatch(card, terms)).toEqual({ kind: "character", character: "Masked Night Hero" });
  });

  it("prefers a character with the visitor's own word over one matching only an expansion", () => {
    const card = { characters: ["Ice Queen", "Snow Princess"], bio: null };
    const terms = [typed("princess"), expanded("ice queen")];
    expect(findSearchMatch(card, terms)).toEqual({ kind: "character", character: "Snow Princess" });
  });

  it("prefers the character matching more parts of the query", () => {
    const card = { characters: ["Pirate Captain", "Mermaid Pirate Queen"], bio: null };
    const terms = [typed("pirate", 0), typed("mermaid", 1)];
    expect(findSearchMatch(card, terms)).toEqual({ kind: "character", character: "Mermaid Pirate Queen" });
  });

  it("matches plurals, the start of a typed word, and phrases word by word only", () => {
    expect(findSearchMatch({ characters: ["Princesses of the Snow"], bio: null }, [typed("princess")])).toMatchObject({ kind: "character" });
    expect(findSearchMatch({ characters: ["Superheroes Squad"], bio: null }, [typed("superhero")])).toMatchObject({ kind: "character" });
    expect(findSearchMatch({ characters: ["Princess Bubblegum"], bio: null }, [typed("prin")])).toMatchObject({ kind: "character" });
    // An expansion is a whole word: "queen" does not find "Queensland".
    expect(findSearchMatch({ characters: ["Queensland Explorer"], bio: null }, [expanded("queen")])).toBeNull();
    // A phrase needs its words together and in order.
    expect(findSearchMatch({ characters: ["Queen of Ice"], bio: null }, [expanded("ice queen")])).toBeNull();
    expect(findSearchMatch({ characters: ["The Ice-Queen"], bio: null }, [expanded("ice queen")])).toMatchObject({ kind: "character" });
  });

  it("otherwise shows a snippet of the bio around the match, the match marked", () => {
    const bio =
      "We have been making birthdays sparkle across the county for ten years with songs, games and crafts, and our favourite guest is a swashbuckling pirate who teaches every child to read a treasure map before the cake comes out.";
    const match = findSearchMatch({ characters: ["Fairy Godmother"], bio }, [typed("pirate")]);
    expect(match?.kind).toBe("bio");
    if (match?.kind !== "bio") return;
    expect(markedOf(match.parts)).toEqual(["pirate"]);
    const text = textOf(match.parts);
    expect(text.startsWith("…")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
    // About SNIPPET_LENGTH characters, cut between words, the match near the start.
    expect(text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(text.length).toBeGreaterThan(SNIPPET_LENGTH / 2);
    expect(text.indexOf("pirate")).toBeLessThan(45);
    expect(bio.includes(text.slice(1, -1))).toBe(true);
  });

  it("shows a short bio whole, every match marked, the visitor's word leading", () => {
    const bio = "Mermaid shows with a real tail: the little mermaid sings and swims.";
    const match = findSearchMatch({ characters: [], bio }, [expanded("little mermaid"), typed("mermaid")]);
    expect(match).toEqual({
      kind: "bio",
      parts: [
        { text: "Mermaid", marked: true },
        { text: " shows with a real tail: the ", marked: false },
        { text: "little mermaid", marked: true },
        { text: " sings and swims.", marked: false },
      ],
    });
  });

  it("answers null when only a category or the stage name matched", () => {
    expect(findSearchMatch({ characters: ["Clown"], bio: "Balloons and giggles." }, [typed("superhero"), expanded("caped hero")])).toBeNull();
    expect(findSearchMatch({ characters: ["Clown"], bio: null }, [])).toBeNull();
  });
});

describe("charactersMatchFirst", () => {
  it("puts the matching character first and keeps the rest in order", () => {
    const characters = ["Ice Queen", "Snow Princess", "Masked Night Hero", "Spider Hero"];
    expect(charactersMatchFirst(characters, { kind: "character", character: "Masked Night Hero" })).toEqual([
      "Masked Night Hero",
      "Ice Queen",
      "Snow Princess",
      "Spider Hero",
    ]);
    expect(charactersMatchFirst(characters, null)).toEqual(characters);
    expect(charactersMatchFirst(characters, { kind: "bio", parts: [] })).toEqual(characters);
  });
});
