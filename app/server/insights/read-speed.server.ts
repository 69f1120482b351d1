import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";

/**
 * "Usually reads inquiries within N hours" rests on the performer's recent behaviour only: the
 * latest READ_SAMPLE first reads within READ_WINDOW_DAYS. Fewer than READ_MIN_SAMPLES reads say too
 * little (one lucky quick read would promise what the performer does not do), so the figure stays
 * unset and nothing is shown.
 */
export const READ_SAMPLE = 20;
export const READ_WINDOW_DAYS = 180;
export const READ_MIN_SAMPLES = 3;

/**
 * Recomputes profiles.inquiry_read_hours: the median of hours from an inquiry's arrival to its first
 * read, rounded up to whole hours (and at least 1, since "within 0 hours" reads oddly), or NULL
 * without enough reads. Called right after an inquiry's first_read_at is stamped.
 */
export async function refreshInquiryReadHours(executor: Executor, profileId: string): Promise<void> {
  // Reads the profile's own inquiries by (profile_id, created_at), and writes only when the figure
  // changed, so the usual first read costs one short index scan and no row update.
  await executor.execute(sql`
    with figure as (
      select case when count(*) >= ${READ_MIN_SAMPLES}
        then greatest(1, ceil(percentile_cont(0.5) within group (order by hours)))::int
        else null end as hours
      from (
        select extract(epoch from (first_read_at - created_at)) / 3600.0 as hours
        from contact_messages
        where profile_id = ${profileId}
          and first_read_at is not null
          and created_at > now() - make_interval(days => ${READ_WINDOW_DAYS})
        order by created_at desc
        limit ${READ_SAMPLE}
      ) recent
    )
    update profiles set inquiry_read_hours = figure.hours
    from figure
    where profiles.id = ${profileId} and profiles.inquiry_read_hours is distinct from figure.hours
  `);
}
