import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/dashboard.edit-profile";
import { createAuth, type SessionUser } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import { profileCategories, profiles, user, userRoles } from "~/server/db/schema";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { getProfilePreview } from "~/server/directory/directory.server";
import { loadProfileForEdit, saveProfile } from "~/server/profiles/profile-editor.server";
import { createInsightsCounter } from "~/server/insights/counter.server";
import { createMetrics } from "~/server/platform/metrics.server";
import type { AppServices } from "~/server/platform/services.server";
import { validateProfile, type ProfileFormValues, type ProfileInput } from "~/lib/profile-schema";
import { defaultProfileValues } from "~/lib/profile-schema";
import { findCity } from "~/lib/us-states";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const BIO =
  "Friendly neighbourhood web-slinger for birthday parties, school events and conventions. Photos, games and a lot of high fives.";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(id: string, options: { admin?: boolean } = {}): Promise<SessionUser> {
  const email = `${id}@example.com`;
  await database.db.insert(user).values({ id, name: id, email });
  if (options.admin) await database.db.insert(userRoles).values({ userId: id, role: "admin" });
  return { id, email, isAdmin: options.admin ?? false };
}

function input(overrides: Partial<ProfileFormValues> = {}): ProfileInput {
  const result = validateProfile({
    ...defaultProfileValues("stage@example.com"),
    displayName: "Web Wonder",
    bio: BIO,
    state: "FL",
    city: "Orlando",
    priceMin: "120",
    priceMax: "180",
    instagram: "https://instagram.com/web.wonder/",
    categories: ["Hero", "Cosplay"],
    audience: "all",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

async function categoriesOf(id: string) {
  const rows = await database.db
    .select({ category: profileCategories.category })
    .from(profileCategories)
    .where(eq(profileCategories.profileId, id));
  return rows.map((r) => r.category).sort();
}

describe(`profile editor (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("offers a new performer the spec's defaults, starting from the account email", async () => {
    const me = await makeUser("new-performer");
    const result = await loadProfileForEdit(database.db, me);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.data.mode).toBe("new");
    expect(result.data.adminEdit).toBe(false);
    expect(result.data.values).toMatchObject({
      contactEmail: "new-performer@example.com",
      bringOwnCostume: true,
      performOutdoors: true,
      travelRadius: "local_only",
      categories: [],
    });
  });

  it("creates the profile with its categories, coordinates and search text in one save", async () => {
    const me = await makeUser("creator");
    const saved = await saveProfile(database.db, me, undefined, input());
    expect(saved).toEqual({ status: "saved", target: { profileId: "creator", adminEdit: false } });

    const row = await rowOf("creator");
    expect(row).toMatchObject({
      displayName: "Web Wonder",
      state: "FL",
      city: "Orlando",
      priceMin: 120,
      priceMax: 180,
      instagram: "web.wonder",
      facebook: null,
      contactEmail: "stage@example.com",
      paymentStatus: "pending",
    });
    const orlando = findCity("FL", "Orlando")!;
    expect([row.latitude, row.longitude]).toEqual([orlando.lat, orlando.lon]);
    expect(row.searchText).toContain("Web Wonder");
    expect(row.searchText).toContain("Cosplay");
    // Where they are is searched as a place, never as text (search-document.server.ts).
    expect(row.searchText).not.toContain("Florida");
    expect(row.searchText).not.toContain("Orlando");
    expect(await categoriesOf("creator")).toEqual(["Cosplay", "Hero"]);

    const reloaded = await loadProfileForEdit(database.db, me);
    expect(reloaded.status === "ok" && reloaded.data.mode).toBe("complete");
    expect(reloaded.status === "ok" && reloaded.data.values.instagram).toBe("web.wonder");
  });

  it("replaces the categories and clears emptied fields on the next save", async () => {
    const me = await makeUser("resaver");
    await saveProfile(database.db, me, undefined, input());
    await saveProfile(database.db, me, undefined, input({ categories: ["Villain"], instagram: "", priceMin: "", state: "TX", city: "Austin" }));
    const row = await rowOf("resaver");
    expect(row).toMatchObject({ instagram: null, priceMin: null, state: "TX", city: "Austin" });
    expect(row.searchText).toContain("Villain");
    expect(row.searchText).not.toContain("Cosplay");
    expect(await categoriesOf("resaver")).toEqual(["Villain"]);
  });

  it("never writes payment status, expiry, the active flag or the id, whatever the input carries", async () => {
    const me = await makeUser("sneaky");
    await database.db.insert(profiles).values({ id: "sneaky", isActive: false, paymentStatus: "expired", paymentExpiry: "2024-01-31" });
    const tampered = {
      ...input(),
      id: "someone-else",
      isActive: true,
      paymentStatus: "paid",
      paymentExpiry: "2099-12-31",
      searchText: "injected",
      role: "admin",
    } as unknown as ProfileInput;
    await saveProfile(database.db, me, undefined, tampered);
    const row = await rowOf("sneaky");
    expect(row).toMatchObject({ displayName: "Web Wonder", isActive: false, paymentStatus: "expired", paymentExpiry: "2024-01-31" });
    expect(row.searchText).not.toContain("injected");
    expect(await rowOf("someone-else")).toBeUndefined();
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, "sneaky"))).toHaveLength(0);
  });

  it("refuses a performer another profile's id, on load and on save, changing nothing", async () => {
    const owner = await makeUser("victim");
    const intruder = await makeUser("intruder");
    await saveProfile(database.db, owner, undefined, input({ displayName: "The Real One" }));

    expect(await loadProfileForEdit(database.db, intruder, "victim")).toEqual({ status: "forbidden" });
    expect(await saveProfile(database.db, intruder, "victim", input({ displayName: "Hijacked", categories: ["Furry"] }))).toEqual({
      status: "forbidden",
    });
    expect((await rowOf("victim")).displayName).toBe("The Real One");
    expect(await categoriesOf("victim")).toEqual(["Cosplay", "Hero"]);
    expect(await rowOf("intruder")).toBeUndefined();
  });

  it("lets an admin edit another profile, which then returns to the admin dashboard", async () => {
    const admin = await makeUser("boss", { admin: true });
    const owner = await makeUser("managed");
    await saveProfile(database.db, owner, undefined, input());
    await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2099-01-01" }).where(eq(profiles.id, "managed"));

    const loaded = await loadProfileForEdit(database.db, admin, "managed");
    expect(loaded.status === "ok" && loaded.data).toMatchObject({ profileId: "managed", adminEdit: true, mode: "complete" });

    const saved = await saveProfile(database.db, admin, "managed", input({ displayName: "Renamed By Admin" }));
    expect(saved).toEqual({ status: "saved", target: { profileId: "managed", adminEdit: true } });
    expect(await rowOf("managed")).toMatchObject({ displayName: "Renamed By Admin", paymentStatus: "paid", paymentExpiry: "2099-01-01" });
    expect(await rowOf("boss")).toBeUndefined();
  });

  it("does not let an admin create a profile for an id that has none", async () => {
    const admin = await makeUser("boss2", { admin: true });
    await makeUser("no-profile-yet");
    expect(await loadProfileForEdit(database.db, admin, "no-profile-yet")).toEqual({ status: "not-found" });
    expect(await saveProfile(database.db, admin, "no-profile-yet", input())).toEqual({ status: "not-found" });
    expect(await rowOf("no-profile-yet")).toBeUndefined();
  });

  it("files a performer under a small town of their state, by the gazetteer's name and coordinates", async () => {
    const me = await makeUser("small-town");
    const kissimmee = findGazetteerCity("FL", "Kissimmee")!;
    expect(kissimmee.major).toBe(false);
    expect(await saveProfile(database.db, me, undefined, input({ city: "  kissimmee " }))).toMatchObject({ status: "saved" });
    let row = await rowOf("small-town");
    expect(row).toMatchObject({ state: "FL", city: "Kissimmee", latitude: kissimmee.latitude, longitude: kissimmee.longitude });

    await saveProfile(database.db, me, undefined, input({ city: "Saint Petersburg" }));
    row = await rowOf("small-town");
    const stPete = findGazetteerCity("FL", "St. Petersburg")!;
    expect(row).toMatchObject({ city: "St. Petersburg", latitude: stPete.latitude, longitude: stPete.longitude });

    await saveProfile(database.db, me, undefined, input({ state: "NY", city: "new york" }));
    expect(await rowOf("small-town")).toMatchObject({ state: "NY", city: "New York City" });
  });

  it("refuses a city the state does not have, naming the closest spellings, and writes nothing", async () => {
    const me = await makeUser("misspelt");
    await saveProfile(database.db, me, undefined, input({ displayName: "Before" }));
    const before = await rowOf("misspelt");

    expect(await saveProfile(database.db, me, undefined, input({ displayName: "After", city: "Kisimee" }))).toEqual({
      status: "invalid",
      errors: { city: 'We couldn\'t find "Kisimee" in Florida. Did you mean Kissimmee?' },
    });
    const unknown = await saveProfile(database.db, me, undefined, input({ displayName: "After", state: "TX", city: "Zzyzxqv", categories: ["Villain"] }));
    expect(unknown).toEqual({
      status: "invalid",
      errors: { city: 'We couldn\'t find "Zzyzxqv" in Texas. Check the spelling, or enter the nearest town.' },
    });
    expect(await rowOf("misspelt")).toEqual(before);
    expect(await categoriesOf("misspelt")).toEqual(["Cosplay", "Hero"]);

    // A performer with no profile yet gets none.
    const newcomer = await makeUser("misspelt-newcomer");
    expect((await saveProfile(database.db, newcomer, undefined, input({ city: "Nowhereville" }))).status).toBe("invalid");
    expect(await rowOf("misspelt-newcomer")).toBeUndefined();
  });

  it("leaves the stored profile untouched when any part of the save fails", async () => {
    const me = await makeUser("atomic");
    await saveProfile(database.db, me, undefined, input({ displayName: "Before" }));
    // A category write that the database refuses, after the row itself has been updated.
    await database.db.execute(sql`
      create or replace function refuse_mascots() returns trigger language plpgsql as $$
      begin
        if new.category = 'Mascot Style' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger refuse_mascots before insert on profile_categories
      for each row execute function refuse_mascots()`);
    try {
      await expect(
        saveProfile(database.db, me, undefined, input({ displayName: "After", categories: ["Villain", "Mascot Style"] })),
      ).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_mascots on profile_categories`);
    }
    expect((await rowOf("atomic")).displayName).toBe("Before");
    expect(await categoriesOf("atomic")).toEqual(["Cosplay", "Hero"]);
  });

  it("previews the owner's own profile with ordered categories, and nothing when there is none", async () => {
    const me = await makeUser("previewer");
    expect(await getProfilePreview(database.db, "previewer")).toBeNull();
    await saveProfile(database.db, me, undefined, input({ categories: ["Mascot Style", "Hero"] }));
    const preview = (await getProfilePreview(database.db, "previewer"))?.profile;
    expect(preview).toMatchObject({
      displayName: "Web Wonder",
      city: "Orlando",
      state: "FL",
      stateName: "Florida",
      connect: [{ network: "instagram", label: "Instagram", url: "https://www.instagram.com/web.wonder" }],
      flags: { bringOwnCostume: true, requireDeposit: false },
      categories: ["Hero", "Mascot Style"],
      images: [],
    });
    expect(preview).not.toHaveProperty("contactEmail");
  });
});

// ------------------------------------------------------------------ the route, with real sessions

describe("edit-profile route", () => {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "route-test-secret-route-test-secret-0123",
    JOBS: "off",
  });
  let services: AppServices;
  const cookies = new Map<string, string>();

  async function signUp(email: string): Promise<string> {
    const auth = services.auth;
    const created = await auth.api.signUpEmail({ body: { email, password: "correct horse", name: email } });
    const signedIn = await auth.api.signInEmail({ body: { email, password: "correct horse" }, returnHeaders: true });
    const cookie = signedIn.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error("no session cookie");
    cookies.set(email, cookie);
    return created.user.id;
  }

  function formOf(values: Record<string, string | string[]>): FormData {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
    return form;
  }

  const validForm = {
    displayName: "Route Runner",
    contactEmail: "runner@example.com",
    bio: BIO,
    state: "TX",
    city: "Dallas",
    travelRadius: "nationwide",
    bringOwnCostume: "on",
    categories: ["Anime/Manga"],
    audience: "all",
  };

  function post(email: string, path: string, form: FormData) {
    return new Request(`http://localhost:3000${path}`, { method: "POST", body: form, headers: { cookie: cookies.get(email)! } });
  }

  type ActionArgs = Parameters<typeof action>[0];
  type LoaderArgs = Parameters<typeof loader>[0];
  const args = (request: Request, params: Record<string, string>) =>
    ({ request, params, context: services }) as unknown as ActionArgs & LoaderArgs;

  async function outcome(
    run: () => Promise<unknown>,
  ): Promise<{ status: number; location?: string | null; setCookie?: string | null; body?: unknown }> {
    try {
      const value = await run();
      if (value instanceof Response) {
        return { status: value.status, location: value.headers.get("location"), setCookie: value.headers.get("set-cookie") };
      }
      const init = (value as { init?: { status?: number }; data?: unknown }) ?? {};
      return { status: init.init?.status ?? 200, body: init.data ?? value };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      const response = thrown as { init?: { status?: number } };
      if (response?.init?.status) return { status: response.init.status };
      throw thrown;
    }
  }

  beforeAll(async () => {
    services = {
      config,
      database,
      db: database.db,
      auth: createAuth(database.db, config),
      storage: undefined as unknown as AppServices["storage"],
      logger: pino({ level: "silent" }),
      stripe: null,
      metrics: createMetrics(database.db, pino({ level: "silent" })),
      insights: createInsightsCounter(database.db, { flushMs: 60_000, logger: pino({ level: "silent" }) }),
    };
  });

  it("saves the signed-in performer's profile and redirects to the dashboard with a toast", async () => {
    const id = await signUp("runner@example.com");
    const result = await outcome(() => action(args(post("runner@example.com", "/dashboard/edit-profile", formOf(validForm)), {})));
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(result.setCookie).toMatch(/^cc_flash=/);
    const row = await rowOf(id);
    expect(row).toMatchObject({ displayName: "Route Runner", city: "Dallas", travelRadius: "nationwide", bringOwnCostume: true, performOutdoors: false });
  });

  it("answers with the field messages and the typed values when the form is invalid", async () => {
    await signUp("sloppy@example.com");
    const form = formOf({ ...validForm, displayName: "", bio: "short", priceMin: "-3", categories: [] });
    const result = await outcome(() => action(args(post("sloppy@example.com", "/dashboard/edit-profile", form), {})));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      errors: {
        displayName: "Display name is required",
        bio: "Bio must be at least 100 characters",
        priceMin: "Price cannot be negative",
        categories: "Please select at least one category",
      },
      values: { bio: "short", priceMin: "-3", city: "Dallas" },
    });
  });

  it("refuses a maximum price below the minimum next to the maximum, even beside other mistakes, and saves nothing", async () => {
    const id = await signUp("pricey@example.com");
    const below = formOf({ ...validForm, priceMin: "150", priceMax: "100" });
    const result = await outcome(() => action(args(post("pricey@example.com", "/dashboard/edit-profile", below), {})));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ errors: { priceMax: "Maximum price must be at least the minimum" } });
    expect(Object.keys((result.body as { errors: object }).errors)).toEqual(["priceMax"]);
    expect(await rowOf(id)).toBeUndefined();

    const withOthers = formOf({ ...validForm, displayName: "", priceMin: "150", priceMax: "100" });
    const both = await outcome(() => action(args(post("pricey@example.com", "/dashboard/edit-profile", withOthers), {})));
    expect(both.body).toMatchObject({
      errors: { displayName: "Display name is required", priceMax: "Maximum price must be at least the minimum" },
    });

    // Equal prices, or only one of them, are fine.
    for (const prices of [{ priceMin: "120", priceMax: "120" }, { priceMin: "150", priceMax: "" }, { priceMin: "", priceMax: "90" }]) {
      const saved = await outcome(() => action(args(post("pricey@example.com", "/dashboard/edit-profile", formOf({ ...validForm, ...prices })), {})));
      expect(saved, JSON.stringify(prices)).toMatchObject({ status: 302 });
    }
  });

  it("saves any city of the state as the gazetteer writes it", async () => {
    const id = await signUp("townie@example.com");
    const form = formOf({ ...validForm, state: "FL", city: "kissimmee" });
    const result = await outcome(() => action(args(post("townie@example.com", "/dashboard/edit-profile", form), {})));
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    const kissimmee = findGazetteerCity("FL", "Kissimmee")!;
    expect(await rowOf(id)).toMatchObject({ state: "FL", city: "Kissimmee", latitude: kissimmee.latitude, longitude: kissimmee.longitude });
  });

  it("answers an unknown city next to the City field, with the other fields' messages, and saves nothing", async () => {
    const id = await signUp("lost@example.com");
    await outcome(() => action(args(post("lost@example.com", "/dashboard/edit-profile", formOf(validForm)), {})));
    const before = await rowOf(id);

    const form = formOf({ ...validForm, displayName: "", state: "FL", city: "Kisimee" });
    const result = await outcome(() => action(args(post("lost@example.com", "/dashboard/edit-profile", form), {})));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      errors: { displayName: "Display name is required", city: 'We couldn\'t find "Kisimee" in Florida. Did you mean Kissimmee?' },
      values: { state: "FL", city: "Kisimee" },
    });

    // A city of another state points at the state.
    const wrongState = await outcome(() =>
      action(args(post("lost@example.com", "/dashboard/edit-profile", formOf({ ...validForm, state: "FL", city: "Dallas" })), {})),
    );
    expect(wrongState.status).toBe(400);
    expect((wrongState.body as { errors: Record<string, string> }).errors.city).toMatch(/^We couldn't find "Dallas" in Florida\./);
    expect(await rowOf(id)).toEqual(before);
  });

  it("gives a performer 404 for another profile's id and changes nothing", async () => {
    const victimId = await signUp("owner@example.com");
    await outcome(() => action(args(post("owner@example.com", "/dashboard/edit-profile", formOf(validForm)), {})));
    const before = await rowOf(victimId);
    await signUp("attacker@example.com");

    const result = await outcome(() =>
      action(
        args(post("attacker@example.com", `/dashboard/edit-profile/${victimId}`, formOf({ ...validForm, displayName: "Pwned" })), {
          id: victimId,
        }),
      ),
    );
    expect(result.status).toBe(404);
    expect(await rowOf(victimId)).toEqual(before);

    const opened = await outcome(() =>
      loader(
        args(new Request(`http://localhost:3000/dashboard/edit-profile/${victimId}`, { headers: { cookie: cookies.get("attacker@example.com")! } }), {
          id: victimId,
        }),
      ),
    );
    expect(opened).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("ignores posted payment, activation and role fields", async () => {
    const id = await signUp("greedy@example.com");
    const form = formOf({
      ...validForm,
      is_active: "false",
      isActive: "false",
      payment_status: "paid",
      paymentStatus: "paid",
      payment_expiry: "2099-12-31",
      paymentExpiry: "2099-12-31",
      role: "admin",
      id: "someone-else",
    });
    await outcome(() => action(args(post("greedy@example.com", "/dashboard/edit-profile", form), {})));
    const row = await rowOf(id);
    expect(row).toMatchObject({ displayName: "Route Runner", isActive: true, paymentStatus: "pending", paymentExpiry: null });
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(0);
  });

  it("sends an admin back to the admin dashboard after editing someone's profile", async () => {
    const ownerId = await signUp("talent@example.com");
    await outcome(() => action(args(post("talent@example.com", "/dashboard/edit-profile", formOf(validForm)), {})));
    const adminId = await signUp("chief@example.com");
    await database.db.insert(userRoles).values({ userId: adminId, role: "admin" });

    const result = await outcome(() =>
      action(args(post("chief@example.com", `/dashboard/edit-profile/${ownerId}`, formOf({ ...validForm, displayName: "Fixed Typo" })), { id: ownerId })),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin?tab=profiles" });
    expect((await rowOf(ownerId)).displayName).toBe("Fixed Typo");

    // The admin may move the performer to a small town, and is told when a city is not the state's.
    const moved = await outcome(() =>
      action(args(post("chief@example.com", `/dashboard/edit-profile/${ownerId}`, formOf({ ...validForm, state: "FL", city: "Kissimmee" })), { id: ownerId })),
    );
    expect(moved).toMatchObject({ status: 302, location: "/admin?tab=profiles" });
    expect(await rowOf(ownerId)).toMatchObject({ state: "FL", city: "Kissimmee" });
    const refused = await outcome(() =>
      action(args(post("chief@example.com", `/dashboard/edit-profile/${ownerId}`, formOf({ ...validForm, state: "TX", city: "Kissimmee" })), { id: ownerId })),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors.city).toMatch(/^We couldn't find "Kissimmee" in Texas\./);
    expect(await rowOf(ownerId)).toMatchObject({ state: "FL", city: "Kissimmee" });
  });

  it("sends a signed-out visitor to sign in without touching anything", async () => {
    const request = new Request("http://localhost:3000/dashboard/edit-profile", { method: "POST", body: formOf(validForm) });
    const result = await outcome(() => action(args(request, {})));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/signin\?/);
  });
});
