import { sql } from "drizzle-orm";
import { formatDay } from "~/lib/calendar";
import { DEFAULT_TIME_ZONE, STATE_TIME_ZONES } from "~/lib/state-time-zones";
import type { Executor } from "../db/client.server";
import { enqueueEmail } from "../mail/outbox.server";
import { inquiryReminderEmail } from "../mail/reminder-templates.server";
import type { AppConfig } from "../platform/config.server";
import { rowsOf } from "../search/rows.server";
import { enqueuePushForUser, firstName, inquiryPath, reminderAlert } from "./alerts.server";

// Reminders of an inquiry the performer has not opened: 4 hours after it came, then 24 hours after,
// by email and on every device with alerts on. Each goes once (an inquiry_reminders row, taken in
// the transaction that queues it, whoever runs the job), and never at night in the performer's
// time zone (their state's, as the calendar reads it): one that falls due between 9 pm and 8 am
// waits for the first run after 8. Opening or marking the inquiry read stops them. `now` is a
// parameter so the demo clock can run the job as if days had passed.

export const REMINDER_HOURS = [4, 24] as const;
/** Local hours with no reminder: from 21:00 to 08:00. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** Past this age an unread inquiry gets no reminder: one that missed its day is not news any more. */
const REMINDER_WINDOW_HOURS = 48;
const BATCH = 200;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) it is at `instant` in `timeZone`. */
export function localHour(timeZone: string, instant: Date): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" });
    hourFormatters.set(timeZone, formatter);
  }
  return Number(formatter.formatToParts(instant).find((part) => part.type === "hour")?.value ?? 0);
}

export function isQuietHour(timeZone: string, instant: Date): boolean {
  const hour = localHour(timeZone, instant);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

export interface ReminderContext {
  db: Executor;
  config: Pick<AppConfig, "publicUrl" | "siteName">;
}

export interface ReminderRunResult {
  /** Reminders queued (each with its mail and the alerts for the performer's devices). */
  reminded: number;
}

/**
 * The condition "it is daytime where this performer lives" at `now`, as a list of states: a state
 * is its zone (state-time-zones.ts), and a profile without a known state counts on the default
 * zone's clock, as the calendar does. Deciding it in the query keeps a night's worth of waiting
 * reminders from filling a batch ahead of those that may go.
 */
function daytimeCondition(now: Date) {
  const states = Object.keys(STATE_TIME_ZONES);
  const awake = states.filter((state) => !isQuietHour(STATE_TIME_ZONES[state], now));
  const awakeList = awake.length > 0 ? sql`upper(p.state) in (${sql.join(awake.map((s) => sql`${s}`), sql`, `)})` : sql`false`;
  if (isQuietHour(DEFAULT_TIME_ZONE, now)) return awakeList;
  const known = sql.join(states.map((s) => sql`${s}`), sql`, `);
  return sql`(${awakeList} or p.state is null or upper(p.state) not in (${known}))`;
}

interface DueRow {
  id: string;
  profile_id: string;
  sender_name: string;
  city: string;
  event_date: string | null;
  created_ms: number;
  after_hours: number;
  display_name: string | null;
  to_address: string;
}

/** Queues the reminders due at `now`; safe to run in several processes and as often as wanted. */
export async function sendInquiryReminders(ctx: ReminderContext, now: Date): Promise<ReminderRunResult> {
  const at = now.toISOString();
  const result: ReminderRunResult = { reminded: 0 };
  // Each inquiry's latest reminder that is due and not sent: the 24-hour one replaces a 4-hour one
  // that never went (the job was down), so a late run sends one reminder, not two.
  const due = rowsOf<DueRow>(
    await ctx.db.execute(sql`
      select m.id, m.profile_id, m.sender_name, m.city, m.event_date::text as event_date,
             (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
             stage.after_hours, p.display_name, coalesce(p.contact_email, u.email) as to_address
      from contact_messages m
      join profiles p on p.id = m.profile_id
      join "user" u on u.id = p.id
      cross join lateral (
        select case when m.created_at <= ${at}::timestamptz - interval '24 hours' then 24 else 4 end as after_hours
      ) stage
      where not m.is_read and m.first_read_at is null
        and m.created_at <= ${at}::timestamptz - interval '4 hours'
        and m.created_at > ${at}::timestamptz - make_interval(hours => ${REMINDER_WINDOW_HOURS}::integer)
        and not exists (select 1 from inquiry_reminders r where r.inquiry_id = m.id and r.after_hours = stage.after_hours)
        and ${daytimeCondition(now)}
      order by m.created_at
      limit ${BATCH}
    `),
  );
  for (const row of due) {
    if (await remind(ctx, row)) result.reminded++;
  }
  return result;
}

async function remind(ctx: ReminderContext, row: DueRow): Promise<boolean> {
  const { publicUrl, siteName } = ctx.config;
  return ctx.db.transaction(async (tx) => {
    // Taken only while the inquiry is still unread: one opened since the read above gets nothing.
    const taken = rowsOf<{ inquiry_id: string }>(
      await tx.execute(sql`
        insert into inquiry_reminders (inquiry_id, after_hours)
        select id, ${row.after_hours}::smallint from contact_messages
        where id = ${row.id} and not is_read and first_read_at is null
        on conflict do nothing
        returning inquiry_id
      `),
    );
    if (taken.length === 0) return false;
    const inquiry = {
      id: row.id,
      senderName: row.sender_name,
      city: row.city,
      eventDate: row.event_date,
      createdAt: new Date(Number(row.created_ms)),
    };
    const name = firstName(row.sender_name);
    const city = row.city.trim();
    const lead = [row.event_date ? `for ${formatDay(row.event_date)}` : "", city ? `in ${city}` : ""].filter(Boolean).join(" ");
    await enqueueEmail(
      tx,
      inquiryReminderEmail({
        siteName,
        to: row.to_address,
        performerName: row.display_name ?? "there",
        parentFirstName: name,
        lead,
        afterHours: row.after_hours,
        inquiryUrl: `${publicUrl}${inquiryPath(row.id)}`,
      }),
    );
    await enqueuePushForUser(tx, row.profile_id, reminderAlert(inquiry, row.after_hours));
    return true;
  });
}

