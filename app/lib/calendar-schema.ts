import { z } from "zod";
import { addDays, daysBetween, isIsoDate, MAX_DAYS_AHEAD, MAX_RANGE_DAYS, WEEKDAYS } from "./calendar";

// The calendar page's forms (/dashboard/calendar): marking or clearing a day or a range, the weekly
// rule, and a new feed address. Whether a day has passed depends on the performer's own today (their
// state's time zone), so the marking schema is made for that day; the page builds it with the
// loader's today and the action with the server's, which the server decides.

export const CALENDAR_INTENTS = { mark: "mark", weekly: "weekly", newFeed: "new-feed" } as const;

export const CALENDAR_TEXTS = {
  fromRequired: "Choose the first day.",
  badDate: "Enter a date like 2026-12-12.",
  endBeforeStart: "The last day is before the first day.",
  tooLong: "Mark at most a year at a time: choose a shorter range.",
  past: "That day has passed. Choose today or a later day.",
  tooFar: "Choose a day within the next two years.",
  kindRequired: "Choose Booked, Away or Clear.",
  noProfile: "Create your profile first: your calendar uses your state's time zone.",
  failed: "Your calendar could not be saved. Please try again.",
} as const;

export const MARK_ACTIONS = ["booked", "away", "clear"] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];

const dateField = (requiredMessage: string | null) =>
  z
    .string()
    .trim()
    .refine((v) => v !== "" || requiredMessage === null, requiredMessage ?? "")
    .refine((v) => v === "" || isIsoDate(v), CALENDAR_TEXTS.badDate);

/**
 * Marking (booked, away) or clearing a day, or a range when `to` is given: each day from `from` to
 * `to`, both included. `today` is the performer's own.
 */
export function markDaysSchema(today: string) {
  return z
    .object({
      from: dateField(CALENDAR_TEXTS.fromRequired),
      to: dateField(null),
      mark: z.enum(MARK_ACTIONS, CALENDAR_TEXTS.kindRequired),
    })
    .transform((v) => ({ from: v.from, to: v.to === "" ? v.from : v.to, mark: v.mark }))
    .superRefine((v, ctx) => {
      if (v.from < today) {
        ctx.addIssue({ code: "custom", path: ["from"], message: CALENDAR_TEXTS.past });
        return;
      }
      if (v.to < v.from) {
        ctx.addIssue({ code: "custom", path: ["to"], message: CALENDAR_TEXTS.endBeforeStart });
        return;
      }
      if (daysBetween(v.from, v.to) + 1 > MAX_RANGE_DAYS) {
        ctx.addIssue({ code: "custom", path: ["to"], message: CALENDAR_TEXTS.tooLong });
        return;
      }
      if (v.to > addDays(today, MAX_DAYS_AHEAD)) {
        ctx.addIssue({ code: "custom", path: [v.from > addDays(today, MAX_DAYS_AHEAD) ? "from" : "to"], message: CALENDAR_TEXTS.tooFar });
      }
    });
}

export type MarkDaysInput = z.output<ReturnType<typeof markDaysSchema>>;

const WEEKDAY_VALUES = WEEKDAYS.map((_, i) => String(i)) as [string, ...string[]];

/** The weekly rule: the weekdays ticked are days the performer never works (an empty list clears it). */
export const weeklyRuleSchema = z.object({
  off: z.array(z.enum(WEEKDAY_VALUES, "Choose days of the week.")).transform((days) => days.reduce((mask, d) => mask | (1 << Number(d)), 0)),
});
