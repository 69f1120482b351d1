import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Audience } from "~/lib/audience";
import { ADULT_THEMES_NEED_ADULTS, AUDIENCE_REQUIRED, BOTH_AUDIENCE_CATEGORIES } from "~/lib/audience-rules";
import type { Category } from "~/lib/constants";
import { defaultProfileValues, validateProfile, type ProfileFormValues, type ProfileInput } from "~/lib/profile-schema";
import * as dashboardRoute from "~/routes/dashboard";
import * as editProfileRoute from "~/routes/dashboard.edit-profile";
import { profileCategories, profiles } from "~/server/db/schema";
import { cardsForIds, getPublicProfile } from "~/server/directory/directory.server";
import { readFlash } from "~/server/http/flash.server";
import { saveProfile } from "~/server/profiles/profile-editor.server";
import { postgresUrl } from "../helpers/db";
import { migratedAfter } from "../helpers/migrated-after";
import {
  call,
  cookieFrom,
  createAccount,
  getRequest,
  postRequest,
  PUBLIC_URL,
  sessionCookie,
  useTestServices,
  type Answer,
} from "./accounts-fixtures";
import { FAR_FUTURE } from "./search-fixtures";

// One clear audience per profile (issue 25): the editor's answer and the categories and flags it
// implies, saved whole or not at all; the dashboard's question for profiles without an answer; the
// card and profile data that carry it; and migration 0017's reading of profiles made before it.

const ENGINE = postgresUrl() ? "postgres" : "pglite";
const harness = useTestServices();
const BIO = "Friendly costumed performer for birthday parties, school fairs and family festivals, with games, songs and photos.";

interface Performer {
  id: string;
  email: string;
  cookie: string;
}

let made = 0;
async function performer(): Promise<Performer> {
  const email = `audience-${++made}-${Date.now()}@example.com`;
  const id = await createAccount(harness.services, email);
  return { id, email, cookie: await sessionCookie(harness.services, email) };
}

function input(overrides: Partial<ProfileFormValues>): ProfileInput {
  const result = validateProfile({
    ...defaultProfileValues("stage@example.com"),
    displayName: "Balloon Buddy",
    bio: BIO,
    state: "TX",
    city: "Austin",
    categories: ["Hero"],
    audience: "kids",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** The editor's post, as the browser sends it (a repeated key per category, ticked boxes as "on"). */
function editorPost(fields: { audience?: string; categories: string[]; adultThemesOk?: boolean; familyFriendlyOnly?: boolean }, cookie: string) {
  const body = new URLSearchParams({
    displayName: "Balloon Buddy",
    contactEmail: "stage@example.com",
    bio: BIO,
    state: "TX",
    city: "Austin",
    travelRadius: "local_only",
  });
  if (fields.audience !== undefined) body.set("audience", fields.audience);
  for (const category of fields.categories) body.append("categories", category);
  if (fields.adultThemesOk) body.set("adultThemesOk", "on");
  if (fields.familyFriendlyOnly) body.set("familyFriendlyOnly", "on");
  return new Request(`${PUBLIC_URL}/dashboard/edit-profile`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL, Cookie: cookie },
    body,
  });
}

const actor = (who: Performer) => ({ id: who.id, email: who.email, isAdmin: false });

async function stored(id: string) {
  const [row] = await harness.database.db
    .select({
      displayName: profiles.displayName,
      audience: profiles.audience,
      familyFriendlyOnly: profiles.familyFriendlyOnly,
      adultThemesOk: profiles.adultThemesOk,
      searchText: profiles.searchText,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  const categories = await harness.database.db
    .select({ category: profileCategories.category })
    .from(profileCategories)
    .where(eq(profileCategories.profileId, id));
  return { ...row, categories: categories.map((c) => c.category).sort() };
}

async function flashOf(answer: Answer) {
  const { flash } = await readFlash(harness.services, getRequest("/", cookieFrom(answer.headers)));
  return flash;
}

/** A profile as it stood before the question existed: no answer, these categories and flags. */
async function unanswered(who: Performer, categories: Category[], flags: { familyFriendlyOnly?: boolean; adultThemesOk?: boolean } = {}) {
  await harness.database.db.insert(profiles).values({ id: who.id, displayName: "Old Timer", bio: BIO, state: "TX", city: "Austin", ...flags });
  if (categories.length > 0) {
    await harness.database.db.insert(profileCategories).values(categories.map((category) => ({ profileId: who.id, category })));
  }
}

describe(`the editor's "Who are your shows for?" (${ENGINE})`, () => {
  it("is required, and saves the answer with family-friendly following it", async () => {
    const me = await performer();
    const missing = await call(editProfileRoute.action, editorPost({ categories: ["Hero"] }, me.cookie), harness.services);
    expect(missing.status).toBe(400);
    expect((missing.data as { errors: Record<string, string> }).errors).toEqual({ audience: AUDIENCE_REQUIRED });
    expect(await harness.database.db.select().from(profiles).where(eq(profiles.id, me.id))).toEqual([]);

    // Family-friendly is no longer a box of the form: the answer sets it.
    const saved = await call(editProfileRoute.action, editorPost({ audience: "all", categories: ["Hero"] }, me.cookie), harness.services);
    expect(saved.status).toBe(302);
    expect(await stored(me.id)).toMatchObject({ audience: "all", familyFriendlyOnly: true, adultThemesOk: false, categories: ["Hero"] });

    await saveProfile(harness.database.db, actor(me), undefined, input({ audience: "adults", categories: ["Villain", "18+ Events Only"], adultThemesOk: true, familyFriendlyOnly: true }));
    expect(await stored(me.id)).toMatchObject({ audience: "adults", familyFriendlyOnly: false, adultThemesOk: true, categories: ["18+ Events Only", "Villain"] });
  });

  it("refuses both audience categories, or one the answer contradicts, next to the field, with nothing written", async () => {
    const me = await performer();
    await saveProfile(harness.database.db, actor(me), undefined, input({ audience: "kids", categories: ["Hero", "Kids' Parties Only"] }));
    const before = await stored(me.id);

    const both = await call(
      editProfileRoute.action,
      editorPost({ audience: "kids", categories: ["Hero", "Kids' Parties Only", "18+ Events Only"] }, me.cookie),
      harness.services,
    );
    expect(both.status).toBe(400);
    expect((both.data as { errors: Record<string, string> }).errors).toEqual({ categories: BOTH_AUDIENCE_CATEGORIES });

    const adultsWithKids = await call(
      editProfileRoute.action,
      editorPost({ audience: "adults", categories: ["Villain", "Kids' Parties Only"], adultThemesOk: true }, me.cookie),
      harness.services,
    );
    expect(adultsWithKids.status).toBe(400);
    expect((adultsWithKids.data as { errors: Record<string, string> }).errors).toEqual({
      categories: "Kids' Parties Only doesn't fit adults-only shows. Untick it, or choose Kids and families.",
    });

    const kidsWithAdultThemes = await call(
      editProfileRoute.action,
      editorPost({ audience: "kids", categories: ["Hero"], adultThemesOk: true }, me.cookie),
      harness.services,
    );
    expect((kidsWithAdultThemes.data as { errors: Record<string, string> }).errors).toEqual({ adultThemesOk: ADULT_THEMES_NEED_ADULTS });
    expect(await stored(me.id)).toEqual(before);
  });

  it("refuses a contradiction from a caller that skips the form's schema, writing nothing", async () => {
    const me = await performer();
    await saveProfile(harness.database.db, actor(me), undefined, input({ audience: "kids", categories: ["Hero"] }));
    const before = await stored(me.id);
    const forged = { ...input({ displayName: "Changed" }), categories: ["Hero", "18+ Events Only"] } as ProfileInput;
    expect(await saveProfile(harness.database.db, actor(me), undefined, forged)).toEqual({
      status: "invalid",
      errors: { categories: "18+ Events Only doesn't fit shows for kids and families. Untick it, or choose Adults only (18+)." },
    });
    const noAnswer = { ...input({ displayName: "Changed" }), audience: "teens" } as unknown as ProfileInput;
    expect(await saveProfile(harness.database.db, actor(me), undefined, noAnswer)).toEqual({ status: "invalid", errors: { audience: AUDIENCE_REQUIRED } });
    expect(await stored(me.id)).toEqual(before);
  });

  it("reaches the cards and the profile page", async () => {
    const me = await performer();
    await saveProfile(harness.database.db, actor(me), undefined, input({ audience: "adults", categories: ["Villain", "18+ Events Only"] }));
    await harness.database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: FAR_FUTURE }).where(eq(profiles.id, me.id));
    const [card] = await cardsForIds(harness.database.db, [me.id]);
    expect(card).toMatchObject({ id: me.id, audience: "adults" });
    expect((await getPublicProfile(harness.database.db, me.id))?.audience).toBe("adults");
  });
});

describe(`the dashboard asks a profile without an answer (${ENGINE})`, () => {
  const ask = (who: Performer, audience?: Audience) =>
    call(dashboardRoute.action, postRequest("/dashboard", audience ? { intent: "audience", audience } : { intent: "audience" }, who.cookie), harness.services);
  const asks = async (who: Performer) =>
    ((await call(dashboardRoute.loader, getRequest("/dashboard", who.cookie), harness.services)).data as { summary: { askAudience: boolean } }).summary.askAudience;

  it("until it is answered, saving the answer, taking off the category it refuses and thanking in a toast", async () => {
    const me = await performer();
    await unanswered(me, ["Villain", "Kids' Parties Only"], { adultThemesOk: true });
    await harness.database.db.execute(sql`update profiles set search_text = 'Old Timer Villain Kids Parties Only' where id = ${me.id}`);
    expect(await asks(me)).toBe(true);

    const empty = await ask(me);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ audienceError: AUDIENCE_REQUIRED });

    const answered = await ask(me, "adults");
    expect(answered.status).toBe(302);
    expect(answered.location).toBe("/dashboard");
    expect(await flashOf(answered)).toEqual({
      type: "success",
      message: "Thanks! Your profile now says: Adults only (18+). Kids' Parties Only was taken off your categories, as it doesn't fit that answer.",
    });
    const after = await stored(me.id);
    expect(after).toMatchObject({ audience: "adults", familyFriendlyOnly: false, adultThemesOk: true, categories: ["Villain"] });
    // The search document lost the category's words with it.
    expect(after.searchText).toContain("Villain");
    expect(after.searchText).not.toContain("Kids");
    expect(await asks(me)).toBe(false);
  });

  it("refuses an answer that would leave no category, with nothing written, and never asks without a profile", async () => {
    const me = await performer();
    await unanswered(me, ["Kids' Parties Only"], { familyFriendlyOnly: true, adultThemesOk: true });
    const before = await stored(me.id);
    const refused = await ask(me, "all");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      audienceError: "Your only category, Kids' Parties Only, doesn't fit shows for all ages. Choose categories that fit in Edit Profile, and answer there.",
      audienceValue: "all",
    });
    expect(await stored(me.id)).toEqual(before);

    // The answer that fits is taken, and family-friendly follows it; adult themes go with kids.
    expect((await ask(me, "kids")).status).toBe(302);
    expect(await stored(me.id)).toMatchObject({ audience: "kids", familyFriendlyOnly: true, adultThemesOk: false, categories: ["Kids' Parties Only"] });

    const newcomer = await performer();
    expect(await asks(newcomer)).toBe(false);
    expect((await ask(newcomer, "kids")).status).toBe(404);
  });
});

// Migration 0017 reads old profiles' answers. A database is migrated only as far as 0016 (a copy of
// the migrations folder whose journal stops there), given profiles as they were, then migrated the
// rest of the way, exactly as a deployment would.
describe(`migration 0017's reading of older profiles (${ENGINE})`, () => {
  const OLD_PROFILES: { id: string; categories: string[]; familyFriendlyOnly: boolean; adultThemesOk: boolean; expected: Audience | null }[] = [
    { id: "old-adults", categories: ["Villain", "18+ Events Only"], familyFriendlyOnly: true, adultThemesOk: true, expected: "adults" },
    { id: "old-kids", categories: ["Hero", "Kids' Parties Only"], familyFriendlyOnly: false, adultThemesOk: false, expected: "kids" },
    { id: "old-all", categories: ["Fantasy"], familyFriendlyOnly: true, adultThemesOk: false, expected: "all" },
    { id: "old-both", categories: ["Kids' Parties Only", "18+ Events Only"], familyFriendlyOnly: false, adultThemesOk: false, expected: null },
    { id: "old-kids-adult-themes", categories: ["Kids' Parties Only"], familyFriendlyOnly: true, adultThemesOk: true, expected: null },
    { id: "old-silent", categories: ["Hero"], familyFriendlyOnly: false, adultThemesOk: false, expected: null },
    { id: "old-open", categories: ["Cosplay"], familyFriendlyOnly: false, adultThemesOk: true, expected: null },
  ];

  it("answers where the old fields agree, leaves the rest unknown, and makes family-friendly follow", { timeout: 120_000 }, async () => {
    const database = await migratedAfter("0016_email_confirmation", async (run) => {
      for (const old of OLD_PROFILES) {
        await run(`insert into "user" (id, name, email) values ($1, $1, $2)`, [old.id, `${old.id}@example.com`]);
        await run(
          `insert into profiles (id, display_name, state, city, is_active, payment_status, payment_expiry, family_friendly_only, adult_themes_ok)
           values ($1, $1, 'TX', 'Austin', true, 'paid', '2999-12-31', $2, $3)`,
          [old.id, old.familyFriendlyOnly, old.adultThemesOk],
        );
        for (const category of old.categories) await run(`insert into profile_categories (profile_id, category) values ($1, $2)`, [old.id, category]);
      }
    });
    try {
      const rows = await database.run(
        `select p.id, p.audience, p.family_friendly_only, p.adult_themes_ok, s.audience as listed_audience, s.categories as listed_categories
         from profiles p join profile_search s on s.id = p.id order by p.id`,
      );
      const byId = new Map(rows.map((row) => [row.id as string, row]));
      for (const old of OLD_PROFILES) {
        const row = byId.get(old.id)!;
        expect({ id: old.id, audience: row.audience }).toEqual({ id: old.id, audience: old.expected });
        // The listing filters' copy carries it too.
        expect(row.listed_audience).toBe(old.expected);
        // Family-friendly follows an inferred answer; an unknown one keeps what the performer ticked.
        expect(row.family_friendly_only).toBe(old.expected === null ? old.familyFriendlyOnly : old.expected !== "adults");
        expect(row.adult_themes_ok).toBe(old.adultThemesOk);
        // Migration 0027 copied the categories written before it.
        expect(row.listed_categories).toEqual([...old.categories].sort());
      }
    } finally {
      await database.close();
    }
  });
});
