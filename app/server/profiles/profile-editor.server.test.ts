import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultProfileValues, PROFILE_FIELDS, profileSchema, validateProfile } from "~/lib/profile-schema";
import { profiles } from "~/server/db/schema";
import { EDITABLE_COLUMNS, editableRow } from "~/server/profiles/profile-editor.server";

// The editor's column allow-list is the boundary that keeps a performer from paying themselves,
// extending their listing or reviving a deactivated one through the profile form.

const columns = getTableColumns(profiles);
const sqlName = (column: string) => columns[column as keyof typeof columns]?.name;

const FORBIDDEN_SQL_COLUMNS = ["id", "user_id", "payment_status", "payment_expiry", "is_active", "created_at", "updated_at"];
const FORBIDDEN_PATTERN = /stripe|subscription|payment|expir|active|role|admin|user_?id/i;

describe("the profile editor's column allow-list", () => {
  it("names only real columns of the profiles table, each once", () => {
    for (const { column } of EDITABLE_COLUMNS) expect(sqlName(column), column).toBeTypeOf("string");
    const names = EDITABLE_COLUMNS.map((entry) => entry.column);
    expect(new Set(names).size).toBe(names.length);
  });

  it("never contains payment, expiry, active, role or id columns", () => {
    for (const { column } of EDITABLE_COLUMNS) {
      const name = sqlName(column) ?? column;
      expect(FORBIDDEN_SQL_COLUMNS, column).not.toContain(name);
      expect(column).not.toMatch(FORBIDDEN_PATTERN);
      expect(name).not.toMatch(FORBIDDEN_PATTERN);
    }
  });

  it("covers exactly the profile form's fields (categories are saved to their own table)", () => {
    const formFields = Object.keys(profileSchema.shape).filter((field) => field !== "categories");
    expect(EDITABLE_COLUMNS.map((entry) => entry.field).sort()).toEqual(formFields.sort());
    expect(PROFILE_FIELDS.map((field) => field.name).sort()).toEqual(Object.keys(profileSchema.shape).sort());
    expect(Object.keys(defaultProfileValues("")).sort()).toEqual(Object.keys(profileSchema.shape).sort());
  });

  it("copies only allow-listed columns, whatever else the input carries", () => {
    const parsed = validateProfile({
      ...defaultProfileValues("stage@example.com"),
      displayName: "Web Wonder",
      bio: "Friendly neighbourhood web-slinger for birthday parties, school events and conventions. Photos, games and a lot of high fives.",
      state: "FL",
      city: "orlando",
      categories: ["Hero"],
      audience: "kids",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const smuggled = {
      ...parsed.data,
      id: "someone-else",
      isActive: true,
      paymentStatus: "paid",
      paymentExpiry: "2999-12-31",
      createdAt: new Date(0),
      stripeCustomerId: "cus_123",
    };
    const row = editableRow(smuggled);
    expect(Object.keys(row).sort()).toEqual([...EDITABLE_COLUMNS.map((entry) => entry.column), "latitude", "longitude"].sort());
    expect(row).toMatchObject({ displayName: "Web Wonder", city: "Orlando", bringOwnCostume: true, travelRadius: "local_only" });
  });
});
