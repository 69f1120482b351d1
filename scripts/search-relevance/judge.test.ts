import { describe, expect, it } from "vitest";
import { dcgAt, grade, haversineMiles, judge, ndcgAt, type JudgedQuery, type Performer, precisionAt, recallOnPage, topicGrade } from "./judge";
import { PLACES } from "./places";
import { TOPICS } from "./topics";

function performer(id: string, fields: Partial<Performer>): Performer {
  return {
    id,
    displayName: id,
    bio: "",
    characters: [],
    categories: [],
    city: "Orlando",
    state: "FL",
    stateName: "Florida",
    latitude: 28.5399,
    longitude: -81.3727,
    travelRadius: "local_only",
    audience: null,
    ...fields,
  };
}

describe("haversineMiles", () => {
  it("gives the great-circle distance between two airports", () => {
    // Los Angeles (LAX) to New York (JFK) is about 2,475 statute miles.
    const miles = haversineMiles({ latitude: 33.9425, longitude: -118.4081 }, { latitude: 40.6413, longitude: -73.7781 });
    expect(miles).toBeGreaterThan(2465);
    expect(miles).toBeLessThan(2485);
  });

  it("is zero at the same point and the same both ways", () => {
    const a = { latitude: 32.2214, longitude: -98.2224 };
    const b = { latitude: 32.425, longitude: -97.7742 };
    expect(haversineMiles(a, a)).toBe(0);
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 9);
  });
});

describe("nDCG@5 and precision@3", () => {
  it("computes DCG with linear gain and a log2 discount", () => {
    expect(dcgAt([3, 2, 0], 5)).toBeCloseTo(3 + 2 / Math.log2(3), 9);
  });

  it("divides by the best order of every grade available", () => {
    const ideal = 3 + 3 / Math.log2(3) + 2 / 2;
    expect(ndcgAt([3, 2, 0], [0, 2, 3, 3], 5)).toBeCloseTo((3 + 2 / Math.log2(3)) / ideal, 9);
    expect(ndcgAt([3, 3, 2], [2, 3, 3, 0], 5)).toBeCloseTo(1, 9);
    expect(ndcgAt([0, 0], [0, 0, 0], 5)).toBeNull();
  });

  it("only reads the first k", () => {
    expect(ndcgAt([0, 0, 0, 0, 0, 3], [3], 5)).toBe(0);
  });

  it("counts grade 2 and up as relevant, over min(k, relevant in the data)", () => {
    expect(precisionAt([3, 1, 2], 10, 3)).toBeCloseTo(2 / 3, 9);
    expect(precisionAt([3, 0, 0], 1, 3)).toBe(1);
    expect(precisionAt([1, 1], 0, 3)).toBeNull();
    expect(recallOnPage([2, 0, 3, 1], 3, 24)).toBeCloseTo(2 / 3, 9);
  });
});

describe("the grading rubric", () => {
  // Ocala is about 63 miles from Orlando; Metairie, LA about 540.
  const local = performer("local", { characters: ["Glass Slipper Princess"], travelRadius: "short_distance" });
  const outOfRange = performer("ocala", { characters: ["Ice Queen"], city: "Ocala", latitude: 29.1989, longitude: -82.0874, travelRadius: "medium_distance" });
  const nationwide = performer("metairie", {
    characters: ["Rose Princess"],
    city: "Metairie",
    state: "LA",
    stateName: "Louisiana",
    latitude: 29.9841,
    longitude: -90.1529,
    travelRadius: "nationwide",
  });
  const farLocal = performer("far", { characters: ["Rose Princess"], city: "Metairie", state: "LA", latitude: 29.9841, longitude: -90.1529 });
  const adultsByCategory = performer("adults-category", { characters: ["Ballgown Princess"], categories: ["18+ Events Only"] });
  const adultsByAudience = performer("adults-audience", { characters: ["Rose Princess"], audience: "adults" });
  const bioOnly = performer("bio", { characters: ["Pirate Captain"], bio: "I also do princess tea parties." });
  const santaAna = performer("santa-ana", {
    displayName: "Captain Coral",
    characters: ["Pirate Captain"],
    city: "Santa Ana",
    state: "CA",
    stateName: "California",
    bio: "Santa Ana's favourite pirate, all over California.",
    latitude: 33.7523,
    longitude: -117.8541,
  });
  const santa = performer("santa", { characters: ["Santa Claus"] });
  const mrsClaus = performer("mrs-claus", { characters: ["Mrs. Claus"] });

  const princessOrlando: JudgedQuery = { q: "princess orlando", kind: "mixed", topic: TOPICS.princess, place: PLACES.orlando };
  const santaQuery: JudgedQuery = { q: "santa", kind: "character", topic: TOPICS.santa };

  it("grades a place query by travel range, then nearness, then nationwide", () => {
    expect(grade(princessOrlando, local)).toBe(3);
    expect(grade(princessOrlando, outOfRange)).toBe(2);
    expect(grade(princessOrlando, nationwide)).toBe(1);
    expect(grade(princessOrlando, farLocal)).toBe(0);
  });

  it("gives adults-only acts 0 in a family search, by category or by audience", () => {
    expect(grade(princessOrlando, adultsByCategory)).toBe(0);
    expect(grade(princessOrlando, adultsByAudience)).toBe(0);
    const adultSearch: JudgedQuery = { q: "18+", kind: "adults", topic: TOPICS.adults, params: { audience: "adults" } };
    expect(grade(adultSearch, adultsByCategory)).toBe(3);
    expect(grade(adultSearch, adultsByAudience)).toBe(3);
    expect(grade(adultSearch, local)).toBe(0);
  });

  it("tells the character from its kind and from a bio mention", () => {
    expect(topicGrade(TOPICS.iceQueen, outOfRange)).toBe(3);
    expect(topicGrade(TOPICS.iceQueen, local)).toBe(2);
    expect(topicGrade(TOPICS.princess, bioOnly)).toBe(1);
    expect(topicGrade(TOPICS.batman, performer("hero", { categories: ["Hero"] }))).toBe(2);
  });

  it("does not read a home town as a character", () => {
    expect(grade(santaQuery, santaAna)).toBe(0);
    expect(grade(santaQuery, santa)).toBe(3);
    expect(grade(santaQuery, mrsClaus)).toBe(2);
  });

  it("flags adults-only acts on the page and far results above nearby ones", () => {
    const pool = new Map([local, outOfRange, nationwide, farLocal, adultsByCategory].map((p) => [p.id, p]));
    const judged = judge(princessOrlando, ["metairie", "adults-category", "local", "ocala"], pool, 24);
    expect(judged.grades).toEqual([1, 0, 3, 2]);
    expect(judged.adultsOnPage).toEqual(["adults-category"]);
    // Two matching performers are near Orlando, so the first two results should be them.
    expect(judged.nearAvailable).toBe(2);
    expect(judged.farInTopThree).toBe(1);
    expect(judged.p3).toBeCloseTo(1 / 2, 9);
    const best = judge(princessOrlando, ["local", "ocala", "metairie"], pool, 24);
    expect(best.farInTopThree).toBe(0);
    expect(best.ndcg5).toBeCloseTo(1, 9);
  });
});
