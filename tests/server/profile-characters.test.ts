import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultProfileValues, validateProfile, type ProfileFormValues, type ProfileInput } from "~/lib/profile-schema";
import { action, loader } from "~/routes/dashboard.edit-profile";
import { approveFreeListingRequest, rejectFreeListingRequest } from "~/server/admin/free-listing-requests.server";
import { createAuth, type SessionUser } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import { profiles, user } from "~/server/db/schema";
import { cardsForIds, getProfilePreview, getPublicProfile, listPublicProfiles } from "~/server/directory/directory.server";
import { applicantPrefill } from "~/server/free-listing/free-listing-applicant.server";
import { claimFreeListingGrants } from "~/server/payments/grants.server";
import { EDITABLE_COLUMNS, loadProfileForEdit, saveProfile } from "~/server/profiles/profile-editor.server";
import { refreshAllSearchDocuments } from "~/server/profiles/search-document.server";
import { rowsOf } from "~/server/search/rows.server";
import { searchProfiles } from "~/server/search/search.server";
import { createInsightsCounter } from "~/server/insights/counter.server";
import { createMetrics } from "~/server/platform/metrics.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { CONTEXT, createAccount, createAdmin, createProfile, createRequest } from "./admin-fixtures";
import { confirmationTokenFor } from "./confirmation-fixtures";

// Characters on profiles (issue 12): written through the editor's allow-list, shown on the profile,
// its preview and the cards, ranked by search above a bio that merely mentions them, and carried
// over from an approved free-listing application.

const BIO =
  "Storyteller and party host for birthdays, libraries and school fairs. Songs, games, photos and a lot of laughter for every guest.";
const TODAY = "2026-06-01";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(id: string): Promise<SessionUser> {
  const email = `${id}@example.com`;
  await database.db.insert(user).values({ id, name: id, email, emailVerified: true });
  return { id, email, isAdmin: false };
}

function input(overrides: Partial<ProfileFormValues> = {}): ProfileInput {
  const result = validateProfile({
    ...defaultProfileValues("stage@example.com"),
    displayName: "Story Time Sam",
    bio: BIO,
    state: "FL",
    city: "Orlando",
    categories: ["Fantasy"],
    audience: "kids",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

/** A saved profile made public (paid until 2099), as a visitor would find it. */
async function publicPerformer(id: string, overrides: Partial<ProfileFormValues>, createdAt: Date) {
  const me = await makeUser(id);
  await saveProfile(database.db, me, undefined, input(overrides));
  await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2099-12-31", createdAt }).where(eq(profiles.id, id));
}

describe(`characters on profiles (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("are one of the editor's allow-listed columns, saved and loaded back as a list", async () => {
    expect(EDITABLE_COLUMNS).toContainEqual({ field: "characters", column: "characters" });
    const me = await makeUser("lister");
    await saveProfile(database.db, me, undefined, input({ characters: ["Ice Queen", "", "Mermaid Princess, T. rex Ranger", "ice queen"] }));
    const row = await rowOf("lister");
    expect(row.characters).toEqual(["Ice Queen", "Mermaid Princess", "T. rex Ranger"]);
    expect(row.searchText).toContain("Mermaid Princess");
    const loaded = await loadProfileForEdit(database.db, me);
    expect(loaded.status === "ok" && loaded.data.values.characters).toEqual(["Ice Queen", "Mermaid Princess", "T. rex Ranger"]);

    // Emptying every box empties the list.
    await saveProfile(database.db, me, undefined, input({ characters: ["", " "] }));
    expect((await rowOf("lister")).characters).toEqual([]);
  });

  it("store a name as text, whatever it looks like", async () => {
    const me = await makeUser("quoter");
    const odd = ["O'Malley the Leprechaun", "Robert') DROP TABLE profiles --", "{a\\b} NULL", 'Say "cheese" Bot', "Ñandú the Émù"];
    await saveProfile(database.db, me, undefined, input({ characters: odd }));
    expect((await rowOf("quoter")).characters).toEqual(odd);
  });

  it("are shown on the public profile, the owner's preview and the cards", async () => {
    await publicPerformer("shown", { displayName: "Coral Cove", characters: ["Mermaid Princess", "Sea Witch", "Pirate Captain", "Tooth Fairy"] }, new Date());
    const characters = ["Mermaid Princess", "Sea Witch", "Pirate Captain", "Tooth Fairy"];
    expect((await getPublicProfile(database.db, "shown", TODAY))?.characters).toEqual(characters);
    expect((await getProfilePreview(database.db, "shown", TODAY))?.profile.characters).toEqual(characters);
    const [card] = await cardsForIds(database.db, ["shown"], TODAY);
    expect(card.characters).toEqual(characters);
    const page = await listPublicProfiles(database.db, { state: "FL", city: null, categories: [] }, 1, 50, TODAY);
    expect(page.profiles.find((p) => p.id === "shown")?.characters).toEqual(characters);
  });

  it("rank a performer who plays the character above one whose bio mentions it", async () => {
    const older = new Date("2026-01-01T00:00:00Z");
    const newer = new Date("2026-05-01T00:00:00Z");
    // The bio mention is newer, so it would come first if the character counted no more than a bio.
    await publicPerformer("plays-dino", { displayName: "Jurassic Jo", characters: ["T. rex Ranger", "Baby Triceratops"] }, older);
    await publicPerformer(
      "mentions-dino",
      { displayName: "Party Pete", bio: `${BIO} Kids can also bring a dinosaur toy and a triceratops drawing to show me.` },
      newer,
    );
    const outcome = await searchProfiles(database.db, { q: "triceratops", state: null, city: null, category: null, page: 1 }, { today: TODAY });
    expect(outcome.hits.map((hit) => hit.profile.id).slice(0, 2)).toEqual(["plays-dino", "mentions-dino"]);

    const rows = rowsOf<{ id: string; rank: number }>(
      await database.db.execute(sql`
        select id, ts_rank(search_vector, to_tsquery('english', 'triceratops')) as rank
        from profiles where id in ('plays-dino', 'mentions-dino')`),
    );
    const rank = Object.fromEntries(rows.map((r) => [r.id, Number(r.rank)]));
    expect(rank["plays-dino"]).toBeGreaterThan(rank["mentions-dino"] * 2);
  });

  it("are part of every search document a bulk refresh writes", async () => {
    await publicPerformer("bulk", { displayName: "Holly Jolly", characters: ["Christmas Elf"] }, new Date());
    await database.db.update(profiles).set({ searchText: "" }).where(eq(profiles.id, "bulk"));
    await refreshAllSearchDocuments(database.db);
    expect((await rowOf("bulk")).searchText).toContain("Christmas Elf");
    const outcome = await searchProfiles(database.db, { q: "christmas elf", state: null, city: null, category: null, page: 1 }, { today: TODAY });
    expect(outcome.hits.map((hit) => hit.profile.id)).toContain("bulk");
  });

  it("fill a signed-in performer's free-listing application", async () => {
    const me = await makeUser("reapplier");
    await saveProfile(database.db, me, undefined, input({ characters: ["Ice Queen", "Snow Queen"] }));
    expect((await applicantPrefill(database.db, me)).characters).toBe("Ice Queen, Snow Queen");
  });
});

describe(`characters from an approved free-listing application (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("fill the profile of an applicant who already has one and lists no characters", async () => {
    const admin = await createAdmin(database);
    const applicant = await createAccount(database);
    await createProfile(database, applicant.id);
    const request = await createRequest(database, { email: applicant.email, userId: applicant.id, characters: "Fairy princess, mermaid and a woodland elf" });
    await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id });
    const row = await rowOf(applicant.id);
    expect(row.characters).toEqual(["Fairy princess", "mermaid", "a woodland elf"]);
    expect(row.searchText).toContain("woodland elf");
    expect(row.paymentStatus).toBe("paid");
  });

  it("never replace characters the performer already wrote", async () => {
    const admin = await createAdmin(database);
    const applicant = await createAccount(database);
    await createProfile(database, applicant.id, { characters: ["Pirate Captain"] });
    const request = await createRequest(database, { email: applicant.email, characters: "Ice Queen, Snow Queen" });
    await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id });
    expect((await rowOf(applicant.id)).characters).toEqual(["Pirate Captain"]);
  });

  it("wait for an applicant without an account and fill the editor when they confirm their address", async () => {
    const admin = await createAdmin(database);
    const request = await createRequest(database, { email: "Mermaid.Mia@Example.com", characters: "Mermaid Princess\nSea Witch" });
    await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id });

    // Following the sign-up mail's confirmation link claims the free year (the auth hook) and with it
    // the application's characters.
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", BETTER_AUTH_SECRET: "characters-test-secret-0123456789abcdef", JOBS: "off" });
    const auth = createAuth(database.db, config);
    const created = await auth.api.signUpEmail({ body: { email: "mermaid.mia@example.com", password: "correct horse", name: "Mia" } });
    const me: SessionUser = { id: created.user.id, email: created.user.email, isAdmin: false };
    await auth.api.verifyEmail({ query: { token: await confirmationTokenFor(database.db, me.email) } });
    // The hook's claim is best-effort (the hourly job retries); claiming again is harmless.
    await claimFreeListingGrants(database.db, CONTEXT, { userId: me.id });

    const row = await rowOf(me.id);
    // The free year itself waits for a display name: it starts when the listing first goes live.
    expect(row).toMatchObject({ characters: ["Mermaid Princess", "Sea Witch"], paymentStatus: "pending" });
    const loaded = await loadProfileForEdit(database.db, me);
    expect(loaded.status === "ok" && loaded.data.values.characters).toEqual(["Mermaid Princess", "Sea Witch"]);
  });

  it("come only from an approved application", async () => {
    const admin = await createAdmin(database);
    const applicant = await createAccount(database);
    await createProfile(database, applicant.id);
    const request = await createRequest(database, { email: applicant.email, userId: applicant.id, characters: "Ice Queen" });
    await rejectFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id, reason: "no photos yet" });
    await claimFreeListingGrants(database.db, CONTEXT, { userId: applicant.id });
    expect((await rowOf(applicant.id)).characters).toEqual([]);
  });
});

// ------------------------------------------------------------------ the editor's route, as a browser posts it

describe("the edit-profile route with characters", () => {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "route-test-secret-route-test-secret-0123",
    JOBS: "off",
  });
  let services: AppServices;

  beforeAll(() => {
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

  async function signIn(email: string): Promise<{ id: string; cookie: string }> {
    const created = await services.auth.api.signUpEmail({ body: { email, password: "correct horse", name: email } });
    const signedIn = await services.auth.api.signInEmail({ body: { email, password: "correct horse" }, returnHeaders: true });
    const cookie = signedIn.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error("no session cookie");
    return { id: created.user.id, cookie };
  }

  function post(cookie: string, characters: string[], extra: Record<string, string> = {}) {
    const form = new FormData();
    const fields = { displayName: "Route Royal", contactEmail: "royal@example.com", bio: BIO, state: "TX", city: "Dallas", travelRadius: "local_only", audience: "kids", ...extra };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("categories", "Fantasy");
    for (const box of characters) form.append("characters", box);
    return new Request("http://localhost:3000/dashboard/edit-profile", { method: "POST", body: form, headers: { cookie } });
  }

  type Args = Parameters<typeof action>[0] & Parameters<typeof loader>[0];
  const args = (request: Request) => ({ request, params: {}, context: services }) as unknown as Args;

  it("saves the boxes a page without JavaScript posts, then loads them back", async () => {
    const { id, cookie } = await signIn("royal@example.com");
    const response = (await action(args(post(cookie, ["Ice Queen", "Glass Slipper Princess, Fairy Godmother", "", ""])))) as Response;
    expect(response.status).toBe(302);
    expect((await rowOf(id)).characters).toEqual(["Ice Queen", "Glass Slipper Princess", "Fairy Godmother"]);
    const loaded = await loader(args(new Request("http://localhost:3000/dashboard/edit-profile", { headers: { cookie } })));
    expect(loaded.values.characters).toEqual(["Ice Queen", "Glass Slipper Princess", "Fairy Godmother"]);
  });

  it("answers a list that is too long with its message and the boxes as typed, saving nothing", async () => {
    const { id, cookie } = await signIn("toolong@example.com");
    const boxes = Array.from({ length: 11 }, (_, i) => `Character ${i + 1}`);
    const result = (await action(args(post(cookie, boxes)))) as unknown as { init: { status: number }; data: { errors: Record<string, string>; values: ProfileFormValues } };
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({ characters: "List up to 10 characters (you have 11)" });
    expect(result.data.values.characters).toEqual(boxes);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("writes nothing but the allow-listed columns, whatever else is posted beside the characters", async () => {
    const { id, cookie } = await signIn("smuggler@example.com");
    const extra = { searchText: "injected", search_text: "injected", searchVector: "x", paymentStatus: "paid", isActive: "false" };
    await action(args(post(cookie, ["Pirate Captain"], extra)));
    const row = await rowOf(id);
    expect(row).toMatchObject({ characters: ["Pirate Captain"], paymentStatus: "pending", isActive: true });
    expect(row.searchText).not.toContain("injected");
  });
});
