import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";

// The trust figures kept on the profile row (migration 0040), so the profile's badges, the cards'
// mark and the filters read three columns instead of the documents:
// - checked_until: for each listed person the latest expiry of their approved background checks;
//   the earliest of those across people, and null unless every person has one unexpired today (a
//   group is "checked" only if whoever arrives is).
// - insured_until and insured_limit_dollars: the approved, unexpired insurance certificate valid
//   longest (the higher limit if two end the same day).
// Called in every transaction that changes an input: approval, rejection, a person added or
// removed, a document deleted. Readers still compare the dates with today, so nothing has to run
// on the day a badge ends. The row is written only when a figure changed: every write of profiles
// also rewrites its search copy.

/** Today's date (UTC) as YYYY-MM-DD, the form the date columns take. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export async function refreshTrustFigures(tx: Executor, profileId: string, today: string = todayIso()): Promise<void> {
  await tx.execute(sql`
    update profiles p set
      checked_until = f.checked_until,
      insured_until = f.insured_until,
      insured_limit_dollars = f.insured_limit_dollars
    from (
      select
        (select case when count(*) > 0 and count(*) = count(latest) then min(latest) end
           from (
             select (select max(d.valid_until) from trust_documents d
                      where d.person_id = tp.id and d.kind = 'background_check'
                        and d.status = 'approved' and d.valid_until >= ${today}::date) as latest
             from trust_people tp where tp.profile_id = ${profileId}
           ) people) as checked_until,
        ins.valid_until as insured_until,
        ins.liability_limit_dollars as insured_limit_dollars
      from (select 1) one
      left join lateral (
        select d.valid_until, d.liability_limit_dollars from trust_documents d
        where d.profile_id = ${profileId} and d.kind = 'insurance' and d.status = 'approved'
          and d.valid_until >= ${today}::date
        order by d.valid_until desc, d.liability_limit_dollars desc
        limit 1
      ) ins on true
    ) f
    where p.id = ${profileId}
      and (p.checked_until, p.insured_until, p.insured_limit_dollars)
        is distinct from (f.checked_until, f.insured_until, f.insured_limit_dollars)
  `);
}
