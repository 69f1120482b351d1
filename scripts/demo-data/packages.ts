import { eq, isNotNull } from "drizzle-orm";
import { PAYMENT_METHODS } from "~/lib/package-rules";
import type { Executor } from "~/server/db/client.server";
import { profilePackages, profiles } from "~/server/db/schema";

// The demo's packages (issue 26): most performers offer one to three, priced from their own hourly
// minimum (or $100 without one) for the length, with a travel-fee rule, often a deposit and the ways
// they are paid. Every choice follows a hash of the performer's id, so one data set always gives
// the same offers.

/** A small, stable hash (FNV-1a) of text. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

const pick = <T>(id: string, what: string, list: readonly T[]): T => list[hash(`${id}:${what}`) % list.length];
const percent = (id: string, what: string) => hash(`${id}:${what}`) % 100;

const FAMILY_PACKAGES = [
  { name: "Meet and greet", minutes: 30, included: "A short visit: hellos, a song and photos with every child." },
  { name: "Party visit", minutes: 45, included: "Songs, games and photos with the birthday child and guests." },
  { name: "Birthday show", minutes: 60, included: "A full show: story, songs, games, a special moment for the birthday child and photos." },
  { name: "Deluxe party", minutes: 90, included: "Everything in the show plus face painting, a craft and a small gift for the birthday child." },
] as const;

const ADULT_PACKAGES = [
  { name: "Event appearance", minutes: 60, included: "In character among your guests, with photos." },
  { name: "Hosted evening", minutes: 120, included: "Hosting, a costume contest and photos through the evening." },
  { name: "Photo booth", minutes: 90, included: "In character beside your photo backdrop for the whole session." },
] as const;

/** A price for the length from an hourly minimum, to the nearest $5. */
function priceFor(hourly: number, minutes: number): number {
  return Math.max(40, Math.round((hourly * (minutes / 60) * 1.15) / 5) * 5);
}

export async function seedDemoPackages(tx: Executor): Promise<{ profiles: number; packages: number }> {
  const rows = await tx
    .select({ id: profiles.id, priceMin: profiles.priceMin, audience: profiles.audience })
    .from(profiles)
    .where(isNotNull(profiles.displayName));
  const packages: (typeof profilePackages.$inferInsert)[] = [];
  let offering = 0;
  for (const { id, priceMin, audience } of rows) {
    // About one in six keeps to the hourly price alone.
    if (percent(id, "offers") < 16) continue;
    offering += 1;
    const catalogue = audience === "adults" ? ADULT_PACKAGES : FAMILY_PACKAGES;
    const count = 1 + (hash(`${id}:count`) % 3);
    const start = hash(`${id}:start`) % catalogue.length;
    const chosen = Array.from({ length: Math.min(count, catalogue.length) }, (_, i) => catalogue[(start + i) % catalogue.length]);
    chosen.sort((a, b) => a.minutes - b.minutes);
    const hourly = priceMin ?? 100;
    chosen.forEach((item, position) => {
      packages.push({
        profileId: id,
        position,
        name: item.name,
        minutes: item.minutes,
        included: item.included,
        maxChildren: audience === "adults" ? null : pick(id, `children-${position}`, [10, 15, 20, 25, 30]),
        price: priceFor(hourly, item.minutes),
      });
    });

    const feeRoll = percent(id, "fee");
    const fee =
      feeRoll < 45
        ? {
            travelFeeKind: "per_mile",
            travelFeeFreeMiles: pick(id, "free", [10, 15, 20, 25]),
            travelFeeCentsPerMile: pick(id, "per-mile", [75, 100, 150, 200]),
            travelFeeFlat: null,
          }
        : feeRoll < 75
          ? { travelFeeKind: "flat", travelFeeFreeMiles: null, travelFeeCentsPerMile: null, travelFeeFlat: pick(id, "flat", [25, 35, 50]) }
          : { travelFeeKind: "none", travelFeeFreeMiles: null, travelFeeCentsPerMile: null, travelFeeFlat: null };
    const depositRoll = percent(id, "deposit");
    const deposit =
      depositRoll < 40
        ? { depositKind: "percent", depositAmount: pick(id, "deposit-percent", [20, 25, 50]) }
        : depositRoll < 60
          ? { depositKind: "dollars", depositAmount: pick(id, "deposit-dollars", [50, 75, 100]) }
          : { depositKind: "none", depositAmount: null };
    const paymentMethods = PAYMENT_METHODS.filter((method) => percent(id, `pays-${method}`) < 45);
    await tx
      .update(profiles)
      .set({ ...fee, ...deposit, paymentMethods })
      .where(eq(profiles.id, id));
  }
  for (let i = 0; i < packages.length; i += 500) await tx.insert(profilePackages).values(packages.slice(i, i + 500));
  return { profiles: offering, packages: packages.length };
}
