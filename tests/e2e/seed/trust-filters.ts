import { trustDocuments, trustPeople } from "~/server/db/schema";
import { refreshTrustFigures } from "~/server/trust/figures.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// Kentucky performers for the reviewed-document filters' journey (tests/e2e/trust-filters.spec.ts):
// no other feature seeds Kentucky, so /browse/KY holds exactly these. One has a background check
// and insurance an admin approved, valid for years; one had a check that lapsed; one has none.
// Their figures come from the documents through refreshTrustFigures, as an admin's approval leaves them.

const START = Date.UTC(2025, 6, 1);

export const TRUST_FILTERS = {
  checked: { id: "trust-ky-checked", displayName: "Bluegrass Belle", state: "KY", city: "Louisville", categories: ["Fantasy", "Kids' Parties Only"] },
  lapsed: { id: "trust-ky-lapsed", displayName: "Derby Day Dragon", state: "KY", city: "Louisville", categories: ["Fantasy"] },
  plain: { id: "trust-ky-plain", displayName: "Kentucky Comet Kid", state: "KY", city: "Lexington", categories: ["Hero"] },
} satisfies Record<string, ProfileFixture>;

async function approvedCheck(db: E2ESeedContext["db"], profileId: string, fullName: string, validUntil: string) {
  const [person] = await db.insert(trustPeople).values({ profileId, fullName }).returning({ id: trustPeople.id });
  await db.insert(trustDocuments).values({
    profileId,
    personId: person!.id,
    personName: fullName,
    kind: "background_check",
    status: "approved",
    provider: "Sterling",
    issuedOn: "2019-09-01",
    contentType: "application/pdf",
    byteSize: 1000,
    validUntil,
    decidedAt: new Date(),
  });
}

export async function seedTrustFilters({ db, mediaDir }: E2ESeedContext) {
  for (const [i, fixture] of (Object.values(TRUST_FILTERS) as ProfileFixture[]).entries()) {
    await insertProfile(db, { ...fixture, images: 1, createdAt: new Date(START + i * 60_000) }, mediaDir);
  }
  await approvedCheck(db, TRUST_FILTERS.checked.id, "Belle Carter", "2099-08-31");
  await db.insert(trustDocuments).values({
    profileId: TRUST_FILTERS.checked.id,
    kind: "insurance",
    status: "approved",
    provider: "Hiscox",
    expiresOn: "2099-08-31",
    liabilityLimitDollars: 1_000_000,
    contentType: "application/pdf",
    byteSize: 1000,
    validUntil: "2099-08-31",
    decidedAt: new Date(),
  });
  await refreshTrustFigures(db, TRUST_FILTERS.checked.id);
  // Approved, valid until the summer of 2020: the profile still holds the date, which today is past.
  await approvedCheck(db, TRUST_FILTERS.lapsed.id, "Dana Reyes", "2020-06-30");
  await refreshTrustFigures(db, TRUST_FILTERS.lapsed.id, "2020-01-01");
}
