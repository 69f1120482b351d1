import { and, eq } from "drizzle-orm";
import {
  CAPTCHA_MISSING,
  CAPTCHA_WRONG,
  INQUIRY_FAILED,
  INQUIRY_HONEYPOT,
  INQUIRY_SENT,
  inquiryFormInput,
  inquirySchema,
  inquiryValuesFrom,
  type InquiryInput,
  type InquiryValues,
} from "~/lib/inquiry-schema";
import { fieldErrors } from "~/lib/form-errors";
import type { InquiryActionResult } from "~/lib/inquiry-fields";
import { CAPTCHA_TTL_MS, checkCaptcha, consumeCaptcha, issueCaptcha, readCaptcha, type Captcha } from "./captcha.server";
import type { Executor } from "./db/client.server";
import { contactMessages, profiles, user } from "./db/schema";
import type { Logger } from "./logger.server";
import { enqueueEmail } from "./mail/outbox.server";
import { inquiryNotificationEmail } from "./mail/templates.server";
import { clientIp, hitRateLimits, waitInWords, type RateLimitRule } from "./rate-limit.server";
import type { AppServices } from "./services.server";
import { publicProfileCondition, todayIso } from "./visibility.server";

// A visitor's inquiry to a performer: checked, stored, and relayed by email with Reply-To set to the
// visitor. The performer's address never leaves the server; the visitor's answer to the math
// question is checked here against the signed question the form fetched from /captcha (or was
// given by a previous answer of this action).

export { CAPTCHA_MISSING, CAPTCHA_WRONG, INQUIRY_FAILED, INQUIRY_SENT };
export const CAPTCHA_STALE = "The math problem has expired. Please answer the new one.";
export const CAPTCHA_REUSED = "This math problem was already used. Please answer the new one.";
export const PROFILE_UNAVAILABLE = "This performer is not accepting messages right now.";

export const INQUIRY_LIMITS = {
  perIp: { limit: 10, windowMs: 60 * 60_000 },
  perProfile: { limit: 30, windowMs: 24 * 60 * 60_000 },
} as const;

export type InquiryContext = Pick<AppServices, "db" | "config"> & { logger?: Logger; clientIp?: string };

export interface InquiryMeta {
  profileId: string;
  ip: string;
  now?: Date;
}

export interface InquirySettings {
  authSecret: string;
  siteName: string;
  publicUrl: string;
}

function sameOrNewCaptcha(secret: string, token: string, now: number): Captcha {
  const payload = readCaptcha(secret, token);
  if (payload && payload.exp > now + 60_000) return { a: payload.a, b: payload.b, token };
  return issueCaptcha(secret, now);
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
export async function sendInquiry(
  db: Executor,
  settings: InquirySettings,
  input: InquiryInput,
  meta: InquiryMeta,
): Promise<InquiryActionResult> {
  const now = meta.now ?? new Date();
  const nowMs = now.getTime();
  const values: InquiryValues = { ...input, eventDate: input.eventDate ?? "" };
  const fail = (message: string, captcha: Captcha, errors: Record<string, string> = {}): InquiryActionResult => ({
    ok: false,
    errors,
    message,
    values,
    captcha,
  });

  const recipient = await inquiryRecipient(db, meta.profileId, todayIso(now));
  if (!recipient) return fail(PROFILE_UNAVAILABLE, issueCaptcha(settings.authSecret, nowMs));

  const rules: RateLimitRule[] = [
    { key: `inquiry:ip:${meta.ip}`, ...INQUIRY_LIMITS.perIp },
    { key: `inquiry:profile:${meta.profileId}`, ...INQUIRY_LIMITS.perProfile },
  ];
  const limited = await hitRateLimits(db, rules, now);
  if (!limited.allowed) {
    return fail(
      `Too many messages have been sent. Please try again in ${waitInWords(limited.retryAfterSeconds)}.`,
      sameOrNewCaptcha(settings.authSecret, input.captchaToken, nowMs),
    );
  }

  const verdict = checkCaptcha(settings.authSecret, input.captchaToken, input.captchaAnswer, nowMs);
  const tokenExpiry = new Date(nowMs + CAPTCHA_TTL_MS);
  if (verdict === "invalid" || verdict === "expired") {
    return fail(CAPTCHA_STALE, issueCaptcha(settings.authSecret, nowMs), { captchaAnswer: CAPTCHA_STALE });
  }
  if (verdict === "wrong") {
    // A wrong answer spends the question too, so guessing means a new question each time.
    await consumeCaptcha(db, input.captchaToken, tokenExpiry);
    return fail(CAPTCHA_WRONG, issueCaptcha(settings.authSecret, nowMs), { captchaAnswer: CAPTCHA_WRONG });
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
  if (!stored) return fail(CAPTCHA_REUSED, issueCaptcha(settings.authSecret, nowMs), { captchaAnswer: CAPTCHA_REUSED });
  return { ok: true, message: INQUIRY_SENT, captcha: issueCaptcha(settings.authSecret, nowMs), sentAt: nowMs };
}

/** The profile page's action for the inquiry form (works with and without JavaScript). */
export async function handleInquirySubmission(
  context: InquiryContext,
  request: Request,
  profileId: string,
): Promise<Response | InquiryActionResult> {
  const secret = context.config.authSecret;
  const now = new Date();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, errors: {}, message: INQUIRY_FAILED, captcha: issueCaptcha(secret, now.getTime()) };
  }
  const values = inquiryValuesFrom(form);
  const honeypot = form.get(INQUIRY_HONEYPOT);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Bots fill every field. Answer as if it worked so they learn nothing, and store nothing.
    context.logger?.info({ profileId }, "inquiry honeypot filled; dropped");
    return { ok: true, message: INQUIRY_SENT, captcha: issueCaptcha(secret, now.getTime()), sentAt: now.getTime() };
  }
  const parsed = inquirySchema.safeParse(inquiryFormInput(form));
  if (!parsed.success) {
    const token = form.get("captchaToken");
    const errors = fieldErrors(parsed.error);
    if (typeof token !== "string" || token === "") {
      // The cached page carries no question (it is fetched by script), so a post without JavaScript
      // arrives without one: this answer brings the question, and the visitor answers it and sends again.
      delete errors.captchaToken;
      errors.captchaAnswer = CAPTCHA_MISSING;
    }
    return {
      ok: false,
      errors,
      values,
      captcha: sameOrNewCaptcha(secret, typeof token === "string" ? token : "", now.getTime()),
    };
  }
  try {
    return await sendInquiry(
      context.db,
      { authSecret: secret, siteName: context.config.siteName, publicUrl: context.config.publicUrl },
      parsed.data,
      { profileId, ip: clientIp(context, request), now },
    );
  } catch (error) {
    context.logger?.error({ err: error, profileId }, "inquiry failed");
    return { ok: false, errors: {}, message: INQUIRY_FAILED, values, captcha: issueCaptcha(secret, now.getTime()) };
  }
}
