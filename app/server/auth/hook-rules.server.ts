import { APIError, isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import type { AppConfig } from "../config.server";
import type { Executor } from "../db/client.server";
import { verification } from "../db/schema";
import type { Logger } from "../logger.server";
import { enqueueEmail, type OutgoingEmail } from "../mail/outbox.server";
import { escapeHtml, passwordResetEmail } from "../mail/templates.server";
import { claimFreeListingGrants } from "../payments/grants.server";
import { countHit, limitReached, RATE_RULES, type Rule } from "./limits.server";
import { AUTH_MESSAGES } from "./messages.server";
import { hasControlCharacter } from "~/lib/form";

// The product's rules inside better-auth: everything the instance's hooks do (auth.server.ts wires
// them in). They run for the sign-in and sign-up pages and for direct /api/auth requests alike.

type SiteConfig = Pick<AppConfig, "siteName" | "publicUrl">;

/** How better-auth names a reset link's row in `verification` (the token follows). */
const RESET_TOKEN_PREFIX = "reset-password:";

function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

const tooManyAttempts = () =>
  new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.tooManyAttempts, code: "TOO_MANY_ATTEMPTS" });

/**
 * The counters one failed sign-in adds to. An unknown address (a script calling better-auth without
 * one) is one bucket for the per-account-and-address counter, never for the per-address one.
 */
function signInFailureRules(email: string, address: string | null): { key: string; rule: Rule }[] {
  const rules = [
    { key: `signin-fail:email:${email}:ip:${address ?? "unknown"}`, rule: RATE_RULES.signInFailuresPerEmailAndIp },
    { key: `signin-fail:email:${email}`, rule: RATE_RULES.signInFailuresPerEmail },
  ];
  if (address) rules.push({ key: `signin-fail:ip:${address}`, rule: RATE_RULES.signInFailuresPerIp });
  return rules;
}

// ------------------------------------------------------------------ input

/**
 * Before any /api/auth request: a control character in a posted or queried text (a NUL byte in an
 * email or a token) is refused as bad input, rather than reaching PostgreSQL, which fails on it.
 * The pages' schemas refuse the same characters (app/lib/form.ts).
 */
export function refuseControlCharacters(...inputs: unknown[]): void {
  for (const input of inputs) {
    if (typeof input !== "object" || input === null) continue;
    for (const value of Object.values(input)) {
      if (typeof value === "string" && hasControlCharacter(value)) {
        throw new APIError("BAD_REQUEST", { message: "Invalid characters in the request", code: "VALIDATION_ERROR" });
      }
    }
  }
}

// ------------------------------------------------------------------ sign-in lockout

/**
 * Before a sign-in: too many recent failures for this account from this address, for this account
 * from everywhere, or from this address across accounts, refuse even the right password for a while
 * (throws better-auth's 429). Only failures count, so a busy shared address (an office, a school) is
 * never held back by its own sign-ins.
 */
export async function refuseLockedSignIn(db: Executor, body: unknown, address: string | null): Promise<void> {
  const email = bodyEmail(body);
  const rules = email
    ? signInFailureRules(email, address)
    : address
      ? [{ key: `signin-fail:ip:${address}`, rule: RATE_RULES.signInFailuresPerIp }]
      : [];
  for (const { key, rule } of rules) {
    if (await limitReached(db, key, rule)) throw tooManyAttempts();
  }
}

/** After a sign-in: a wrong password (better-auth's 401) counts against the account and the address. */
export async function countFailedSignIn(db: Executor, body: unknown, address: string | null, returned: unknown): Promise<void> {
  const email = bodyEmail(body);
  if (!email || !isAPIError(returned) || returned.statusCode !== 401) return;
  for (const { key, rule } of signInFailureRules(email, address)) await countHit(db, key, rule);
}

// ------------------------------------------------------------------ sign-up

/** Before a sign-up: counts it against the caller's address, refusing past the hourly share. */
export async function refuseSignUpFlood(db: Executor, address: string | null): Promise<void> {
  if (address && !(await countHit(db, `signup:ip:${address}`, RATE_RULES.signUpsPerIp))) throw tooManyAttempts();
}

// ------------------------------------------------------------------ password reset

/** Before a reset-link request: counts it against the caller's address. */
export async function refuseResetRequestFlood(db: Executor, address: string | null): Promise<void> {
  if (address && !(await countHit(db, `reset-request:ip:${address}`, RATE_RULES.resetRequestsPerIp))) throw tooManyAttempts();
}

/** Before a new password is set: counts the attempt against the caller's address and the link. */
export async function refuseResetGuessing(db: Executor, body: unknown, query: unknown, address: string | null): Promise<void> {
  const fromBody = (body as { token?: unknown } | undefined)?.token;
  const fromQuery = (query as { token?: unknown } | undefined)?.token;
  const token = typeof fromBody === "string" && fromBody ? fromBody : typeof fromQuery === "string" ? fromQuery : "";
  if (address && !(await countHit(db, `reset:ip:${address}`, RATE_RULES.resetAttemptsPerIp))) throw tooManyAttempts();
  if (token && !(await countHit(db, `reset:token:${token.slice(0, 64)}`, RATE_RULES.resetAttemptsPerToken))) throw tooManyAttempts();
}

/**
 * After a password reset: the user's other reset links stop working too, so a link lying in an old
 * mail (or in a mailbox someone else read) cannot change the new password.
 */
export async function forgetResetLinks(db: Executor, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_TOKEN_PREFIX}%`)));
}

// ------------------------------------------------------------------ mail

/**
 * Queues the reset mail. Past an address's hourly share the request still "succeeds" (same answer),
 * but sends nothing.
 */
export async function queueResetMail(db: Executor, config: SiteConfig, to: string, token: string): Promise<void> {
  if (!(await countHit(db, `reset-mail:email:${to.toLowerCase()}`, RATE_RULES.resetMailsPerEmail))) return;
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
  await enqueueEmail(db, passwordResetEmail({ siteName: config.siteName, to, link }));
}

/** Every new account gets the welcome mail, however it was created (sign-up page or /api/auth). */
export async function queueWelcomeMail(db: Executor, config: SiteConfig, to: string): Promise<void> {
  await enqueueEmail(db, welcomeEmail({ siteName: config.siteName, publicUrl: config.publicUrl, to }));
}

// ------------------------------------------------------------------ free listings

/**
 * A free listing granted to an address before it had an account applies as soon as the account
 * exists, however it was created. A failure here must not undo a sign-up that already committed: it
 * is logged, and the hourly lifecycle job claims the grant on its next pass.
 */
export async function claimWaitingFreeListings(
  db: Executor,
  context: { config: SiteConfig; logger?: Logger },
  userId: string,
): Promise<void> {
  try {
    await claimFreeListingGrants(db, context, { userId });
  } catch (error) {
    context.logger?.error({ err: error, userId }, "claiming free listings at sign-up failed; the hourly job will retry");
  }
}

/**
 * Signing up with a registered address answers exactly like a new sign-up (no account enumeration);
 * the owner hears about it by email instead, with a way back in.
 */
export async function queueExistingAccountMail(db: Executor, config: SiteConfig, to: string): Promise<void> {
  // Past the address's hourly share the sign-up still answers the same, but sends nothing.
  if (!(await countHit(db, `existing-account-mail:email:${to.toLowerCase()}`, RATE_RULES.existingAccountMailsPerEmail))) return;
  await enqueueEmail(db, existingAccountEmail({ siteName: config.siteName, publicUrl: config.publicUrl, to }));
}

function welcomeEmail(args: { siteName: string; publicUrl: string; to: string }): OutgoingEmail {
  const dashboard = `${args.publicUrl}/dashboard`;
  const guide = `${args.publicUrl}/safety-first`;
  const text = [
    `Welcome to ${args.siteName}!`,
    "",
    "Your performer account is ready. To appear in the directory:",
    "1. Sign in and complete your profile: display name, a bio, your state and city, and at least one category.",
    "2. Upload a few clear photos of yourself in costume (up to 4).",
    "3. Activate your listing.",
    "",
    `Your dashboard: ${dashboard}`,
    `Tips on rates, safety and bookings: ${guide}`,
    "",
    "If you didn't create this account, you can ignore this email.",
  ].join("\n");
  const html = `<p>Welcome to ${escapeHtml(args.siteName)}!</p>
<p>Your performer account is ready. To appear in the directory:</p>
<ol>
<li>Sign in and complete your profile: display name, a bio, your state and city, and at least one category.</li>
<li>Upload a few clear photos of yourself in costume (up to 4).</li>
<li>Activate your listing.</li>
</ol>
<p><a href="${escapeHtml(dashboard)}">Go to your dashboard</a> &middot; <a href="${escapeHtml(guide)}">Tips on rates, safety and bookings</a></p>
<p>If you didn't create this account, you can ignore this email.</p>`;
  return { to: args.to, subject: `Welcome to ${args.siteName}`, text, html };
}

function existingAccountEmail(args: { siteName: string; publicUrl: string; to: string }): OutgoingEmail {
  const signIn = `${args.publicUrl}/signin`;
  const forgot = `${args.publicUrl}/forgot-password`;
  const text = [
    `Someone just tried to create a ${args.siteName} account with this email address, which already has an account.`,
    "",
    `If it was you, sign in here: ${signIn}`,
    `Forgot your password? Choose a new one here: ${forgot}`,
    "",
    "If it wasn't you, you can ignore this email: nothing about your account has changed.",
  ].join("\n");
  const html = `<p>Someone just tried to create a ${escapeHtml(args.siteName)} account with this email address, which already has an account.</p>
<p>If it was you, <a href="${escapeHtml(signIn)}">sign in here</a>. Forgot your password? <a href="${escapeHtml(forgot)}">Choose a new one</a>.</p>
<p>If it wasn't you, you can ignore this email: nothing about your account has changed.</p>`;
  return { to: args.to, subject: `You already have a ${args.siteName} account`, text, html };
}
