import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appJobs } from "~/server/jobs/index.server";
import { maintainEmbeddedDatabase } from "~/server/jobs/maintenance.server";
import type { AppServices } from "~/server/platform/services.server";
import { insertProfile } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { rowsOf } from "~/server/search/rows.server";
import { testServices } from "./accounts-fixtures";

// The embedded database has no autovacuum: a job does its work, so the directory's counts are read
// from the indexes alone (pages marked all-visible) and the planner's statistics follow the data.

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  for (let i = 0; i < 30; i++) {
    await insertProfile(database.db, { id: `vac-${i}`, displayName: `Vacuum Victor ${i}`, state: "TX", city: "Austin", categories: ["Hero"] });
  }
});
afterAll(async () => {
  await database?.close();
});

async function visiblePages(table: string) {
  const [row] = rowsOf<{ visible: number; analysed: number }>(
    await database.db.execute(sql`select relallvisible as visible, reltuples as analysed from pg_class where relname = ${table}`),
  );
  return { visible: Number(row.visible), analysed: Number(row.analysed) };
}

describe(`embedded database maintenance (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("marks the profiles' pages all-visible and counts their rows for the planner", async () => {
    await maintainEmbeddedDatabase(database.db);
    for (const table of ["profiles", "profile_search", "profile_categories"]) {
      const after = await visiblePages(table);
      expect(after.visible, table).toBeGreaterThan(0);
      expect(after.analysed, table).toBeGreaterThanOrEqual(30);
    }
  });

  it("runs as a job only on the embedded database: PostgreSQL vacuums itself", () => {
    const names = appJobs(services).map((job) => job.name);
    expect(names.includes("embedded-maintenance")).toBe(database.engine === "pglite");
  });
});
