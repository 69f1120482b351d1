import { isAPIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "./auth.server";
import type { AppConfig } from "./config.server";
import type { Executor } from "./db/client.server";
import { rateLimitHits, user, userRoles } from "./db/schema";
import { clientIp, hitRateLimit } from "./rate-limit.server";
import { escapeHtml } from "./mail/templates.server";
import type { OutgoingEmail } from "./mail/outbox.server";

// Account operations behind the sign-up, sign-in, password and sign-out pages. Route actions call
// these; better-auth does the credential work, this module adds the product's rules around it:
// friendly messages, no account enumeration, rate limits that also cover server-side calls.

export interface AccountServices {
  auth: Auth;
  db: Executor;
  config: AppConfig;
  /** The visitor's address as the HTTP server saw it (load context). */
  clientIp?: string;
}

// ------------------------------------------------------------------ rate limits

interface Rule {
  limit: number;
  windowMs: number;
}

// better-auth only rate-limits requests that reach its HTTP handler; the pages call it in-process,
// so these database counters (shared by every app process) guard them instead.
export const RATE_RULES = {
  /** Failed sign-ins per account: slows password guessing without locking anyone out for long. */
  signInFailuresPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins per address: slows one machine trying many accounts. */
  signInFailuresPerIp: { limit: 50, windowMs: 15 * 60_000 },
  /** Reset mails per address: stops the form being used to flood someone's inbox. */
  resetMailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  resetRequestsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  resetAttemptsPerToken: { limit: 10, windowMs: 15 * 60_000 },
  resetAttemptsPerIp: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, Rule>;

function windowStart(rule: Rule, now: Date): Date {
  return new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
}

/** Whether the rule is already used up, without counting anything. */
async function limitReached(db: Executor, key: string, rule: Rule, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart(rule, now))));
  return (row?.count ?? 0) >= rule.limit;
}

async function countHit(db: Executor, key: string, rule: Rule): Promise<boolean> {
  return (await hitRateLimit(db, { key, ...rule })).allowed;
}

const signInFailureKey = (email: string) => `signin-fail:email:${email}`;

/** Too many recent failed sign-ins for this account: refuse even the right password for a while. */
export async function signInLocked(db: Executor, email: string): Promise<boolean> {
  return limitReached(db, signInFailureKey(email), RATE_RULES.signInFailuresPerEmail);
}

export async function recordSignInFailure(db: Executor, email: string): Promise<void> {
  await countHit(db, signInFailureKey(email), RATE_RULES.signInFailuresPerEmail);
}

/** Counts a reset mail for the address; false once its hourly share is used. */
export async function allowResetMail(db: Executor, email: string): Promise<boolean> {
  return countHit(db, `reset-mail:email:${email.toLowerCase()}`, RATE_RULES.resetMailsPerEmail);
}

/** Per-address keys only when the address is known; an unknown one must not become one shared bucket. */
function ipKey(svc: AccountServices, request: Request, name: string): string | null {
  const ip = clientIp(svc, request);
  return ip === "unknown" ? null : `${name}:ip:${ip}`;
}

// ------------------------------------------------------------------ messages

export const AUTH_MESSAGES = {
  signUpSuccess: "Account created successfully! Please sign in.",
  signUpFailed: "Failed to create account. Please try again.",
  signInSuccess: "Signed in successfully!",
  signInFailed: "Failed to sign in. Please check your credentials.",
  signOutFailed: "Failed to sign out",
  resetLinkSent: "Password reset link sent to your email!",
  resetLinkFailed: "Failed to send reset link",
  passwordUpdated: "Password updated successfully! Please sign in with your new password.",
  resetFailed: "Failed to reset password",
  invalidRecoveryLink: "Invalid or expired recovery link",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
} as const;

function serverMessage(error: unknown): string | null {
  if (isAPIError(error)) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return null;
}

function errorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : null;
}

// ------------------------------------------------------------------ operations

export type Outcome = { ok: true } | { ok: false; message: string; status: number };

export async function signUp(
  svc: AccountServices,
  request: Request,
  input: { email: string; password: string },
): Promise<Outcome> {
  try {
    // The welcome mail is queued by the user-creation hook in auth.server.ts.
    await svc.auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: "" } });
    return { ok: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ok: false, status: 400, message: serverMessage(error) ?? AUTH_MESSAGES.signUpFailed };
  }
}

export type SignInOutcome = { ok: true; headers: Headers } | { ok: false; message: string; status: number };

export async function signIn(
  svc: AccountServices,
  request: Request,
  input: { email: string; password: string },
): Promise<SignInOutcome> {
  // Only failures count, so a busy shared address (an office, a school) is never locked out by its
  // own sign-ins. The per-account limit lives in better-auth's hooks (auth.server.ts).
  const addressKey = ipKey(svc, request, "signin-fail");
  if (addressKey !== null && (await limitReached(svc.db, addressKey, RATE_RULES.signInFailuresPerIp))) {
    return { ok: false, status: 429, message: AUTH_MESSAGES.tooManyAttempts };
  }
  try {
    const result = await svc.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.statusCode === 429) return { ok: false, status: 429, message: AUTH_MESSAGES.tooManyAttempts };
    if (addressKey !== null) await countHit(svc.db, addressKey, RATE_RULES.signInFailuresPerIp);
    return { ok: false, status: 400, message: AUTH_MESSAGES.signInFailed };
  }
}

/**
 * Sends the reset mail when the address has an account (at most a few an hour: see allowResetMail).
 * The answer is the same either way, so nobody learns who is registered.
 */
export async function requestPasswordReset(svc: AccountServices, request: Request, email: string): Promise<Outcome> {
  const addressKey = ipKey(svc, request, "reset-request");
  if (addressKey !== null && !(await countHit(svc.db, addressKey, RATE_RULES.resetRequestsPerIp))) {
    return { ok: false, status: 429, message: AUTH_MESSAGES.tooManyAttempts };
  }
  try {
    await svc.auth.api.requestPasswordReset({ body: { email } });
    return { ok: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ok: false, status: 400, message: serverMessage(error) ?? AUTH_MESSAGES.resetLinkFailed };
  }
}

/** Whether a recovery token exists and has not expired (it is deleted once used). */
export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!found && found.expiresAt.getTime() > Date.now();
}

export type ResetOutcome = "updated" | "invalid-token" | "rate-limited" | { failed: string };

/** Sets the new password; better-auth consumes the token and ends every session of that user. */
export async function resetPassword(
  svc: AccountServices,
  request: Request,
  input: { token: string; password: string },
): Promise<ResetOutcome> {
  const addressKey = ipKey(svc, request, "reset");
  if (
    (addressKey !== null && !(await countHit(svc.db, addressKey, RATE_RULES.resetAttemptsPerIp))) ||
    !(await countHit(svc.db, `reset:token:${input.token.slice(0, 64)}`, RATE_RULES.resetAttemptsPerToken))
  ) {
    return "rate-limited";
  }
  try {
    await svc.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
    return "updated";
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return "invalid-token";
    return { failed: serverMessage(error) ?? AUTH_MESSAGES.resetFailed };
  }
}

export type SignOutOutcome = { ok: true; headers: Headers } | { ok: false };

export async function signOut(svc: AccountServices, request: Request): Promise<SignOutOutcome> {
  try {
    const result = await svc.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ok: false };
  }
}

// ------------------------------------------------------------------ roles

export type GrantAdminResult = "granted" | "already-admin" | "no-account";

/** Gives an existing account the admin role (the `make-admin` command). */
export async function grantAdmin(db: Executor, email: string): Promise<GrantAdminResult> {
  const normalized = email.trim().toLowerCase();
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${normalized}`)
    .limit(1);
  if (!found) return "no-account";
  const inserted = await db
    .insert(userRoles)
    .values({ userId: found.id, role: "admin" })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length > 0 ? "granted" : "already-admin";
}

// ------------------------------------------------------------------ mail

export function welcomeEmail(args: { siteName: string; publicUrl: string; to: string }): OutgoingEmail {
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

export function existingAccountEmail(args: { siteName: string; publicUrl: string; to: string }): OutgoingEmail {
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
