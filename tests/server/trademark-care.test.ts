import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminDashboardView, ProfileRowView } from "~/lib/admin-view";
import { TRADEMARK_NAMES } from "~/lib/data/trademark-names";
import { defaultProfileValues, validateProfile, type ProfileFormValues, type ProfileInput } from "~/lib/profile-schema";
import * as adminRoute from "~/routes/admin";
import * as searchRoute from "~/routes/search";
import { listProfiles } from "~/server/admin/profiles.server";
import { grantAdmin } from "~/server/auth/accounts.server";
import type { SessionUser } from "~/server/auth/auth.server";
import { profiles, user } from "~/server/db/schema";
import type { AppServices } from "~/server/platform/services.server";
import { saveProfile } from "~/server/profiles/profile-editor.server";
import { searchProfiles } from "~/server/search/search.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, sessionCookie, testServices } from "./accounts-fixtures";

// Trademark care (issue 28): the description the editor offers for a trademarked name keeps its
// promise (a search for the name finds a profile that uses it), saving a trademarked name is not
// blocked, and the admin's profiles list flags the names a profile uses, with a filter for them.

const BIO =
  "Costumed characters for birthday parties, school fairs and libraries, with songs, games, photos and a lot of laughter for every guest.";
const TODAY = "2026-06-01";

let database: TestDatabase;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});

let made = 0;
async function makeUser(id: string): Promise<SessionUser> {
  const email = `${id}@example.com`;
  await database.db.insert(user).values({ id, name: id, email, emailVerified: true });
  return { id, email, isAdmin: false };
}

function input(overrides: Partial<ProfileFormValues>): ProfileInput {
  const result = validateProfile({
    ...defaultProfileValues("stage@example.com"),
    displayName: `Party Performer ${++made}`,
    bio: BIO,
    state: "FL",
    city: "Orlando",
    categories: ["Custom Characters"],
    audience: "kids",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** Saved through the editor's own save and made public (paid until 2099), created at `createdAt`. */
async function performer(id: string, overrides: Partial<ProfileFormValues>, createdAt = new Date("2026-01-01T00:00:00Z")) {
  const me = await makeUser(id);
  const saved = await saveProfile(database.db, me, undefined, input(overrides));
  expect(saved.status).toBe("saved");
  await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2099-12-31", createdAt }).where(eq(profiles.id, id));
  return id;
}

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe(`trademark care (${engine})`, () => {
  it("a search for every trademarked name finds the profiles that use the descriptions offered for it", async () => {
    // One performer per description offered, with it as their one character.
    const byDescription = new Map<string, string>();
    for (const entry of TRADEMARK_NAMES) {
      for (const safe of entry.safe) {
        if (byDescription.has(safe)) continue;
        byDescription.set(safe, await performer(`safe-${byDescription.size}`, { characters: [safe] }));
      }
    }
    const missed: string[] = [];
    for (const entry of TRADEMARK_NAMES) {
      for (const phrase of entry.phrases) {
        const outcome = await searchProfiles(database.db, { q: phrase, state: null, city: null, category: null, page: 1 }, { today: TODAY, pageSize: 200 });
        const found = new Set(outcome.hits.map((hit) => hit.profile.id));
        for (const safe of entry.safe) if (!found.has(byDescription.get(safe)!)) missed.push(`"${phrase}" misses "${safe}"`);
      }
    }
    expect(missed).toEqual([]);

    // And through the page itself, as a parent types it.
    const page = await call(searchRoute.loader, getRequest("/search?q=Elsa"), { ...services, clientIp: "192.0.2.80" });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain(byDescription.get("Ice Queen"));
    // About 200 searches: 30 s on PGlite on a busy machine.
  }, 180_000);

  it("saves a trademarked name (a warning, not a refusal)", async () => {
    await performer("saves-elsa", { displayName: "Elsa's Winter Parties", characters: ["Elsa", "Snow White"] });
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, "saves-elsa"));
    expect(row.displayName).toBe("Elsa's Winter Parties");
    expect(row.characters).toEqual(["Elsa", "Snow White"]);
  });

  it("flags in the admin's list the names a profile uses", async () => {
    const base = Date.parse("2030-01-01T00:00:00Z");
    const at = (n: number) => new Date(base + n * 1000);
    const flagged = [
      await performer("tm-name", { displayName: "Spider-Man Sam", characters: ["Pirate Captain"] }, at(1)),
      await performer("tm-characters", { displayName: "Frosty Fun", characters: ["Ice Queen", "ELSA", "Captain America's Shield Hero"] }, at(2)),
      await performer("tm-possessive", { displayName: "Party Pals", characters: ["Snow-White's Apple Tea"] }, at(3)),
    ];
    const clean = [
      await performer("tm-bellevue", { displayName: "Bellevue Balloon", characters: ["Brave Knight", "Hook-Handed Pirate"] }, at(4)),
      await performer("tm-bio-only", { displayName: "Storybook Sue", characters: ["Apple Princess"], bio: `${BIO} Families searching for Elsa find me too.` }, at(5)),
      await performer("tm-thorough", { displayName: "Thorough Fun Co", characters: ["Marionette Maker"] }, at(6)),
    ];
    const list = await listProfiles(database.db, { today: TODAY, pageSize: 50 });
    const rowOf = (id: string) => list.rows.find((r) => r.id === id) as ProfileRowView & { createdAt: Date };
    expect(rowOf("tm-name").trademarks).toEqual(["Spider-Man"]);
    expect(rowOf("tm-characters").trademarks).toEqual(["ELSA", "Captain America"]);
    expect(rowOf("tm-possessive").trademarks).toEqual(["Snow-White"]);
    for (const id of clean) expect(rowOf(id).trademarks, id).toEqual([]);
    for (const id of flagged) expect(rowOf(id).trademarks.length, id).toBeGreaterThan(0);

    // The page: the rows carry their flags.
    await createAccount(services, "tm-admin@example.com");
    await grantAdmin(database.db, "tm-admin@example.com");
    const cookie = await sessionCookie(services, "tm-admin@example.com");
    const answer = await call(adminRoute.loader, getRequest("/admin?tab=profiles&q=spider", cookie), services);
    expect(answer.status).toBe(200);
    const view = answer.data as AdminDashboardView;
    expect(view.section.tab).toBe("profiles");
    expect((view.section.rows as ProfileRowView[]).map((r) => [r.id, r.trademarks])).toEqual([["tm-name", ["Spider-Man"]]]);
    const detail = await call(adminRoute.loader, getRequest("/admin?tab=profiles&view=tm-characters", cookie), services);
    expect(((detail.data as AdminDashboardView).section.detail as ProfileRowView).trademarks).toEqual(["ELSA", "Captain America"]);
  });
});
