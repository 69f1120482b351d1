import { describe, expect, it } from "vitest";
import { AUDIENCES } from "./audience";
import {
  ADULT_THEMES_NEED_ADULTS,
  ADULTS_CATEGORY,
  audienceFlags,
  audienceProblems,
  audienceSavedMessage,
  BOTH_AUDIENCE_CATEGORIES,
  inferAudience,
  KIDS_CATEGORY,
  noCategoryLeftMessage,
  reconcileAudience,
} from "./audience-rules";
import { adultsCategoryFirst, cardBadges, isAdultsOnlyAct } from "./audience-view";
import { CATEGORIES } from "./constants";

describe("which categories and flags each answer allows", () => {
  it("allows Kids' Parties Only with kids only, 18+ Events Only with adults only, and every other category with any answer", () => {
    const others = CATEGORIES.filter((c) => c !== KIDS_CATEGORY && c !== ADULTS_CATEGORY);
    for (const audience of AUDIENCES) {
      expect(audienceProblems({ audience, categories: others, adultThemesOk: false })).toEqual({});
    }
    expect(audienceProblems({ audience: "kids", categories: ["Hero", KIDS_CATEGORY], adultThemesOk: false })).toEqual({});
    expect(audienceProblems({ audience: "adults", categories: ["Villain", ADULTS_CATEGORY], adultThemesOk: true })).toEqual({});

    expect(audienceProblems({ audience: "kids", categories: ["Hero", ADULTS_CATEGORY], adultThemesOk: false })).toEqual({
      categories: "18+ Events Only doesn't fit shows for kids and families. Untick it, or choose Adults only (18+).",
    });
    expect(audienceProblems({ audience: "all", categories: [ADULTS_CATEGORY], adultThemesOk: false })).toEqual({
      categories: "18+ Events Only doesn't fit shows for all ages. Untick it, or choose Adults only (18+).",
    });
    expect(audienceProblems({ audience: "adults", categories: [KIDS_CATEGORY], adultThemesOk: false })).toEqual({
      categories: "Kids' Parties Only doesn't fit adults-only shows. Untick it, or choose Kids and families.",
    });
    expect(audienceProblems({ audience: "all", categories: ["Fantasy", KIDS_CATEGORY], adultThemesOk: false })).toEqual({
      categories: "Kids' Parties Only doesn't fit shows for all ages. Untick it, or choose Kids and families.",
    });
  });

  it("never allows both audience categories, whatever the answer", () => {
    for (const audience of AUDIENCES) {
      expect(audienceProblems({ audience, categories: [KIDS_CATEGORY, ADULTS_CATEGORY], adultThemesOk: false }).categories).toBe(
        BOTH_AUDIENCE_CATEGORIES,
      );
    }
  });

  it("allows adult themes only for adults-only shows", () => {
    expect(audienceProblems({ audience: "kids", categories: ["Hero"], adultThemesOk: true })).toEqual({ adultThemesOk: ADULT_THEMES_NEED_ADULTS });
    expect(audienceProblems({ audience: "all", categories: ["Hero"], adultThemesOk: true })).toEqual({ adultThemesOk: ADULT_THEMES_NEED_ADULTS });
    expect(audienceProblems({ audience: "adults", categories: ["Hero"], adultThemesOk: true })).toEqual({});
  });

  it("sets family-friendly from the answer and keeps adult themes only for adults only", () => {
    expect(audienceFlags("kids", true)).toEqual({ familyFriendlyOnly: true, adultThemesOk: false });
    expect(audienceFlags("all", true)).toEqual({ familyFriendlyOnly: true, adultThemesOk: false });
    expect(audienceFlags("adults", false)).toEqual({ familyFriendlyOnly: false, adultThemesOk: false });
    expect(audienceFlags("adults", true)).toEqual({ familyFriendlyOnly: false, adultThemesOk: true });
  });
});

describe("an answer given on its own (the dashboard's question)", () => {
  it("takes off the categories it refuses and says which", () => {
    expect(reconcileAudience({ audience: "adults", categories: ["Villain", KIDS_CATEGORY, ADULTS_CATEGORY], adultThemesOk: true })).toEqual({
      categories: ["Villain", ADULTS_CATEGORY],
      removed: [KIDS_CATEGORY],
      flags: { familyFriendlyOnly: false, adultThemesOk: true },
    });
    expect(reconcileAudience({ audience: "all", categories: ["Fantasy", KIDS_CATEGORY, ADULTS_CATEGORY], adultThemesOk: true })).toEqual({
      categories: ["Fantasy"],
      removed: [KIDS_CATEGORY, ADULTS_CATEGORY],
      flags: { familyFriendlyOnly: true, adultThemesOk: false },
    });
    expect(reconcileAudience({ audience: "kids", categories: ["Hero"], adultThemesOk: false }).removed).toEqual([]);
  });

  it("words the refusal and the thanks for one category or two", () => {
    expect(noCategoryLeftMessage("all", [KIDS_CATEGORY])).toBe(
      "Your only category, Kids' Parties Only, doesn't fit shows for all ages. Choose categories that fit in Edit Profile, and answer there.",
    );
    expect(noCategoryLeftMessage("all", [KIDS_CATEGORY, ADULTS_CATEGORY])).toMatch(/^Your only categories, Kids' Parties Only and 18\+ Events Only, don't fit/);
    expect(audienceSavedMessage("kids", [])).toBe("Thanks! Your profile now says: Kids and families.");
    expect(audienceSavedMessage("adults", [KIDS_CATEGORY])).toBe(
      "Thanks! Your profile now says: Adults only (18+). Kids' Parties Only was taken off your categories, as it doesn't fit that answer.",
    );
  });
});

describe("reading an answer from a profile's older fields", () => {
  const none = { familyFriendlyOnly: false, adultThemesOk: false };
  it("answers only where the fields agree", () => {
    expect(inferAudience([ADULTS_CATEGORY, "Villain"], none)).toBe("adults");
    // The 18+ category wins over a family-friendly tick: the safe reading for a family search.
    expect(inferAudience([ADULTS_CATEGORY], { familyFriendlyOnly: true, adultThemesOk: false })).toBe("adults");
    expect(inferAudience([KIDS_CATEGORY], none)).toBe("kids");
    expect(inferAudience(["Hero"], { familyFriendlyOnly: true, adultThemesOk: false })).toBe("all");
  });

  it("leaves contradictory or silent profiles unknown", () => {
    expect(inferAudience([KIDS_CATEGORY, ADULTS_CATEGORY], none)).toBeNull();
    expect(inferAudience([KIDS_CATEGORY], { familyFriendlyOnly: true, adultThemesOk: true })).toBeNull();
    expect(inferAudience(["Hero"], none)).toBeNull();
    expect(inferAudience(["Hero"], { familyFriendlyOnly: true, adultThemesOk: true })).toBeNull();
    expect(inferAudience(["Hero"], { familyFriendlyOnly: false, adultThemesOk: true })).toBeNull();
    expect(inferAudience([], none)).toBeNull();
  });
});

describe("the adults-only badge on a card", () => {
  it("leads for an adults-only act, with the 18+ category it replaces left out of the foldable ones", () => {
    expect(cardBadges("adults", ["Hero", "Villain", "Cosplay", ADULTS_CATEGORY])).toEqual({
      adultsOnly: true,
      categories: ["Hero", "Villain", "Cosplay"],
    });
    // Not asked yet, but the 18+ category says it.
    expect(isAdultsOnlyAct(null, ["Hero", ADULTS_CATEGORY])).toBe(true);
    expect(isAdultsOnlyAct("adults", ["Hero"])).toBe(true);
    expect(cardBadges("all", ["Hero", KIDS_CATEGORY])).toEqual({ adultsOnly: false, categories: ["Hero", KIDS_CATEGORY] });
    expect(cardBadges(undefined, ["Hero"]).adultsOnly).toBe(false);
  });

  it("puts the 18+ category first in a list that folds the rest", () => {
    expect(adultsCategoryFirst(["Hero", "Villain", "Cosplay", ADULTS_CATEGORY])).toEqual([ADULTS_CATEGORY, "Hero", "Villain", "Cosplay"]);
    expect(adultsCategoryFirst(["Hero", "Villain"])).toEqual(["Hero", "Villain"]);
  });
});
