import { asc, eq, sql } from "drizzle-orm";
import { monthYear, type TrustBadges } from "~/lib/trust";
import type { Executor } from "../db/client.server";
import { trustPeople, user } from "../db/schema";

// What the profile's trust section states (the public page and the owner's preview alike): each
// person who may arrive with their own reviewed background check, if one holds today; the insurance
// the profile row keeps; whether the account's address was confirmed; and the month it was listed.
// All of it is compared with `today` here, so a badge goes the day it ends with no job.

export interface TrustRowFacts {
  insuredUntil: string | null;
  insuredLimitDollars: number | null;
  createdAt: Date | null;
}

export async function readTrustBadges(db: Executor, profileId: string, row: TrustRowFacts, today: string): Promise<TrustBadges> {
  const [people, [account]] = await Promise.all([
    db
      .select({
        name: trustPeople.fullName,
        // Written out with an alias: the inner and outer tables both have an "id".
        checkedUntil: sql<string | null>`(select max(d.valid_until)::text from trust_documents d
          where d.person_id = "trust_people"."id" and d.kind = 'background_check'
            and d.status = 'approved' and d.valid_until >= ${today}::date)`,
      })
      .from(trustPeople)
      .where(eq(trustPeople.profileId, profileId))
      .orderBy(asc(trustPeople.createdAt), asc(trustPeople.id)),
    db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, profileId)),
  ]);
  const insured = row.insuredUntil && row.insuredLimitDollars && row.insuredUntil >= today ? { limitDollars: row.insuredLimitDollars, until: row.insuredUntil } : null;
  return {
    people,
    insurance: insured,
    emailConfirmed: account?.confirmed ?? false,
    listedSince: row.createdAt ? monthYear(row.createdAt.toISOString().slice(0, 10)) : null,
  };
}

