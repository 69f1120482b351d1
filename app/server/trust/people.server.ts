import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { trustPeople } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { refreshTrustFigures } from "./figures.server";

// The people who may arrive in costume for a listing. A group's badge names each of them, and its
// "checked" figure needs every one covered, so adding a person may take the badge away until their
// check is reviewed: that is the point. Their documents keep the name they were uploaded under.

/** A crew larger than this is not a costume act. */
export const MAX_TRUST_PEOPLE = 20;

export interface TrustPerson {
  id: string;
  fullName: string;
}

export async function listTrustPeople(db: Executor, profileId: string): Promise<TrustPerson[]> {
  return db
    .select({ id: trustPeople.id, fullName: trustPeople.fullName })
    .from(trustPeople)
    .where(eq(trustPeople.profileId, profileId))
    .orderBy(asc(trustPeople.createdAt), asc(trustPeople.id));
}

export type PersonOutcome = { ok: true } | { ok: false; message: string };

export async function addTrustPerson(db: Executor, profileId: string, fullName: string): Promise<PersonOutcome> {
  return db.transaction(async (tx): Promise<PersonOutcome> => {
    // The profile row's lock orders concurrent adds, so the cap holds.
    await tx.execute(sql`select 1 from profiles where id = ${profileId} for update`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(trustPeople)
      .where(eq(trustPeople.profileId, profileId))) as [{ count: number }];
    if (count >= MAX_TRUST_PEOPLE) return { ok: false, message: `A listing may name at most ${MAX_TRUST_PEOPLE} people.` };
    await tx.insert(trustPeople).values({ profileId, fullName });
    await refreshTrustFigures(tx, profileId);
    return { ok: true };
  });
}

export async function removeTrustPerson(db: Executor, profileId: string, personId: string): Promise<PersonOutcome> {
  if (!isUuid(personId)) return { ok: false, message: "That person is no longer on your list." };
  return db.transaction(async (tx): Promise<PersonOutcome> => {
    const gone = await tx
      .delete(trustPeople)
      .where(and(eq(trustPeople.id, personId), eq(trustPeople.profileId, profileId)))
      .returning({ id: trustPeople.id });
    if (gone.length === 0) return { ok: false, message: "That person is no longer on your list." };
    await refreshTrustFigures(tx, profileId);
    return { ok: true };
  });
}
