import { PUSH_NO_DEVICES, PUSH_SUBSCRIPTION_UNUSABLE, PUSH_TESTS_PER_HOUR, pushTestSentText } from "~/lib/push-alerts";
import { HOUR_MS } from "../jobs/durations.server";
import type { AppServices } from "../platform/services.server";
import { takeRateLimit, waitInWords, type RateLimitResult } from "../platform/rate-limit.server";
import { enqueuePushForUser, testAlert } from "./alerts.server";
import { deviceLabel, saveSubscription, type NewSubscription } from "./subscriptions.server";

// What /dashboard/alerts' buttons do, with the allowances a script signed in to one account meets:
// devices saved and tests sent are counted per account, and only once they happened.

export const SUBSCRIBES_PER_HOUR = 20;

type Refusal = { ok: false; status: number; error: string };

/** Thrown inside a transaction to undo its work when the allowance is used up. */
class UsedUp extends Error {
  constructor(readonly verdict: RateLimitResult) {
    super("allowance used up");
  }
}

function usedUp(verdict: RateLimitResult, what: string): Refusal {
  return { ok: false, status: 429, error: `${what} Please try again in ${waitInWords(verdict.retryAfterSeconds)}.` };
}

export async function subscribeDevice(
  services: Pick<AppServices, "db" | "config">,
  userId: string,
  input: NewSubscription,
  userAgent: string | null,
  now: Date = new Date(),
): Promise<{ ok: true } | Refusal> {
  try {
    return await services.db.transaction(async (tx) => {
      const saved = await saveSubscription(tx, userId, input, deviceLabel(userAgent), { allowLoopback: services.config.demoMode });
      if (!saved.ok) return { ok: false as const, status: 400, error: PUSH_SUBSCRIPTION_UNUSABLE };
      const allowance = await takeRateLimit(tx, { key: `push-subscribe:${userId}`, limit: SUBSCRIBES_PER_HOUR, windowMs: HOUR_MS }, 1, now);
      if (!allowance.allowed) throw new UsedUp(allowance);
      return { ok: true as const };
    });
  } catch (error) {
    if (error instanceof UsedUp) return usedUp(error.verdict, "Alerts were turned on many times in the last hour.");
    throw error;
  }
}

/** "Send me a test": one alert queued for each of the account's devices. */
export async function sendTestAlert(
  services: Pick<AppServices, "db" | "config">,
  userId: string,
  now: Date = new Date(),
): Promise<{ ok: true; devices: number; message: string } | Refusal> {
  try {
    return await services.db.transaction(async (tx) => {
      const devices = await enqueuePushForUser(tx, userId, testAlert(services.config.siteName));
      if (devices === 0) return { ok: false as const, status: 400, error: PUSH_NO_DEVICES };
      const allowance = await takeRateLimit(tx, { key: `push-test:${userId}`, limit: PUSH_TESTS_PER_HOUR, windowMs: HOUR_MS }, 1, now);
      if (!allowance.allowed) throw new UsedUp(allowance);
      return { ok: true as const, devices, message: pushTestSentText(devices) };
    });
  } catch (error) {
    if (error instanceof UsedUp) return usedUp(error.verdict, "You have sent several tests in the last hour.");
    throw error;
  }
}
