import { asc, eq, inArray } from "drizzle-orm";
import type { OfferInput } from "~/lib/package-schema";
import {
  PAYMENT_METHODS,
  type DepositRule,
  type PackageInput,
  type PaymentMethod,
  type TravelFeeRule,
} from "~/lib/package-rules";
import type { OfferView } from "~/lib/package-view";
import type { Executor } from "../db/client.server";
import { profilePackages, profiles } from "../db/schema";

// A profile's packages, travel-fee rule and deposit: read for the editor and the public pages,
// written only inside the profile editor's save transaction (saveProfile).

interface RuleColumns {
  travelFeeKind: string | null;
  travelFeeFreeMiles: number | null;
  travelFeeCentsPerMile: number | null;
  travelFeeFlat: number | null;
}

/** The stored travel-fee columns as a rule (the table's CHECK keeps them consistent). */
export function travelFeeOf(row: RuleColumns): TravelFeeRule {
  if (
    row.travelFeeKind === "per_mile" &&
    row.travelFeeFreeMiles !== null &&
    row.travelFeeCentsPerMile !== null
  ) {
    return {
      kind: "per_mile",
      freeMiles: row.travelFeeFreeMiles,
      centsPerMile: row.travelFeeCentsPerMile,
    };
  }
  if (row.travelFeeKind === "flat" && row.travelFeeFlat !== null)
    return { kind: "flat", dollars: row.travelFeeFlat };
  return { kind: "none" };
}

export function depositOf(row: {
  depositKind: string | null;
  depositAmount: number | null;
}): DepositRule {
  if (row.depositKind === "percent" && row.depositAmount !== null)
    return { kind: "percent", percent: row.depositAmount };
  if (row.depositKind === "dollars" && row.depositAmount !== null)
    return { kind: "dollars", dollars: row.depositAmount };
  return { kind: "none" };
}

/** The `profiles` columns an offer sets, for the save's row. */
export function offerColumns(offer: OfferInput) {
  const fee = offer.travelFee;
  const deposit = offer.deposit;
  return {
    travelFeeKind: fee.kind,
    travelFeeFreeMiles: fee.kind === "per_mile" ? fee.freeMiles : null,
    travelFeeCentsPerMile: fee.kind === "per_mile" ? fee.centsPerMile : null,
    travelFeeFlat: fee.kind === "flat" ? fee.dollars : null,
    depositKind: deposit.kind,
    depositAmount:
      deposit.kind === "percent"
        ? deposit.percent
        : deposit.kind === "dollars"
          ? deposit.dollars
          : null,
    paymentMethods: [...offer.paymentMethods],
  };
}

export const offerRuleColumns = {
  travelFeeKind: profiles.travelFeeKind,
  travelFeeFreeMiles: profiles.travelFeeFreeMiles,
  travelFeeCentsPerMile: profiles.travelFeeCentsPerMile,
  travelFeeFlat: profiles.travelFeeFlat,
  depositKind: profiles.depositKind,
  depositAmount: profiles.depositAmount,
  paymentMethods: profiles.paymentMethods,
};

/** Replaces a profile's packages with the offer's, in slot order. Run inside the save's transaction. */
export async function replacePackages(
  tx: Executor,
  profileId: string,
  packages: readonly PackageInput[],
): Promise<void> {
  await tx
    .delete(profilePackages)
    .where(eq(profilePackages.profileId, profileId));
  if (packages.length === 0) return;
  await tx.insert(profilePackages).values(
    packages.map((item, position) => ({
      profileId,
      position,
      name: item.name,
      minutes: item.minutes,
      included: item.included,
      maxChildren: item.maxChildren,
      price: item.price,
    })),
  );
}

async function packagesOf(
  db: Executor,
  profileId: string,
): Promise<PackageInput[]> {
  return db
    .select({
      name: profilePackages.name,
      minutes: profilePackages.minutes,
      included: profilePackages.included,
      maxChildren: profilePackages.maxChildren,
      price: profilePackages.price,
    })
    .from(profilePackages)
    .where(eq(profilePackages.profileId, profileId))
    .orderBy(asc(profilePackages.position));
}

const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/**
 * A profile's whole offer. The caller decides who may see it (the profile's visibility rule or the
 * owner's guard); `rules` are the profile row's columns when the caller already read them.
 */
export async function readOffer(
  db: Executor,
  profileId: string,
  rules?: RuleColumns & {
    depositKind: string | null;
    depositAmount: number | null;
    paymentMethods: string[] | null;
  },
): Promise<OfferView & { paymentMethods: PaymentMethod[] }> {
  let columns = rules;
  if (!columns) {
    [columns] = await db
      .select(offerRuleColumns)
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .limit(1);
  }
  const packages = await packagesOf(db, profileId);
  if (!columns)
    return {
      packages,
      travelFee: { kind: "none" },
      deposit: { kind: "none" },
      paymentMethods: [],
    };
  return {
    packages,
    travelFee: travelFeeOf(columns),
    deposit: depositOf(columns),
    paymentMethods: (columns.paymentMethods ?? []).filter(isPaymentMethod),
  };
}

/** Each profile's cheapest package (the shorter on a tie), for a page of cards: one query. */
export async function cheapestPackagesOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string; price: number; minutes: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([profilePackages.profileId], {
      profileId: profilePackages.profileId,
      name: profilePackages.name,
      price: profilePackages.price,
      minutes: profilePackages.minutes,
    })
    .from(profilePackages)
    .where(inArray(profilePackages.profileId, [...ids]))
    .orderBy(
      profilePackages.profileId,
      profilePackages.price,
      profilePackages.minutes,
      profilePackages.position,
    );
  return new Map(rows.map(({ profileId, ...item }) => [profileId, item]));
}
