import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHARACTER_SUGGESTIONS } from "./character-suggestions";
import { SEARCH_DICTIONARY } from "./data/search-dictionary";
import { TRADEMARK_NAMES } from "./data/trademark-names";
import { findTrademarks, firstTrademark, replaceTrademark, trademarkSaveNote, trademarksInProfile } from "./trademark-names";
import { trademarkNamesSource } from "../../scripts/generate-trademark-names";

const names = (text: string) => findTrademarks(text).map((m) => m.name);
const typed = (text: string) => findTrademarks(text).map((m) => m.typed);

describe("trademarked names in what a performer types", () => {
  it("match whole words in any case", () => {
    expect(names("Elsa")).toEqual(["Elsa"]);
    expect(names("ELSA")).toEqual(["Elsa"]);
    expect(names("elsa")).toEqual(["Elsa"]);
    expect(names("Queen Elsa of Arendelle")).toEqual(["Elsa"]);
    expect(names("Batman and Robin")).toEqual(["Batman"]);
    expect(names("The Hulk")).toEqual(["Hulk"]);
  });

  it("match a plural or a possessive after the name", () => {
    expect(typed("Elsa's Winter Party")).toEqual(["Elsa"]);
    expect(typed("Elsa’s Winter Party")).toEqual(["Elsa"]);
    expect(typed("Two Elsas for hire")).toEqual(["Elsas"]);
    expect(typed("Minions")).toEqual(["Minions"]);
    expect(typed("a minion")).toEqual(["minion"]);
    expect(typed("Spider-Men")).toEqual(["Spider-Men"]);
    expect(typed("The Avengers' Captain")).toEqual(["Avengers"]);
  });

  it("match names of several words however they are spaced or hyphenated", () => {
    expect(names("Snow White")).toEqual(["Snow White"]);
    expect(names("snow   white")).toEqual(["Snow White"]);
    expect(names("Snow-White and the dwarfs")).toEqual(["Snow White"]);
    expect(names("Spider Man")).toEqual(["Spider-Man"]);
    expect(names("spider-man")).toEqual(["Spider-Man"]);
    expect(names("Spiderman")).toEqual(["Spider-Man"]);
    expect(names("Captain Jack Sparrow")).toEqual(["Jack Sparrow"]);
    expect(typed("Captain Jack Sparrow")).toEqual(["Captain Jack Sparrow"]);
    expect(names("Pokémon Trainer")).toEqual(["Pokémon"]);
    expect(names("Pokemon trainer")).toEqual(["Pokémon"]);
  });

  it("find each name where it is, several in one text", () => {
    const text = "Elsa, Batman and Ariel";
    const found = findTrademarks(text);
    expect(found.map((m) => m.name)).toEqual(["Elsa", "Batman", "Ariel"]);
    expect(found.map((m) => text.slice(m.start, m.end))).toEqual(["Elsa", "Batman", "Ariel"]);
    expect(names("Elsa Elsa")).toEqual(["Elsa", "Elsa"]);
  });

  it("do not fire inside other words or on everyday words", () => {
    expect(names("Bellevue Balloon")).toEqual([]);
    expect(names("Thorough Fun")).toEqual([]);
    expect(names("Elsabeth's Tea Party")).toEqual([]);
    expect(names("Batmobile Tours")).toEqual([]);
    expect(names("Marionette Magic")).toEqual([]);
    expect(names("Flashlight Tag")).toEqual([]);
    expect(names("Brave Knight")).toEqual([]);
    expect(names("Hook-Handed Pirate")).toEqual([]);
    expect(names("Frozen treats and a Snow Queen")).toEqual([]);
    expect(names("Plague Doctor")).toEqual([]);
    expect(names("Madrigal Singers")).toEqual([]);
    expect(names("Aurora Borealis Fairy")).toEqual([]);
    expect(names("Snow Whitening")).toEqual([]);
    expect(names("")).toEqual([]);
  });

  it("never fire on the editor's own suggestions or on the descriptions they offer", () => {
    for (const suggestion of CHARACTER_SUGGESTIONS) expect(names(suggestion), suggestion).toEqual([]);
    for (const entry of TRADEMARK_NAMES) for (const safe of entry.safe) expect(names(safe), `${entry.name}: ${safe}`).toEqual([]);
  });

  it("offer at least one description for every trademarked name", () => {
    for (const entry of TRADEMARK_NAMES) expect(entry.safe.length, entry.name).toBeGreaterThan(0);
    expect(firstTrademark("Elsa")?.safe[0]).toBe("Ice Queen");
    expect(firstTrademark("Cinderella")?.safe[0]).toBe("Glass Slipper Princess");
  });

  it("replace one match in place, keeping the rest as typed", () => {
    const text = "Elsa's Winter Parties";
    const match = firstTrademark(text)!;
    expect(replaceTrademark(text, match, "Ice Queen")).toBe("Ice Queen's Winter Parties");
  });

  it("name what a profile uses, once each, as written", () => {
    expect(trademarksInProfile("Elsa Entertainment", ["elsa", "Ice Queen", "Spidey"])).toEqual(["Elsa", "Spidey"]);
    expect(trademarksInProfile(null, [])).toEqual([]);
    expect(trademarksInProfile("Bellevue Balloon", ["Friendly T. rex"])).toEqual([]);
  });

  it("give a saved profile's note: the word as written and a description, or nothing", () => {
    expect(trademarkSaveNote("Frosty Fun", ["Pirate Captain", "elsa"])).toBe(
      "\u201celsa\u201d is a trademarked name: our listing guidelines ask you to describe the character instead, like \u201cIce Queen\u201d.",
    );
    expect(trademarkSaveNote("Batman Bob", [])).toContain("\u201cBatman\u201d is a trademarked name");
    expect(trademarkSaveNote("Bellevue Balloon", ["Ice Queen"])).toBeNull();
  });

  it("is the committed list derived from the search dictionary (regenerate with scripts/generate-trademark-names.ts)", () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, "data/trademark-names.ts"), "utf8");
    expect(committed).toBe(trademarkNamesSource());
    const trademarked = SEARCH_DICTIONARY.filter((e) => e.trademark).map((e) => e.label);
    expect(TRADEMARK_NAMES.map((n) => n.name)).toEqual(trademarked);
  });
});
