import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { boxSql } from "./zip.server";

// The coordinates index starts with the one-degree square (schema.ts, geoCell): a box that does not
// name its squares cannot be read from it, so every box the code asks for must name them.
const text = (point: { latitude: number; longitude: number }, miles: number) => new PgDialect().sqlToQuery(boxSql(point, miles)).sql;

describe("a box of coordinates", () => {
  it("names the squares it touches, rounding down west of Greenwich", () => {
    // Orlando, 10 miles: square 28 north, 82 west (the floor of -81.38): 28 × 1000 − 82.
    expect(text({ latitude: 28.5383, longitude: -81.3792 }, 10)).toContain("= any('{27918}'::int[])");
  });

  it("names them even for similar performers' widest box from Alaska's north coast", () => {
    const sql = text({ latitude: 71.29, longitude: -156.79 }, 1000);
    expect(sql).toContain("= any(");
    expect(sql.match(/'\{([-\d,]+)\}'::int\[\]/)?.[1].split(",").length).toBeGreaterThan(2500);
  });
});
