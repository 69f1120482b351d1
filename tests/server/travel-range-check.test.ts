import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { KEEP_TRAVEL_RANGE_INTENT, TRAVEL_RANGE_KEPT } from "~/lib/travel-range-check";
import * as dashboardRoute from "~/routes/dashboard";
import * as editProfileRoute from "~/routes/dashboard.edit-profile";
import { getDashboardSummary } from "~/server/dashboard/dashboard.server";
import { profiles } from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { postgresUrl } from "../helpers/db";
import { call, cookieFrom, createAccount, getRequest, postRequest, sessionCookie, useTestServices } from "./accounts-fixtures";

// "Check your travel range" (issue 29): the default range, Local only, reaches few families, so the
// dashboard asks until the performer has chosen a range once, in the editor (a wider one) or by
// keeping Local only from the dashboard. Through the real editor and dashboard actions.

const ENGINE = postgresUrl() ? "postgres" : "pglite";
const harness = useTestServices();
const BIO = "Friendly costumed performer for birthday parties, school fairs and family festivals, with games, songs and photos.";

async function performer(email: string) {
  const id = await createAccount(harness.services, email);
  return { id, cookie: await sessionCookie(harness.services, email) };
}

function editorFields(travelRadius: string) {
  return { displayName: "Balloon Buddy", contactEmail: "stage@example.com", bio: BIO, state: "TX", city: "Austin", travelRadius, audience: "all", categories: "Hero" };
}

const save = (cookie: string, travelRadius: string) =>
  call(editProfileRoute.action, postRequest("/dashboard/edit-profile", editorFields(travelRadius), cookie), harness.services);
const keep = (cookie: string) => call(dashboardRoute.action, postRequest("/dashboard", { intent: KEEP_TRAVEL_RANGE_INTENT }, cookie), harness.services);

async function chosenAt(id: string) {
  const [row] = await harness.database.db.select({ at: profiles.travelRadiusChosenAt }).from(profiles).where(eq(profiles.id, id));
  return row?.at ?? null;
}

async function travelItem(id: string) {
  return (await getDashboardSummary(harness.database.db, id)).checklist.find((item) => item.key === "travelRange");
}

describe(`checking the travel range (${ENGINE})`, () => {
  it("is asked after saving the default, and done once Local only is kept from the dashboard", async () => {
    const me = await performer("travel-local@example.com");
    expect((await save(me.cookie, "local_only")).status).toBe(302);
    expect(await chosenAt(me.id)).toBeNull();
    expect(await travelItem(me.id)).toMatchObject({ done: false, label: "Check your travel range", href: "/dashboard/edit-profile#section-travel" });

    const kept = await keep(me.cookie);
    expect(kept.location).toBe("/dashboard");
    const { flash } = await readFlash(harness.services, getRequest("/", cookieFrom(kept.headers)));
    expect(flash?.message).toBe(TRAVEL_RANGE_KEPT);
    expect(await chosenAt(me.id)).not.toBeNull();
    expect((await travelItem(me.id))?.done).toBe(true);
  });

  it("is done once a wider range is saved, and stays done when the default is saved later", async () => {
    const me = await performer("travel-wide@example.com");
    expect((await save(me.cookie, "medium_distance")).status).toBe(302);
    const first = await chosenAt(me.id);
    expect(first).not.toBeNull();
    expect((await save(me.cookie, "local_only")).status).toBe(302);
    expect(await chosenAt(me.id)).toEqual(first);
    expect((await travelItem(me.id))?.done).toBe(true);
  });

  it("has nothing to keep without a profile", async () => {
    const me = await performer("travel-none@example.com");
    expect((await keep(me.cookie)).status).toBe(404);
    expect(await travelItem(me.id)).toMatchObject({ done: false });
  });
});
