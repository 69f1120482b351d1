import { sql, type SQL } from "drizzle-orm";
import { REPLY_GRACE_HOURS, REPLY_MIN_INQUIRIES, REPLY_WINDOW_DAYS } from "~/lib/reply-figures";
import type { Executor } from "../db/client.server";

// "Usually replies within N hours · replies to 95% of inquiries" and the "Quick to reply" badge
// (app/lib/reply-figures.ts) rest on profiles.reply_hours and reply_rate, kept here so a listing
// reads two columns of the row it already reads and computes nothing per request.
//
// Over the inquiries of the last REPLY_WINDOW_DAYS: the median of hours from arrival to the first
// answer (a reply, a decline, or "I replied" by mail, phone or text), rounded up and at least 1;
// and the percent of them answered. An inquiry still waiting for an answer counts only once it is
// REPLY_GRACE_HOURS old, so a performer is not marked down for one that came in an hour ago. Under
// REPLY_MIN_INQUIRIES counted, both stay null and nothing is shown.

export { REPLY_GRACE_HOURS, REPLY_MIN_INQUIRIES, REPLY_WINDOW_DAYS };

function refreshSql(now: Date, profileId: string | null): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const only = profileId === null ? sql`` : sql`and m.profile_id = ${profileId}`;
  const targetsOnly = profileId === null ? sql`` : sql`and p.id = ${profileId}`;
  return sql`
    with counted as (
      select m.profile_id,
        count(*)::int as n,
        count(m.answered_at)::int as answered,
        percentile_cont(0.5) within group (order by greatest(0, extract(epoch from (m.answered_at - m.created_at)) / 3600.0))
          filter (where m.answered_at is not null) as median
      from contact_messages m
      where m.created_at > ${at} - make_interval(days => ${REPLY_WINDOW_DAYS})
        and m.created_at <= ${at}
        and (m.answered_at is not null or m.created_at <= ${at} - make_interval(hours => ${REPLY_GRACE_HOURS}))
        ${only}
      group by m.profile_id
    ),
    figures as (
      select profile_id,
        case when n >= ${REPLY_MIN_INQUIRIES} and median is not null then greatest(1, ceil(median))::int end as hours,
        case when n >= ${REPLY_MIN_INQUIRIES} then round(100.0 * answered / n)::smallint end as rate
      from counted
    ),
    targets as (
      select p.id, f.hours, f.rate
      from profiles p left join figures f on f.profile_id = p.id
      where (f.profile_id is not null or p.reply_hours is not null or p.reply_rate is not null) ${targetsOnly}
    )
    update profiles set reply_hours = targets.hours, reply_rate = targets.rate
    from targets
    where profiles.id = targets.id
      and (profiles.reply_hours is distinct from targets.hours or profiles.reply_rate is distinct from targets.rate)`;
}

/** One performer's figures, right after they answered (writes only when a figure changed). */
export async function refreshReplyStats(db: Executor, profileId: string, now: Date = new Date()): Promise<void> {
  await db.execute(refreshSql(now, profileId));
}

/**
 * Every performer's figures as of `now`: inquiries leave the window and unanswered ones pass their
 * grace as time goes by, with nobody answering. One statement over the window's inquiries (the
 * created_at index), run by the `reply-stats` job and the demo clock.
 */
export async function refreshAllReplyStats(db: Executor, now: Date = new Date()): Promise<void> {
  await db.execute(refreshSql(now, null));
}
