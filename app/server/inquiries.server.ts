import { and, eq } from "drizzle-orm";
import type { FieldErrors, PublicFormResult } from "~/lib/form";
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_WRONG,
  INQUIRY_FAILED,
  INQUIRY_SENT,
  type Captcha,
  type InquiryActionResult,
  type InquiryValues,
} from "~/lib/inquiry-fields";
import type { InquiryInput, inquirySchema } from "~/lib/inquiry-schema";
import { CAPTCHA_TTL_MS, checkCaptcha, consumeCaptcha, issueCaptcha, readCaptcha } from "./captcha.server";
import type { Executor } from "./db/client.server";
import { contactMessages, profiles, user } from "./db/schema";
import type { Logger } from "./logger.server";
import { enqueueEmail } from "./mail/outbox.server";
import { inquiryNotificationEmail } from "./mail/templates.server";
import { hitRateLimits, waitInWords, type RateLimitRule } from "./rate-limit.server";
import type { AppServices } from "./services.server";
import { publicProfileCondition, todayIso } from "./visibility.server";

// A visitor's inquiry to a performer: checked, stored, and relayed by email with Reply-To set to the
// visitor. The performer's address never leaves the server; the visitor's answer to the math
// question is checked here against the signed question the form fetched from /captcha (or was
// given by a previous answer of this action).

export const CAPTCHA_REUSED = "This math problem was already used. Please answer the new one.";
export const PROFILE_UNAVAILABLE = "This performer is not accepting messages right now.";

export const INQUIRY_LIMITS = {
  perIp: { limit: 10, windowMs: 60 * 60_000 },
  perProfile: { limit: 30, windowMs: 24 * 60 * 60_000 },
} as const;

export type InquiryContext = Pick<AppServices, "db" | "config"> & { logger?: Logger };

/**
 * Whether a route's profile id can be one: account ids are letters, digits, `-` and `_`. Anything
 * else (a NUL byte, a quote) cannot match a row and must not reach PostgreSQL, which refuses some of
 * it with an error instead of an empty result.
 */
export function isProfileId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(value);
}

export interface InquiryMeta {
  profileId: string;
  /** The sender's address, for the rate limits. */
  ip: string;
  now?: Date;
}

interface InquirySettings {
  authSecret: string;
  siteName: string;
  publicUrl: string;
}

/** An answer before the next math question is attached: see handleInquiry. */
type Outcome =
  | { ok: true; message: string; sentAt: number }
  | {
      ok: false;
      errors: FieldErrors;
      message?: string;
      values?: InquiryValues;
      /** The token of a question that was not answered yet: it stays while it is still valid. */
      unansweredToken?: string;
    };

/**
 * The question to show next: the same one when the answer was never checked and the question
 * still has more than a minute to live, otherwise a new one.
 */
function nextQuestion(secret: string, unansweredToken: string | undefined, now: number): Captcha {
  const payload = unansweredToken ? readCaptcha(secret, unansweredToken) : null;
  if (unansweredToken && payload && payload.exp > now + 60_000) return { a: payload.a, b: payload.b, token: unansweredToken };
  return issueCaptcha(secret, now);
}

/**
 * The profile page's action for the inquiry form (with and without JavaScript), given the post as
 * the route read it (readPublicForm). The answer is worked out first; the next math question is
 * attached here, once, whatever the answer was.
 */
export async function handleInquiry(
  context: InquiryContext,
  form: PublicFormResult<typeof inquirySchema>,
  meta: InquiryMeta,
): Promise<InquiryActionResult> {
  const now = meta.now ?? new Date();
  const outcome = await inquiryOutcome(context, form, meta, now);
  if (outcome.ok) return { ...outcome, captcha: nextQuestion(context.config.authSecret, undefined, now.getTime()) };
  const { unansweredToken, ...answer } = outcome;
  return { ...answer, captcha: nextQuestion(context.config.authSecret, unansweredToken, now.getTime()) };
}

async function inquiryOutcome(
  context: InquiryContext,
  form: PublicFormResult<typeof inquirySchema>,
  meta: InquiryMeta,
  now: Date,
): Promise<Outcome> {
  if ("dropped" in form) {
    if (form.dropped === "unreadable") return { ok: false, errors: {}, message: INQUIRY_FAILED };
    // Bots fill every field. Answer as if it worked so they learn nothing, and store nothing.
    context.logger?.info({ profileId: meta.profileId }, "inquiry honeypot filled; dropped");
    return { ok: true, message: INQUIRY_SENT, sentAt: now.getTime() };
  }
  // What the visitor typed, kept so a failed send never loses it (the question is asked afresh).
  const { captchaAnswer: _answer, captchaToken, ...values } = form.values;
  if (!form.ok) return { ok: false, errors: form.errors, values, unansweredToken: captchaToken };
  try {
    const { config } = context;
    const settings = { authSecret: config.authSecret, siteName: config.siteName, publicUrl: config.publicUrl };
    return await sendInquiry(context.db, settings, form.data, values, meta, now);
  } catch (error) {
    context.logger?.error({ err: error, profileId: meta.profileId }, "inquiry failed");
    return { ok: false, errors: {}, message: INQUIRY_FAILED, values };
  }
}

/** The public performer an inquiry may go to, with the address it is relayed to; null when hidden. */
async function inquiryRecipient(db: Executor, profileId: string, today: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      displayName: profiles.displayName,
      contactEmail: profiles.contactEmail,
      accountEmail: user.email,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(eq(profiles.id, profileId), publicProfileCondition(today)))
    .limit(1);
  return row ?? null;
}

/**
 * Sends a validated inquiry: visibility, rate limits, the math answer, then the stored message and
 * its notification email in one transaction (with the captcha token spent in it).
 */
async function sendInquiry(
  db: Executor,
  settings: InquirySettings,
  input: InquiryInput,
  values: InquiryValues,
  meta: InquiryMeta,
  now: Date,
): Promise<Outcome> {
  const nowMs = now.getTime();
  const fail = (message: string, errors: FieldErrors = {}, unansweredToken?: string): Outcome => ({
    ok: false,
    errors,
    message,
    values,
    unansweredToken,
  });

  const recipient = isProfileId(meta.profileId) ? await inquiryRecipient(db, meta.profileId, todayIso(now)) : null;
  if (!recipient) return fail(PROFILE_UNAVAILABLE);

  const rules: RateLimitRule[] = [
    { key: `inquiry:ip:${meta.ip}`, ...INQUIRY_LIMITS.perIp },
    { key: `inquiry:profile:${meta.profileId}`, ...INQUIRY_LIMITS.perProfile },
  ];
  const limited = await hitRateLimits(db, rules, now);
  if (!limited.allowed) {
    return fail(
      `Too many messages have been sent. Please try again in ${waitInWords(limited.retryAfterSeconds)}.`,
      {},
      input.captchaToken,
    );
  }

  const verdict = checkCaptcha(settings.authSecret, input.captchaToken, input.captchaAnswer, nowMs);
  const tokenExpiry = new Date(nowMs + CAPTCHA_TTL_MS);
  if (verdict === "invalid" || verdict === "expired") return fail(CAPTCHA_EXPIRED, { captchaAnswer: CAPTCHA_EXPIRED });
  if (verdict === "wrong") {
    // A wrong answer spends the question too, so guessing means a new question each time.
    await consumeCaptcha(db, input.captchaToken, tokenExpiry);
    return fail(CAPTCHA_WRONG, { captchaAnswer: CAPTCHA_WRONG });
  }

  const stored = await db.transaction(async (tx) => {
    if (!(await consumeCaptcha(tx, input.captchaToken, tokenExpiry))) return false;
    await tx.insert(contactMessages).values({
      profileId: recipient.id,
      senderName: input.name,
      senderEmail: input.email,
      phoneNumber: input.phone,
      city: input.city,
      state: input.state,
      zip: input.zip,
      message: input.message,
      eventType: input.eventTypes,
      eventDate: input.eventDate,
      captchaAnswer: input.captchaAnswer,
    });
    await enqueueEmail(
      tx,
      inquiryNotificationEmail({
        siteName: settings.siteName,
        to: recipient.contactEmail ?? recipient.accountEmail,
        performerName: recipient.displayName ?? "there",
        profileUrl: `${settings.publicUrl}/profile/${encodeURIComponent(recipient.id)}`,
        dashboardUrl: `${settings.publicUrl}/dashboard`,
        sender: {
          name: input.name,
          email: input.email,
          phone: input.phone,
          city: input.city,
          state: input.state,
          zip: input.zip,
          message: input.message,
          eventTypes: input.eventTypes,
          eventDate: input.eventDate,
        },
      }),
    );
    return true;
  });
  if (!stored) return fail(CAPTCHA_REUSED, { captchaAnswer: CAPTCHA_REUSED });
  return { ok: true, message: INQUIRY_SENT, sentAt: nowMs };
}
