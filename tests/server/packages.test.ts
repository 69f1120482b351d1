import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allInPrice, lowestAllInPrice, travelFeeFor } from "~/lib/all-in-price";
import { emptyOfferValues, offerValues, PACKAGE_MESSAGES, validateOffer, type OfferFormValues, type OfferInput } from "~/lib/package-schema";
import { allInLine, cardPackageLine, depositSentence, travelFeeSentence } from "~/lib/package-view";
import { defaultProfileValues, validateProfile, type ProfileInput } from "~/lib/profile-schema";
import { action, type loader } from "~/routes/dashboard.edit-profile";
import { createAuth, type SessionUser } from "~/server/auth/auth.server";
import { profilePackages, profiles, user } from "~/server/db/schema";
import { cardsForIds, getPublicProfile } from "~/server/directory/directory.server";
import { createInsightsCounter } from "~/server/insights/counter.server";
import { loadConfig } from "~/server/platform/config.server";
import { createMetrics } from "~/server/platform/metrics.server";
import type { AppServices } from "~/server/platform/services.server";
import { loadProfileForEdit, saveProfile } from "~/server/profiles/profile-editor.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const BIO = "Storybook princess visits for birthday parties: songs, a coronation for the birthday child, games and photos with everyone.";
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

function offer(overrides: Partial<OfferFormValues> = {}) {
  return validateOffer({ ...emptyOfferValues(), ...overrides });
}

function errorsOf(overrides: Partial<OfferFormValues>) {
  const result = offer(overrides);
  return result.ok ? {} : result.errors;
}

const partyVisit = { package0Name: "Party visit", package0Minutes: "45", package0Price: "150" };

describe("package validation", () => {
  it("reads a package, the travel rule, the deposit and the methods", () => {
    const result = offer({
      ...partyVisit,
      package0Included: "Songs, games and photos",
      package0MaxChildren: "20",
      package2Name: "Royal ball",
      package2Minutes: "90",
      package2Price: "$1,250",
      travelFeeKind: "per_mile",
      travelFeeFreeMiles: "15",
      travelFeePerMile: "1.5",
      depositKind: "percent",
      depositAmount: "25",
      paymentMethods: ["Zelle", "Cash", "Bitcoin"],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      packages: [
        { name: "Party visit", minutes: 45, included: "Songs, games and photos", maxChildren: 20, price: 150 },
        { name: "Royal ball", minutes: 90, included: "", maxChildren: null, price: 1250 },
      ],
      travelFee: { kind: "per_mile", freeMiles: 15, centsPerMile: 150 },
      deposit: { kind: "percent", percent: 25 },
      // The fixed list's order; a method not offered is dropped.
      paymentMethods: ["Cash", "Zelle"],
    });
  });

  it("treats an empty slot as no package, and asks for what a started one lacks", () => {
    expect(offer({}).ok).toBe(true);
    expect(errorsOf({ package1Included: "Balloons" })).toEqual({
      package1Name: PACKAGE_MESSAGES.nameRequired,
      package1Minutes: PACKAGE_MESSAGES.minutes.empty,
      package1Price: PACKAGE_MESSAGES.price.empty,
    });
  });

  it("says what is wrong with each package field", () => {
    expect(errorsOf({ ...partyVisit, package0Name: "x".repeat(61) })).toEqual({ package0Name: "Package name must be 60 characters or fewer" });
    expect(errorsOf({ ...partyVisit, package0Name: "Party\nvisit" })).toEqual({ package0Name: "Please keep this on one line" });
    expect(errorsOf({ ...partyVisit, package0Minutes: "45.5" })).toEqual({ package0Minutes: "Enter the length as a whole number of minutes, like 45" });
    expect(errorsOf({ ...partyVisit, package0Minutes: "5" })).toEqual({ package0Minutes: "Length must be between 10 and 720 minutes" });
    expect(errorsOf({ ...partyVisit, package0Included: "y".repeat(301) })).toEqual({ package0Included: "What is included must be 300 characters or fewer" });
    expect(errorsOf({ ...partyVisit, package0MaxChildren: "lots" })).toEqual({ package0MaxChildren: "Enter the most children as a whole number, like 20" });
    expect(errorsOf({ ...partyVisit, package0MaxChildren: "0" })).toEqual({ package0MaxChildren: "Most children must be between 1 and 500" });
    expect(errorsOf({ ...partyVisit, package0Price: "149.99" })).toEqual({ package0Price: "Enter the price in whole dollars, like 150" });
    expect(errorsOf({ ...partyVisit, package0Price: "0" })).toEqual({ package0Price: "Price must be between $1 and $100,000" });
  });

  it("says what is wrong with the travel fee and the deposit", () => {
    expect(errorsOf({ travelFeeKind: "barter" })).toEqual({ travelFeeKind: "Choose how you charge for travel" });
    expect(errorsOf({ travelFeeKind: "per_mile" })).toEqual({
      travelFeeFreeMiles: "Enter how many miles are free (0 if none)",
      travelFeePerMile: "Enter the fee per mile, like 1.50",
    });
    expect(errorsOf({ travelFeeKind: "per_mile", travelFeeFreeMiles: "ten", travelFeePerMile: "1.505" })).toEqual({
      travelFeeFreeMiles: "Enter the free miles as a whole number, like 15",
      travelFeePerMile: "Enter the fee per mile in dollars and cents, like 1.50",
    });
    expect(errorsOf({ travelFeeKind: "per_mile", travelFeeFreeMiles: "1001", travelFeePerMile: "0" })).toEqual({
      travelFeeFreeMiles: "Free miles must be between 0 and 1,000",
      travelFeePerMile: "Fee per mile must be between $0.01 and $50.00",
    });
    expect(errorsOf({ travelFeeKind: "flat" })).toEqual({ travelFeeFlat: "Enter the flat travel fee in whole dollars" });
    expect(errorsOf({ travelFeeKind: "flat", travelFeeFlat: "12.50" })).toEqual({ travelFeeFlat: "Enter the flat fee in whole dollars, like 40" });
    expect(errorsOf({ travelFeeKind: "flat", travelFeeFlat: "20000" })).toEqual({ travelFeeFlat: "Flat fee must be between $1 and $10,000" });
    // The other kind's boxes are ignored, whatever they hold.
    expect(errorsOf({ travelFeeKind: "flat", travelFeeFlat: "40", travelFeeFreeMiles: "junk" })).toEqual({});
    expect(errorsOf({ depositKind: "some" })).toEqual({ depositKind: "Choose a deposit type" });
    expect(errorsOf({ depositKind: "percent" })).toEqual({ depositAmount: "Enter the deposit as a percentage" });
    expect(errorsOf({ depositKind: "percent", depositAmount: "12.5" })).toEqual({ depositAmount: "Enter the percentage as a whole number, like 25" });
    expect(errorsOf({ depositKind: "percent", depositAmount: "150" })).toEqual({ depositAmount: "Deposit must be between 1% and 100%" });
    expect(errorsOf({ depositKind: "dollars" })).toEqual({ depositAmount: "Enter the deposit in whole dollars" });
    expect(errorsOf({ depositKind: "dollars", depositAmount: "fifty" })).toEqual({ depositAmount: "Enter the deposit in whole dollars, like 50" });
    expect(errorsOf({ depositKind: "dollars", depositAmount: "0" })).toEqual({ depositAmount: "Deposit must be between $1 and $100,000" });
  });

  it("shows a stored offer in the form as it reads back", () => {
    const stored: OfferInput = {
      packages: [{ name: "Party visit", minutes: 45, included: "", maxChildren: null, price: 150 }],
      travelFee: { kind: "per_mile", freeMiles: 10, centsPerMile: 125 },
      deposit: { kind: "dollars", dollars: 50 },
      paymentMethods: ["Venmo"],
    };
    const again = validateOffer(offerValues(stored));
    expect(again.ok && again.data).toEqual(stored);
  });
});

describe("all-in price", () => {
  const perMile = { kind: "per_mile", freeMiles: 15, centsPerMile: 200 } as const;

  it("charges nothing inside the free radius, its edge included", () => {
    expect(travelFeeFor(perMile, 0)).toBe(0);
    expect(travelFeeFor(perMile, 15)).toBe(0);
    // Miles are counted as the card shows them: 15.4 reads "about 15 mi".
    expect(travelFeeFor(perMile, 15.4)).toBe(0);
    expect(travelFeeFor(perMile, 15.6)).toBe(2);
    expect(travelFeeFor(perMile, 16)).toBe(2);
  });

  it("charges each mile past the radius and rounds cents half up to a dollar", () => {
    expect(allInPrice(150, perMile, 32)).toBe(184);
    const oddCents = { kind: "per_mile", freeMiles: 0, centsPerMile: 115 } as const;
    expect(travelFeeFor(oddCents, 3)).toBe(3); // $3.45
    expect(travelFeeFor(oddCents, 10)).toBe(12); // $11.50 rounds up
    expect(travelFeeFor({ kind: "per_mile", freeMiles: 0, centsPerMile: 149 }, 1)).toBe(1); // $1.49
  });

  it("adds a flat fee at any distance and nothing without a rule", () => {
    expect(allInPrice(150, { kind: "flat", dollars: 35 }, 0)).toBe(185);
    expect(allInPrice(150, { kind: "flat", dollars: 35 }, 400)).toBe(185);
    expect(allInPrice(150, { kind: "none" }, 400)).toBe(150);
  });

  it("takes the cheapest package, and has nothing to say without one", () => {
    expect(lowestAllInPrice([300, 150, 220], perMile, 20)).toBe(160);
    expect(lowestAllInPrice([], perMile, 20)).toBeNull();
  });

  it("words the card and profile lines", () => {
    const item = { name: "Party visit", price: 150, minutes: 45, travelFee: { kind: "flat", dollars: 35 } } as const;
    expect(cardPackageLine(item)).toBe("Party visit from $150 · 45 min");
    expect(allInLine(item, 12, "32801")).toBe("about $185 with travel to 32801");
    expect(travelFeeSentence(perMile)).toBe("Free travel within 15 miles, then $2 a mile.");
    expect(travelFeeSentence({ kind: "per_mile", freeMiles: 0, centsPerMile: 150 })).toBe("Travel fee: $1.50 a mile.");
    expect(depositSentence({ kind: "percent", percent: 25 })).toBe("Deposit to book: 25% of the price.");
    expect(depositSentence({ kind: "none" })).toBeNull();
  });
});

describe(`saving and reading packages (${engine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function makeUser(id: string): Promise<SessionUser> {
    const email = `${id}@example.com`;
    await database.db.insert(user).values({ id, name: id, email });
    return { id, email, isAdmin: false };
  }

  function profileInput(): ProfileInput {
    const result = validateProfile({
      ...defaultProfileValues("stage@example.com"),
      displayName: "Storybook Belle",
      bio: BIO,
      state: "FL",
      city: "Orlando",
      categories: ["Fantasy"],
      audience: "kids",
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  function offerInput(overrides: Partial<OfferFormValues>): OfferInput {
    const result = offer(overrides);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  it("saves packages with the profile, reads them back in the editor, the profile and the cards", async () => {
    const me = await makeUser("belle");
    const saved = await saveProfile(database.db, me, undefined, {
      ...profileInput(),
      offer: offerInput({
        package0Name: "Royal ball",
        package0Minutes: "90",
        package0Price: "320",
        package1Name: "Party visit",
        package1Minutes: "45",
        package1Price: "150",
        package1MaxChildren: "20",
        travelFeeKind: "per_mile",
        travelFeeFreeMiles: "15",
        travelFeePerMile: "2",
        depositKind: "dollars",
        depositAmount: "50",
        paymentMethods: ["Cash", "Venmo"],
      }),
    });
    expect(saved.status).toBe("saved");

    const edit = await loadProfileForEdit(database.db, me);
    expect(edit.status === "ok" && edit.data.offer).toMatchObject({
      package0Name: "Royal ball",
      package1Name: "Party visit",
      package1MaxChildren: "20",
      package2Name: "",
      travelFeeKind: "per_mile",
      travelFeePerMile: "2.00",
      depositKind: "dollars",
      depositAmount: "50",
      paymentMethods: ["Cash", "Venmo"],
    });

    // Listed, so the public reads see it.
    await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2999-12-31" }).where(eq(profiles.id, me.id));
    const profile = await getPublicProfile(database.db, me.id);
    expect(profile?.offer).toEqual({
      packages: [
        { name: "Royal ball", minutes: 90, included: "", maxChildren: null, price: 320 },
        { name: "Party visit", minutes: 45, included: "", maxChildren: 20, price: 150 },
      ],
      travelFee: { kind: "per_mile", freeMiles: 15, centsPerMile: 200 },
      deposit: { kind: "dollars", dollars: 50 },
      paymentMethods: ["Cash", "Venmo"],
    });
    const [card] = await cardsForIds(database.db, [me.id]);
    expect(card.cheapestPackage).toEqual({ name: "Party visit", price: 150, minutes: 45, travelFee: { kind: "per_mile", freeMiles: 15, centsPerMile: 200 } });
    expect(allInLine(card.cheapestPackage!, 32, "32801")).toBe("about $184 with travel to 32801");
  });

  it("replaces packages on the next save, and a save without the section leaves them alone", async () => {
    const me = await makeUser("belle-two");
    await saveProfile(database.db, me, undefined, { ...profileInput(), offer: offerInput({ ...partyVisit, package1Name: "Tea party", package1Minutes: "60", package1Price: "200" }) });
    await saveProfile(database.db, me, undefined, { ...profileInput(), offer: offerInput({ package2Name: "Tea party", package2Minutes: "60", package2Price: "210" }) });
    const rows = await database.db.select().from(profilePackages).where(eq(profilePackages.profileId, me.id));
    expect(rows.map((r) => [r.position, r.name, r.price])).toEqual([[0, "Tea party", 210]]);

    await saveProfile(database.db, me, undefined, profileInput());
    const kept = await database.db.select().from(profilePackages).where(eq(profilePackages.profileId, me.id));
    expect(kept).toHaveLength(1);
  });

  it("leaves a card without packages without the line", async () => {
    const me = await makeUser("no-packages");
    await saveProfile(database.db, me, undefined, profileInput());
    await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2999-12-31" }).where(eq(profiles.id, me.id));
    const [card] = await cardsForIds(database.db, [me.id]);
    expect(card.cheapestPackage).toBeNull();
  });

  describe("the editor's post", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "http://localhost:3000",
      BETTER_AUTH_SECRET: "route-test-secret-route-test-secret-0123",
      JOBS: "off",
    });
    let services: AppServices;
    let cookie = "";
    let id = "";

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
      const created = await services.auth.api.signUpEmail({ body: { email: "poster@example.com", password: "correct horse", name: "poster" } });
      const signedIn = await services.auth.api.signInEmail({ body: { email: "poster@example.com", password: "correct horse" }, returnHeaders: true });
      cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
      id = created.user.id;
    });

    function post(values: Record<string, string | string[]>) {
      const form = new FormData();
      const all = {
        displayName: "Poster Princess",
        contactEmail: "poster@example.com",
        bio: BIO,
        state: "FL",
        city: "Orlando",
        travelRadius: "short_distance",
        categories: ["Fantasy"],
        audience: "kids",
        offerSection: "1",
        travelFeeKind: "none",
        depositKind: "none",
        ...values,
      };
      for (const [key, value] of Object.entries(all)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
      const request = new Request("http://localhost:3000/dashboard/edit-profile", { method: "POST", body: form, headers: { cookie } });
      type Args = Parameters<typeof action>[0] & Parameters<typeof loader>[0];
      return action({ request, params: {}, context: services } as unknown as Args);
    }

    it("refuses a bad package beside its field and writes nothing", async () => {
      const answer = (await post({ ...partyVisit, package0Price: "cheap", displayName: "Renamed" })) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
      expect(answer.init.status).toBe(400);
      expect(answer.data.errors).toEqual({ package0Price: "Enter the price in whole dollars, like 150" });
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
      expect(row).toBeUndefined();
      expect(await database.db.select().from(profilePackages).where(eq(profilePackages.profileId, id))).toEqual([]);
    });

    it("saves a good one with the profile", async () => {
      const answer = (await post({ ...partyVisit, travelFeeKind: "flat", travelFeeFlat: "35" })) as Response;
      expect(answer.status).toBe(302);
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
      expect(row).toMatchObject({ displayName: "Poster Princess", travelFeeKind: "flat", travelFeeFlat: 35, depositKind: "none" });
      const packages = await database.db.select().from(profilePackages).where(eq(profilePackages.profileId, id));
      expect(packages.map((p) => p.name)).toEqual(["Party visit"]);
    });
  });
});
