import { describe, expect, it } from "vitest";
import { CITY_SUGGESTION_LIMIT, cityKey, LESSER_CITY, matchCities, type StateCitiesAnswer } from "~/lib/city-names";
import { US_STATES } from "~/lib/us-states";
import { loader } from "~/routes/places.cities";
import {
  closestGazetteerCities,
  findGazetteerCity,
  gazetteerCitiesOf,
  statesWithGazetteerCity,
  suggestGazetteerCities,
} from "~/server/places/gazetteer.server";

// Every city of every state from the offline ZIP table, as the profile editor offers and accepts
// them, and the endpoint the editor's city box reads.

const names = (cities: readonly { name: string }[]) => cities.map((city) => city.name);

describe("the gazetteer", () => {
  it("knows the small towns the state data leaves out, with their coordinates", () => {
    const kissimmee = findGazetteerCity("FL", "Kissimmee");
    expect(kissimmee).toMatchObject({ name: "Kissimmee", state: "FL", major: false });
    // Kissimmee lies some 30 km south of Orlando.
    expect(kissimmee!.latitude).toBeGreaterThan(28.1);
    expect(kissimmee!.latitude).toBeLessThan(28.45);
    expect(kissimmee!.longitude).toBeGreaterThan(-81.6);
    expect(kissimmee!.longitude).toBeLessThan(-81.2);
    expect(findGazetteerCity("TX", "Kissimmee")).toBeUndefined();
    expect(gazetteerCitiesOf("TX").length).toBeGreaterThan(1000);
  });

  it("treats case, punctuation and the usual abbreviations as the same name", () => {
    const stPete = findGazetteerCity("FL", "St. Petersburg");
    expect(stPete?.name).toBe("St. Petersburg");
    for (const spelling of ["Saint Petersburg", "st petersburg", "ST. PETERSBURG", "  saint   petersburg "]) {
      expect(findGazetteerCity("fl", spelling), spelling).toBe(stPete);
    }
    expect(findGazetteerCity("FL", "kissimmee")?.name).toBe("Kissimmee");
    expect(cityKey("Ft. Lauderdale")).toBe(cityKey("Fort Lauderdale"));
  });

  it("keeps the state data's name and coordinates for its larger cities", () => {
    const nyc = US_STATES.find((state) => state.abbreviation === "NY")!.cities.find((city) => city.name === "New York City")!;
    for (const spelling of ["New York", "new york city"]) {
      expect(findGazetteerCity("NY", spelling), spelling).toMatchObject({
        name: "New York City",
        major: true,
        latitude: nyc.lat,
        longitude: nyc.lon,
      });
    }
  });

  it("leaves out the company and post-office names of the ZIP table", () => {
    for (const odd of ["Shell Oil Box 150", "At&t", "Pacific Gas & Electric"]) {
      for (const state of ["OK", "OR", "CA"]) expect(findGazetteerCity(state, odd), `${odd}, ${state}`).toBeUndefined();
    }
    expect(names(suggestGazetteerCities("OK", "shell oil"))).toEqual([]);
    for (const [state, company] of [
      ["CA", "Wells Fargo Bank"],
      ["CA", "Lockheed Corp"],
      ["TN", "Tn Dept Of Human Svc"],
      ["CT", "Brm"],
      ["NY", "Bank Of New York"],
      ["AZ", "Census Bureau"],
    ]) {
      expect(findGazetteerCity(state, company), company).toBeUndefined();
    }
    // Towns whose names sound like those stay.
    for (const [state, town] of [
      ["IL", "Bureau"],
      ["TX", "Telephone"],
      ["NJ", "Red Bank"],
      ["OR", "Banks"],
      ["WA", "Federal Way"],
      ["CO", "Center"],
    ]) {
      expect(findGazetteerCity(state, town)?.name, town).toBe(town);
    }
  });

  it("suggests names starting with what was typed, then names with a word starting with it, larger cities first", () => {
    const typedOr = names(suggestGazetteerCities("FL", "or", 20));
    expect(typedOr[0]).toBe("Orlando");
    expect(typedOr).toContain("Orange Park");
    expect(typedOr.every((name) => cityKey(name).startsWith("or") || cityKey(name).includes(" or"))).toBe(true);

    const beach = names(suggestGazetteerCities("FL", "beach", 50));
    expect(beach.length).toBeGreaterThan(0);
    expect(beach).toContain("Miami Beach");
    expect(suggestGazetteerCities("FL", "kis").map((city) => city.name)).toContain("Kissimmee");

    // A larger city comes before a small town, whatever the alphabet says.
    const sa = suggestGazetteerCities("TX", "san", 5);
    expect(sa[0]).toMatchObject({ name: "San Antonio", major: true });
    expect(suggestGazetteerCities("TX", "san", 3)).toHaveLength(3);

    // Nothing typed: the larger cities, largest first.
    expect(names(suggestGazetteerCities("TX", "", 3))).toEqual(["Houston", "San Antonio", "Dallas"]);
    expect(suggestGazetteerCities("FL", "").every((city) => city.major)).toBe(true);
  });

  it("names the closest spellings of a city the state does not have", () => {
    expect(names(closestGazetteerCities("FL", "Kisimee"))[0]).toBe("Kissimmee");
    expect(names(closestGazetteerCities("FL", "Kiss"))).toContain("Kissimmee");
    expect(closestGazetteerCities("FL", "Zzyzxqv")).toEqual([]);
    expect(closestGazetteerCities("FL", "Kisimee", 2).length).toBeLessThanOrEqual(2);
    expect(statesWithGazetteerCity("Orlando", "TX")).toContain("Florida");
    expect(statesWithGazetteerCity("Kissimmee", "FL")).toEqual([]);
  });
});

describe("/places/cities", () => {
  const ask = async (query: string) => {
    const response = (await loader({ request: new Request(`http://localhost/places/cities${query}`) } as Parameters<typeof loader>[0])) as Response;
    return response;
  };

  it("answers every city of the state, the larger ones marked, cacheable by anyone", async () => {
    const response = await ask("?state=fl");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, /);
    const answer = (await response.json()) as StateCitiesAnswer;
    expect(answer.state).toBe("FL");
    expect(answer.cities).toEqual(names(gazetteerCitiesOf("FL")));
    expect(answer.cities).toContain("Kissimmee");
    expect(answer.larger[0]).toBe("Jacksonville");
    expect(answer.larger).toContain("Orlando");
    expect(answer.larger).not.toContain("Kissimmee");
    for (const name of answer.larger) expect(answer.cities).toContain(name);
  });

  it("lets the browser offer exactly what the server would suggest", async () => {
    const answer = (await (await ask("?state=TX")).json()) as StateCitiesAnswer;
    const rank = new Map(answer.larger.map((name, index) => [name, index]));
    const entries = answer.cities.map((name) => ({ name, key: cityKey(name), rank: rank.get(name) ?? LESSER_CITY }));
    for (const typed of ["", "s", "san", "fort w", "ft w", "st", "worth", "zzz"]) {
      expect(matchCities(entries, typed, CITY_SUGGESTION_LIMIT).map((entry) => entry.name), typed).toEqual(
        names(suggestGazetteerCities("TX", typed, CITY_SUGGESTION_LIMIT)),
      );
    }
  });

  it("refuses a state it does not know", async () => {
    for (const query of ["", "?state=", "?state=ZZ", "?state=Florida"]) {
      const response = await ask(query);
      expect(response.status, query).toBe(400);
    }
  });
});
