import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FieldErrors, PublicFormResult } from "~/lib/form";
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_WRONG,
  INQUIRY_FAILED,
  INQUIRY_SENT,
  inquiryDetails,
  isProfileId,
  type BookedWarning,
  type Captcha,
  type InquiryActionResult,
  type InquiryValues,
  type SentCopy,
  type ShortlistInquiryActionResult,
  type SkippedPerformer,
} from "~/lib/inquiry-fields";
import type { InquiryInput, InquiryMessage, inquirySchema, shortlistInquirySchema } from "~/lib/inquiry-schema";
import { CAPTCHA_TTL_MS, checkCaptcha, consumeCaptcha, issueCaptcha, readCaptcha } from "./captcha.server";
import { bookedOn, bookedWarningText } from "./party-date.server";
import type { Executor } from "../db/client.server";
import { contactMessages, profiles, user } from "../db/schema";
import { addInquiryToStats } from "../insights/stats.server";
import type { Logger } from "../platform/logger.server";
import { enqueueEmail } from "../mail/outbox.server";
import { enqueuePushForUser, inquiryAlert } from "../push/alerts.server";
import { inquiryCopyEmail, inquiryNotificationEmail } from "../mail/templates.server";
import { peekRateLimit, takeRateLimit, takeRateLimits, waitInWords, type RateLimitResult, type RateLimitRule } from "../platform/rate-limit.server";
import type { AppServices } from "../platform/services.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";

// A visitor's inquiry to one performer (the profile's form) or to up to five at once ("Ask them all"
// on the shortlist): checked, stored, and relayed by email with Reply-To set to the visitor. The
// visitor's copy of what they wrote is the confirmation on screen; the address they typed gets only a
// fixed note naming whom they asked, since nobody has confirmed that address is theirs. A performer's
// address never leaves the server, and no performer learns another's. The visitor's answer to the
// math question is checked here against the signed question the form fetched from /captcha (or was
// given by a previous answer).

export { isProfileId };

export const CAPTCHA_REUSED = "This math problem was already used. Please answer the new one.";
export const PROFILE_UNAVAILABLE = "This performer is not accepting messages right now.";
export const SHORTLIST_UNAVAILABLE = "None of these performers is accepting messages right now.";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

// Only messages delivered are counted, and only once the math answer is right: a post that is
// refused uses up nobody's allowance, so a flood of junk cannot close a performer's form.
export const INQUIRY_LIMITS = {
  /** Messages one client key may send an hour; "Ask them all" counts each performer it reached. */
  perIp: { limit: 10, windowMs: HOUR },
  /** Messages one performer receives a day. */
  perProfile: { limit: 30, windowMs: DAY },
  /** What one client key may send one performer a day: a small share, so no sender fills the day alone. */
  perProfilePerClient: { limit: 3, windowMs: DAY },
  /** Notes one email address is sent a day, whoever typed it; past that the send goes without one. */
  noticePerAddress: { limit: 3, windowMs: DAY },
} as const;

export type InquiryContext = Pick<AppServices, "db" | "config"> & { logger?: Logger };

export interface InquiryMeta {
  profileId: string;
  /** The sender's client key (clientKey: an address, or an IPv6 /64), for the rate limits. */
  ip: string;
  now?: Date;
}

interface InquirySettings {
  authSecret: string;
  siteName: string;
  publicUrl: string;
}

/** Who a send goes to, and whether it goes ahead without those who cannot take it. */
interface Addressees {
  profileIds: string[];
  /**
   * The shortlist's send skips a performer who is unlisted or over its daily limit and reaches the
   * rest; a profile's form has one performer, so either case refuses the send.
   */
  skipUnreachable: boolean;
}

interface Delivered {
  ok: true;
  message: string;
  sentAt: number;
  copy?: SentCopy;
  noticeTo?: string;
  sentTo: { id: string; name: string }[];
  skipped: SkippedPerformer[];
}

/** An answer before the next math question is attached: see answerWith. */
type Outcome<Values> =
  | Delivered
  | {
      ok: false;
      errors: FieldErrors;
      message?: string;
      values?: Values;
      /** The token of a question that was not answered yet: it stays while it is still valid. */
      unansweredToken?: string;
      booked?: BookedWarning;
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

/** The math question is attached here, once, whatever the answer was. */
function answerWith<Values>(secret: string, outcome: Outcome<Values>, now: Date) {
  if (outcome.ok) return { ...outcome, captcha: nextQuestion(secret, undefined, now.getTime()) };
  const { unansweredToken, booked, ...answer } = outcome;
  const captcha = nextQuestion(secret, unansweredToken, now.getTime());
  if (!booked) return { ...answer, captcha };
  // The kept answer goes with its own question only: a replaced question needs a new answer.
  const { answer: kept, ...warning } = booked;
  return { ...answer, captcha, booked: captcha.token === unansweredToken ? { ...warning, answer: kept } : warning };
}

/**
 * The profile page's action for the inquiry form (with and without JavaScript), given the post as
 * the route read it (readPublicForm).
 */
export async function handleInquiry(
  context: InquiryContext,
  form: PublicFormResult<typeof inquirySchema>,
  meta: InquiryMeta,
): Promise<InquiryActionResult> {
  const now = meta.now ?? new Date();
  const outcome = await inquiryOutcome(context, form, { profileIds: [meta.profileId], skipUnreachable: false }, meta.ip, now);
  const answer = answerWith(context.config.authSecret, outcome, now);
  if (!answer.ok) return answer;
  // The page knows whom it wrote to; the lists are the shortlist's.
  const { sentTo: _sentTo, skipped: _skipped, ...sent } = answer;
  return sent;
}

/** /shortlist's action for "Ask them all": one message to each chosen performer, one question for all. */
export async function handleShortlistInquiry(
  context: InquiryContext,
  form: PublicFormResult<typeof shortlistInquirySchema>,
  meta: { ip: string; now?: Date },
): Promise<ShortlistInquiryActionResult> {
  const now = meta.now ?? new Date();
  const profileIds = form.ok ? form.data.profileIds : [];
  const outcome = await inquiryOutcome(context, form, { profileIds, skipUnreachable: true }, meta.ip, now);
  return answerWith(context.config.authSecret, outcome, now);
}

/**
 * The fields both forms post besides the inquiry's own: the math answer, its question, the date the
 * visitor agreed to ask for though booked, and (shortlist) the ids.
 */
type PostedValues<Values> = Values & { captchaAnswer: string; captchaToken: string; askAnyway: string };

async function inquiryOutcome<Values extends InquiryValues>(
  context: InquiryContext,
  form:
    | { ok: true; data: InquiryInput; values: PostedValues<Values> }
    | { ok: false; errors: FieldErrors; values: PostedValues<Values> }
    | { ok: false; dropped: "honeypot" | "unreadable" },
  addressees: Addressees,
  ip: string,
  now: Date,
): Promise<Outcome<Values>> {
  if ("dropped" in form) {
    if (form.dropped === "unreadable") return { ok: false, errors: {}, message: INQUIRY_FAILED };
    // Bots fill every field. Answer as if it worked so they learn nothing, and store nothing.
    context.logger?.info({ profileIds: addressees.profileIds }, "inquiry honeypot filled; dropped");
    return { ok: true, message: INQUIRY_SENT, sentAt: now.getTime(), sentTo: [], skipped: [] };
  }
  // What the visitor typed, kept so a failed send never loses it (the question is asked afresh).
  const { captchaAnswer: _answer, captchaToken, askAnyway: _agreed, ...typed } = form.values;
  // The typed text without the two captcha fields is exactly the form's Values; TypeScript cannot
  // follow an Omit through a generic.
  const values = typed as unknown as Values;
  if (!form.ok) return { ok: false, errors: form.errors, values, unansweredToken: captchaToken };
  try {
    const { config } = context;
    const settings = { authSecret: config.authSecret, siteName: config.siteName, publicUrl: config.publicUrl };
    return await sendInquiry(context.db, settings, form.data, values, addressees, ip, now);
  } catch (error) {
    context.logger?.error({ err: error, profileIds: addressees.profileIds }, "inquiry failed");
    return { ok: false, errors: {}, message: INQUIRY_FAILED, values };
  }
}

interface Recipient {
  id: string;
  displayName: string | null;
  contactEmail: string | null;
  accountEmail: string;
}

/** The public performers among the ids, in the order asked, with the address each is relayed to. */
async function inquiryRecipients(db: Executor, profileIds: string[], today: string): Promise<Recipient[]> {
  const ids = profileIds.filter(isProfileId);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: profiles.id,
      displayName: profiles.displayName,
      contactEmail: profiles.contactEmail,
      accountEmail: user.email,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(inArray(profiles.id, ids), publicProfileCondition(today)));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

function tooMany(limited: RateLimitResult) {
  return `Too many messages have been sent. Please try again in ${waitInWords(limited.retryAfterSeconds)}.`;
}

/** The verdict that makes the visitor wait longest, among those that refuse. */
function longestWait(results: RateLimitResult[]): RateLimitResult | null {
  const refused = results.filter((result) => !result.allowed);
  return refused.reduce<RateLimitResult | null>((worst, r) => (worst && worst.retryAfterSeconds >= r.retryAfterSeconds ? worst : r), null);
}

const performerName = (recipient: Recipient) => recipient.displayName ?? "this performer";

const senderRule = (clientKey: string): RateLimitRule => ({ key: `inquiry:ip:${clientKey}`, ...INQUIRY_LIMITS.perIp });

/** A performer's two daily counters: everyone's messages, and this sender's share of them. */
function performerRules(profileId: string, clientKey: string): { all: RateLimitRule; mine: RateLimitRule } {
  return {
    all: { key: `inquiry:profile:${profileId}`, ...INQUIRY_LIMITS.perProfile },
    mine: { key: `inquiry:profile:${profileId}:client:${clientKey}`, ...INQUIRY_LIMITS.perProfilePerClient },
  };
}

/** Keyed on a hash: the counter table need not hold another copy of the address. */
function noticeRule(address: string): RateLimitRule {
  const digest = createHash("sha256").update(address.trim().toLowerCase()).digest("base64url");
  return { key: `inquiry:notice:${digest}`, ...INQUIRY_LIMITS.noticePerAddress };
}

/** Why a performer cannot take one more message from this sender today, or null when they can. */
function performerRefusal(all: RateLimitResult, mine: RateLimitResult): { reason: "limit" | "repeat"; verdict: RateLimitResult } | null {
  if (!all.allowed) return { reason: "limit", verdict: all };
  if (!mine.allowed) return { reason: "repeat", verdict: mine };
  return null;
}

/** Thrown inside the delivery transaction to undo it: a counter refused what the early check allowed. */
class LimitReached extends Error {
  constructor(readonly verdict: RateLimitResult) {
    super("inquiry limit reached");
  }
}

/**
 * Sends a validated inquiry. First what counts nothing: the math answer (a signature check), who is
 * listed, and whether each performer and the sender still have room (reads). Then one transaction
 * spends the question, takes each performer's and the sender's allowance only for messages that
 * go, stores them with each performer's notification and the insights' counts, and sends the note to
 * the typed address while that address has notes left today, so a failure leaves nothing half-sent
 * and nothing counted.
 */
async function sendInquiry<Values extends InquiryValues>(
  db: Executor,
  settings: InquirySettings,
  input: InquiryInput,
  values: Values,
  addressees: Addressees,
  clientKey: string,
  now: Date,
): Promise<Outcome<Values>> {
  const nowMs = now.getTime();
  const fail = (message: string, errors: FieldErrors = {}, unansweredToken?: string): Outcome<Values> => ({
    ok: false,
    errors,
    message,
    values,
    unansweredToken,
  });

  const verdict = checkCaptcha(settings.authSecret, input.captchaToken, input.captchaAnswer, nowMs);
  const tokenExpiry = new Date(nowMs + CAPTCHA_TTL_MS);
  if (verdict === "invalid" || verdict === "expired") return fail(CAPTCHA_EXPIRED, { captchaAnswer: CAPTCHA_EXPIRED });
  if (verdict === "wrong") {
    // A wrong answer spends the question too, so guessing means a new question each time.
    await consumeCaptcha(db, input.captchaToken, tokenExpiry);
    return fail(CAPTCHA_WRONG, { captchaAnswer: CAPTCHA_WRONG });
  }
  // From here the answer is right but not yet spent: a refusal hands the same question back.
  const token = input.captchaToken;

  const available = await inquiryRecipients(db, addressees.profileIds, todayIso(now));
  const skipped: SkippedPerformer[] = addressees.profileIds
    .filter((id) => !available.some((recipient) => recipient.id === id))
    .map((id) => ({ id, name: null, reason: "unavailable" }));
  if (available.length === 0 || (skipped.length > 0 && !addressees.skipUnreachable)) {
    return fail(addressees.skipUnreachable ? SHORTLIST_UNAVAILABLE : PROFILE_UNAVAILABLE);
  }

  // Who still has room today, read without counting anything.
  const reachable: Recipient[] = [];
  const refusals: RateLimitResult[] = [];
  for (const recipient of available) {
    const rules = performerRules(recipient.id, clientKey);
    const refusal = performerRefusal(await peekRateLimit(db, rules.all, 1, now), await peekRateLimit(db, rules.mine, 1, now));
    if (!refusal) reachable.push(recipient);
    else {
      refusals.push(refusal.verdict);
      skipped.push({ id: recipient.id, name: performerName(recipient), reason: refusal.reason });
    }
  }
  if (reachable.length === 0 || (refusals.length > 0 && !addressees.skipUnreachable)) return fail(tooMany(longestWait(refusals)!), {}, token);
  // The sender's own allowance, for every message this send would deliver: all of them or none.
  const bySender = await peekRateLimit(db, senderRule(clientKey), reachable.length, now);
  if (!bySender.allowed) return fail(tooMany(bySender), {}, token);

  // A performer who marked the event date booked: the visitor is asked first, after every other
  // check (so agreeing skips none of them), and nothing is spent until they agree to this very date.
  if (input.eventDate !== null && input.askAnyway !== input.eventDate) {
    const booked = await bookedOn(db, reachable, input.eventDate, now);
    if (booked.length > 0) {
      return {
        ok: false,
        errors: {},
        values,
        unansweredToken: token,
        booked: {
          date: input.eventDate,
          text: bookedWarningText(booked.map(performerName), input.eventDate),
          answer: String(input.captchaAnswer),
        },
      };
    }
  }

  const { captchaAnswer, captchaToken: _token, askAnyway: _agreed, ...message } = input;
  const profileUrl = (id: string) => `${settings.publicUrl}/profile/${encodeURIComponent(id)}`;
  let stored: { delivered: Recipient[]; noticed: boolean; lateSkips: SkippedPerformer[] } | "reused";
  try {
    stored = await db.transaction(async (tx) => {
      if (!(await consumeCaptcha(tx, token, tokenExpiry))) return "reused" as const;
      // Counters are taken in one order (by id, then the sender's, then the address's), so two
      // sends that share some never wait on each other in a circle.
      const byId = [...reachable].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const deliveredIds = new Set<string>();
      const lateSkips: SkippedPerformer[] = [];
      let lastRefusal: RateLimitResult | null = null;
      for (const recipient of byId) {
        const rules = performerRules(recipient.id, clientKey);
        const taken = await takeRateLimits(tx, [rules.all, rules.mine], 1, now);
        if (taken.allowed) {
          deliveredIds.add(recipient.id);
          continue;
        }
        // Another send took the last of it since the early check.
        lastRefusal = taken;
        if (!addressees.skipUnreachable) throw new LimitReached(taken);
        lateSkips.push({ id: recipient.id, name: performerName(recipient), reason: taken.refusedBy === rules.all ? "limit" : "repeat" });
      }
      if (deliveredIds.size === 0 && lastRefusal) throw new LimitReached(lastRefusal);
      const delivered = reachable.filter((recipient) => deliveredIds.has(recipient.id));
      const sender = await takeRateLimit(tx, senderRule(clientKey), delivered.length, now);
      if (!sender.allowed) throw new LimitReached(sender);

      for (const recipient of byId.filter((r) => deliveredIds.has(r.id))) {
        const [stored] = await tx
          .insert(contactMessages)
          .values({ ...messageRow(message), profileId: recipient.id, captchaAnswer })
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        await addInquiryToStats(tx, recipient.id, now);
        // The performer's devices with alerts on (none: nothing queued); the push-outbox job sends it.
        await enqueuePushForUser(tx, recipient.id, inquiryAlert({ ...stored, senderName: message.name, city: message.city, eventDate: message.eventDate }));
        // One mail per performer, to that performer alone: nobody sees another's address.
        await enqueueEmail(
          tx,
          inquiryNotificationEmail({
            siteName: settings.siteName,
            to: recipient.contactEmail ?? recipient.accountEmail,
            performerName: recipient.displayName ?? "there",
            profileUrl: profileUrl(recipient.id),
            dashboardUrl: `${settings.publicUrl}/dashboard`,
            sender: message,
          }),
        );
      }
      const noticed = (await takeRateLimit(tx, noticeRule(message.email), 1, now)).allowed;
      if (noticed) {
        await enqueueEmail(
          tx,
          inquiryCopyEmail({
            siteName: settings.siteName,
            siteUrl: settings.publicUrl,
            to: message.email,
            performers: delivered.map((recipient) => ({ name: performerName(recipient), profileUrl: profileUrl(recipient.id) })),
          }),
        );
      }
      return { delivered, noticed, lateSkips };
    });
  } catch (error) {
    if (error instanceof LimitReached) return fail(tooMany(error.verdict), {}, token);
    throw error;
  }
  if (stored === "reused") return fail(CAPTCHA_REUSED, { captchaAnswer: CAPTCHA_REUSED });
  const notSent = [...skipped, ...stored.lateSkips];
  return {
    ok: true,
    message: INQUIRY_SENT,
    sentAt: nowMs,
    copy: { details: inquiryDetails(message), message: message.message },
    noticeTo: stored.noticed ? message.email : undefined,
    sentTo: stored.delivered.map((recipient) => ({ id: recipient.id, name: performerName(recipient) })),
    // In the order asked, whichever check skipped them.
    skipped: addressees.profileIds.flatMap((id) => notSent.filter((performer) => performer.id === id)),
  };
}

/** The stored columns of a checked inquiry (the recipient and the math answer are added per row). */
function messageRow(message: InquiryMessage) {
  return {
    senderName: message.name,
    senderEmail: message.email,
    phoneNumber: message.phone,
    city: message.city,
    state: message.state,
    zip: message.zip,
    message: message.message,
    eventType: message.eventTypes,
    eventDate: message.eventDate,
    eventStartTime: message.eventStartTime,
    eventLengthMinutes: message.eventLengthMinutes,
    childrenCount: message.childrenCount,
    childAge: message.childAge,
  };
}
