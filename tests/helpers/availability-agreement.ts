import { inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Availability } from "~/lib/party-date-view";
import { availabilityOn } from "~/server/calendar/calendar.server";
import type { Executor } from "~/server/db/client.server";
import { narrowProfiles } from "~/server/db/narrow-profiles.server";
import { profiles } from "~/server/db/schema";
import { availabilityOfRow, availabilityTiers, hiddenCondition, type PartyDate } from "~/server/directory/party-date.server";
import { rowsOf } from "~/server/search/rows.server";

// A party date is read two ways: the listings test profile_search's copies of each calendar
// (freshness and booked-day bits, migrations 0033 and 0034), while a card by id, the profile and the
// shortlist ask the calendar tables (availabilityOn). The tests of those copies hold the two equal
// through this one check.

/**
 * The availability of `ids` on `date` read both ways and held equal: the row's own reading, each
 * tier's condition (no row in two tiers), and what a listing hiding the booked ones hides. Returns
 * the calendar tables' answer, for the test's own expectations.
 */
export async function expectReadingsAgree(db: Executor, ids: readonly string[], date: PartyDate): Promise<Record<string, Availability>> {
  const tables = await availabilityOn(db, [...ids], date.day, date.now);
  const inIds = inArray(profiles.id, [...ids]);

  const rows = rowsOf<{ id: string; kind: Availability }>(
    await db.execute(sql`select ${profiles.id} as id, ${availabilityOfRow(date)} as kind from ${narrowProfiles} where ${inIds}`),
  );
  expect(Object.fromEntries(rows.map((row) => [row.id, row.kind]))).toEqual(Object.fromEntries(tables));

  const tiers = new Map<string, Availability>();
  for (const tier of availabilityTiers({ ...date, showBooked: true })) {
    const found = rowsOf<{ id: string }>(await db.execute(sql`select ${profiles.id} as id from ${narrowProfiles} where ${inIds} and ${tier.condition}`));
    for (const row of found) {
      expect(tiers.has(row.id), `${row.id} in two tiers`).toBe(false);
      tiers.set(row.id, tier.kind);
    }
  }
  expect(Object.fromEntries(tiers)).toEqual(Object.fromEntries(tables));

  const hidden = rowsOf<{ id: string }>(
    await db.execute(sql`select ${profiles.id} as id from ${narrowProfiles} where ${inIds} and ${hiddenCondition({ ...date, showBooked: false })}`),
  );
  expect(hidden.map((row) => row.id).sort()).toEqual(ids.filter((id) => tables.get(id) === "booked").sort());
  return Object.fromEntries(tables);
}
