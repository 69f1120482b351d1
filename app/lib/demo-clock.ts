// The demo clock's choices, shared by the /dev/mailbox form and the server that runs the jobs
// (app/server/jobs/demo-clock.server.ts).

/** The jumps the demo offers. A month is the longest: beyond it the demo's own listings would start to expire. */
export const CLOCK_DAYS = [1, 3, 7, 14, 30] as const;
export type ClockDays = (typeof CLOCK_DAYS)[number];

export function isClockDays(value: number): value is ClockDays {
  return (CLOCK_DAYS as readonly number[]).includes(value);
}
