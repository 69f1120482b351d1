import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import type { PushPayload } from "../db/schema";
import { rowsOf } from "../search/rows.server";

// What an alert says and how it is queued. The words name the parent by first name only, the
// party's date when the inquiry gave one, and the city: enough to know the lead at a glance on a
// locked screen, nothing more of what the parent wrote. Alerts are queued per device in the
// caller's transaction, so an alert exists exactly when the inquiry (or reminder) does.

export type PushKind = "inquiry" | "reminder" | "test";
export type PushUrgency = "very-low" | "low" | "normal" | "high";

export interface QueuedPush {
  kind: PushKind;
  payload: PushPayload;
  /** At most 32 URL-safe characters: a newer alert with the same topic replaces one not yet delivered. */
  topic: string | null;
  urgency: PushUrgency;
  /** How long the push service keeps it for a device that is off; also when the sender gives up. */
  ttlSeconds: number;
}

/** The facts of an inquiry an alert is made from. */
export interface InquiryFacts {
  id: string;
  senderName: string;
  city: string;
  eventDate: string | null;
  createdAt: Date;
}

const weekdayMonthDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** "Dana" from "Dana Ruiz": the first word, at most 30 characters. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return first.slice(0, 30) || "a parent";
}

/** "Sat Dec 12", with the year when it is not the inquiry's own year ("Sat Jan 2 2027"). */
export function alertDay(iso: string, inquiryYear: number): string {
  const day = new Date(`${iso}T00:00:00Z`);
  const words = weekdayMonthDay.format(day).replace(",", "");
  return day.getUTCFullYear() === inquiryYear ? words : `${words} ${day.getUTCFullYear()}`;
}

/** "for Sat Dec 12 in Orlando", "in Orlando": what the lead is, after the parent's name. */
function leadWords(inquiry: InquiryFacts): string {
  const city = inquiry.city.trim().slice(0, 40);
  const date = inquiry.eventDate ? `for ${alertDay(inquiry.eventDate, inquiry.createdAt.getUTCFullYear())}` : "";
  return [date, city ? `in ${city}` : ""].filter(Boolean).join(" ");
}

/** The dashboard page that opens the inquiry. */
export function inquiryPath(id: string): string {
  return `/dashboard?inquiry=${encodeURIComponent(id)}`;
}

/** The inquiry's id without its dashes: 32 characters, the push Topic of all its alerts. */
function topicOf(id: string): string {
  return id.replace(/-/g, "").slice(0, 32);
}

/** "New inquiry from Dana for Sat Dec 12 in Orlando", sent the moment the inquiry is stored. */
export function inquiryAlert(inquiry: InquiryFacts): QueuedPush {
  const lead = leadWords(inquiry);
  return {
    kind: "inquiry",
    payload: {
      title: `New inquiry from ${firstName(inquiry.senderName)}${lead ? ` ${lead}` : ""}`,
      body: "Tap to read it and reply.",
      url: inquiryPath(inquiry.id),
      tag: `inquiry-${inquiry.id}`,
    },
    topic: topicOf(inquiry.id),
    urgency: "high",
    ttlSeconds: 24 * 60 * 60,
  };
}

/** The reminder of an inquiry still unread `afterHours` after it came. */
export function reminderAlert(inquiry: InquiryFacts, afterHours: number): QueuedPush {
  const name = firstName(inquiry.senderName);
  const lead = leadWords(inquiry);
  const when = afterHours >= 24 ? "since yesterday" : `for ${afterHours} hours`;
  return {
    kind: "reminder",
    payload: {
      title: `${name} is waiting to hear from you`,
      body: `Their inquiry${lead ? ` ${lead}` : ""} has been unread ${when}. Tap to read it.`,
      url: inquiryPath(inquiry.id),
      tag: `inquiry-${inquiry.id}`,
    },
    topic: topicOf(inquiry.id),
    urgency: "normal",
    ttlSeconds: 12 * 60 * 60,
  };
}

/** "Send me a test": what a real alert looks like, gone after ten minutes if the device is off. */
export function testAlert(siteName: string): QueuedPush {
  return {
    kind: "test",
    payload: {
      title: `Test alert from ${siteName}`,
      body: "Alerts work on this device. New inquiries will show up here like this.",
      url: "/dashboard/alerts",
      tag: "test",
    },
    topic: null,
    urgency: "normal",
    ttlSeconds: 10 * 60,
  };
}

/** Queues the alert for every device of the account, in one statement; how many devices it is for. */
export async function enqueuePushForUser(tx: Executor, userId: string, push: QueuedPush): Promise<number> {
  const result = await tx.execute(sql`
    insert into push_outbox (subscription_id, kind, payload, topic, urgency, ttl_seconds)
    select id, ${push.kind}::text, ${JSON.stringify(push.payload)}::jsonb, ${push.topic}::text, ${push.urgency}::text, ${push.ttlSeconds}::integer
    from push_subscriptions where user_id = ${userId}
    returning id
  `);
  return rowsOf<{ id: string }>(result).length;
}
