import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";

// The review figures kept on the profile row (migration 0037): published reviews and their stars,
// parties both sides confirmed (or with a published review) and no-shows an admin confirmed. Called
// in every transaction that changes one of them, so cards and listings read them for free. The row
// is written only when a figure changed: every write of profiles also rewrites its search copy.

export async function refreshReviewFigures(tx: Executor, profileId: string): Promise<void> {
  await tx.execute(sql`
    update profiles p set
      review_count = f.review_count,
      rating_total = f.rating_total,
      confirmed_parties = f.confirmed_parties,
      confirmed_no_shows = f.confirmed_no_shows
    from (
      select
        (select count(*)::int from reviews where profile_id = ${profileId} and status = 'published') as review_count,
        (select coalesce(sum(rating), 0)::int from reviews where profile_id = ${profileId} and status = 'published') as rating_total,
        (select count(*)::int from review_requests r
           where r.profile_id = ${profileId}
             and ((r.performer_answer = 'booked' and r.parent_answer = 'booked')
                  or exists (select 1 from reviews v where v.request_id = r.id and v.status = 'published'))) as confirmed_parties,
        (select count(*)::int from review_requests where profile_id = ${profileId} and no_show_status = 'confirmed') as confirmed_no_shows
    ) f
    where p.id = ${profileId}
      and (p.review_count, p.rating_total, p.confirmed_parties, p.confirmed_no_shows)
        is distinct from (f.review_count, f.rating_total, f.confirmed_parties, f.confirmed_no_shows)
  `);
}
