import { APIError, isAPIError } from "better-auth/api";
import { and, eq, like, ne } from "drizzle-orm";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { verification } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { enqueueEmail, type OutgoingEmail } from "../mail/outbox.server";
import { escapeHtml, passwordResetEmail } from "../mail/templates.server";
import { claimFreeListingGrants } from "../payments/grants.server";
import { countHit, RATE_RULES, type Rule } from "./limits.server";
import { AUTH_MESSAGES } from "./messages.server";
import { countWrongPassword, forgetWrongPasswords, mayTryPassword } from "./sign-in-limits.server";
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
 * Counts one attempt against the client key's shares, shortest window first; false at the first one
 * used up. An attempt the minute refuses is not counted against the hour, so waiting a minute helps.
 */
async function withinShares(db: Executor, rules: { key: string; rule: Rule }[]): Promise<boolean> {
  for (const { key, rule } of rules) if (!(await countHit(db, key, rule))) return false;
  return true;
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

// ------------------------------------------------------------------ endpoints the app never calls

/**
 * better-auth endpoints that change an account or check its password and that no page of this app
 * calls (the pages sign up, sign in, reset and sign out). Left open, /api/auth would store any name
 * or picture URL nobody reviews, could put an unconfirmed address on an account, and would check
 * passwords outside the sign-in limits.
 */
const UNUSED_ACCOUNT_ENDPOINTS: ReadonlySet<string> = new Set([
  "/update-user",
  "/change-email",
  "/change-password",
  "/verify-password",
  "/delete-user",
  "/delete-user/callback",
  "/update-session",
  "/link-social",
  "/unlink-account",
]);

/** Before any better-auth call: the endpoints above answer 404, as if they did not exist. */
export function refuseUnusedEndpoint(path: string): void {
  if (UNUSED_ACCOUNT_ENDPOINTS.has(path)) throw new APIError("NOT_FOUND", { message: "Not found", code: "NOT_FOUND" });
}

// ------------------------------------------------------------------ sign-in limits

/**
 * Before a sign-in: the client key's per-minute share, and its failures (across accounts, and on
 * this account) refuse it with better-auth's 429, even with the right password. Nothing here refuses
 * a key for an account it has not failed on (sign-in-limits.server.ts).
 */
export async function refuseLockedSignIn(db: Executor, body: unknown, address: string | null): Promise<void> {
  if (!(await mayTryPassword(db, bodyEmail(body), address))) throw tooManyAttempts();
}

/** After a sign-in: a wrong password (better-auth's 401) counts against the key, and may warn the owner. */
export async function countFailedSignIn(
  db: Executor,
  config: SiteConfig,
  body: unknown,
  address: string | null,
  returned: unknown,
): Promise<void> {
  const email = bodyEmail(body);
  if (!email || !isAPIError(returned) || returned.statusCode !== 401) return;
  await countWrongPassword(db, config, email, address);
}

// ------------------------------------------------------------------ sign-up

/** Before a sign-up: counts it against the caller's client key, refusing past the minute's or the hour's share. */
export async function refuseSignUpFlood(db: Executor, address: string | null): Promise<void> {
  if (!address) return;
  const shares = [
    { key: `signup:minute:ip:${address}`, rule: RATE_RULES.signUpsPerIpPerMinute },
    { key: `signup:ip:${address}`, rule: RATE_RULES.signUpsPerIp },
  ];
  if (!(await withinShares(db, shares))) throw tooManyAttempts();
}

// ------------------------------------------------------------------ password reset

/** Before a reset-link request: counts it against the caller's client key (five minutes' and the hour's share). */
export async function refuseResetRequestFlood(db: Executor, address: string | null): Promise<void> {
  if (!address) return;
  const shares = [
    { key: `reset-request:5min:ip:${address}`, rule: RATE_RULES.resetRequestsPerIpPerFiveMinutes },
    { key: `reset-request:ip:${address}`, rule: RATE_RULES.resetRequestsPerIp },
  ];
  if (!(await withinShares(db, shares))) throw tooManyAttempts();
}

/** Before a new password is set: counts the attempt against the caller's address and the link. */
export async function refuseResetGuessing(db: Executor, body: unknown, query: unknown, address: string | null): Promise<void> {
  const fromBody = (body as { token?: unknown } | undefined)?.token;
  const fromQuery = (query as { token?: unknown } | undefined)?.token;
  const token = typeof fromBody === "string" && fromBody ? fromBody : typeof fromQuery === "string" ? fromQuery : "";
  const shares = [
    { key: `reset:5min:ip:${address}`, rule: RATE_RULES.resetAttemptsPerIpPerFiveMinutes },
    { key: `reset:ip:${address}`, rule: RATE_RULES.resetAttemptsPerIp },
  ];
  if (address && !(await withinShares(db, shares))) throw tooManyAttempts();
  if (token && !(await countHit(db, `reset:token:${token.slice(0, 64)}`, RATE_RULES.resetAttemptsPerToken))) throw tooManyAttempts();
}

/**
 * After a password reset: the user's other reset links stop working too, so a link lying in an old
 * mail (or in a mailbox someone else read) cannot change the new password; and the account's
 * wrong-password counters start again, so the owner signs in with the new one at once.
 */
export async function forgetResetLinks(db: Executor, target: { id: string; email: string }): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, target.id), like(verification.identifier, `${RESET_TOKEN_PREFIX}%`)));
  await forgetWrongPasswords(db, target.email);
}

// ------------------------------------------------------------------ mail

/**
 * Queues the reset mail, and retires the account's earlier reset links: only the newest mail's link
 * works, so an older one lying in a mailbox cannot be used. Past an address's hourly share the
 * request still "succeeds" (same answer) but sends nothing, and then the unsent link goes instead,
 * so requests nobody receives cannot retire the link the owner is about to use.
 */
export async function queueResetMail(db: Executor, config: SiteConfig, target: { id: string; email: string }, token: string): Promise<void> {
  const current = `${RESET_TOKEN_PREFIX}${token}`;
  const mine = and(eq(verification.value, target.id), like(verification.identifier, `${RESET_TOKEN_PREFIX}%`));
  if (!(await countHit(db, `reset-mail:email:${target.email.toLowerCase()}`, RATE_RULES.resetMailsPerEmail))) {
    await db.delete(verification).where(and(mine, eq(verification.identifier, current)));
    return;
  }
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(and(mine, ne(verification.identifier, current)));
    await enqueueEmail(tx, passwordResetEmail({ siteName: config.siteName, to: target.email, link }));
  });
}

// ------------------------------------------------------------------ free listings

/**
 * A free listing granted to an address before its account was confirmed applies as soon as the
 * account's owner follows the confirmation link (never at sign-up: anyone can sign up with anyone's
 * address). A failure here must not undo the confirmation that already committed: it is logged, and
 * the hourly lifecycle job claims the grant on its next pass.
 */
export async function claimWaitingFreeListings(
  db: Executor,
  context: { config: SiteConfig; logger?: Logger },
  userId: string,
): Promise<void> {
  try {
    await claimFreeListingGrants(db, context, { userId });
  } catch (error) {
    context.logger?.error({ err: error, userId }, "claiming free listings at confirmation failed; the hourly job will retry");
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
