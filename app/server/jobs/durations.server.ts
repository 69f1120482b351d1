// Durations the jobs count in, written once so a retention window reads as days, not milliseconds.
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;
