import { describe, expect, it } from "vitest";
import { categoryBlurb } from "~/lib/category-blurbs";
import { SAMPLE_PROFILES } from "~/lib/sample-profiles";
import * as categoryRoute from "~/routes/category";
import { call, getRequest, useTestServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// The category page's blurb and example cards come with its data, so its code carries neither.
const harness = useTestServices();

interface CategoryData {
  kind: string;
  blurb: string;
  total: number;
  samples?: typeof SAMPLE_PROFILES;
}

async function categoryPage(name: string) {
  const answer = await call(categoryRoute.loader, getRequest(`/categories/${encodeURIComponent(name)}`), harness.services, {
    // As the router passes it: decoded, but for an encoded slash.
    categoryName: name.replace("/", "%2F"),
  });
  expect(answer.status).toBe(200);
  return answer.data as CategoryData;
}

describe(`category page data (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("carries the category's blurb, and example cards only while it has no performers", async () => {
    const empty = await categoryPage("Mascot Style");
    expect(empty.kind).toBe("category");
    expect(empty.total).toBe(0);
    expect(empty.blurb).toBe("Oversized, huggable characters for crowds and games.");
    expect(empty.samples?.map((sample) => sample.displayName)).toEqual(SAMPLE_PROFILES.map((sample) => sample.displayName));

    await addPerformer(harness.services.db, { categories: ["Mascot Style"] });
    const listed = await categoryPage("Mascot Style");
    expect(listed.total).toBe(1);
    expect(listed.blurb).toBe(categoryBlurb("Mascot Style"));
    expect(listed.samples).toBeUndefined();
  });
});
