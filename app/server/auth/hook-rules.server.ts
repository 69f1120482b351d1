import { APIError, isAPIError } from "better-auth/api";
import type { AppConfig } from "../config.server";
import type { Executor } from "../db/client.server";
import type { Logger } from "../logger.server";
import { enqueueEmail, type OutgoingEmail } from "../mail/outbox.server";
import { escapeHtml, passwordResetEmail } from "../mail/templates.server";
import { claimFreeListingGrants } from "../payments/grants.server";
import { countHit, limitReached, RATE_RULES } from "./limits.server";
import { AUTH_MESSAGES } from "./messages.server";

// The product's rules inside better-auth: everything the instance's hooks do (auth.server.ts wires
// them in). They run for the sign-in and sign-up pages and for direct /api/auth requests alike.

type SiteConfig = Pick<AppConfig, "siteName" | "publicUrl">;

function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

const signInFailureKey = (email: string) => `signin-fail:email:${email}`;

// ------------------------------------------------------------------ sign-in lockout (per account)

/**
 * Before a sign-in: too many recent failed sign-ins for this account refuse even the right password
 * for a while (throws better-auth's 429).
 */
export async function refuseLockedSignIn(db: Executor, body: unknown): Promise<void> {
  const email = bodyEmail(body);
  if (email && (await limitReached(db, signInFailureKey(email), RATE_RULES.signInFailuresPerEmail))) {
    throw new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.tooManyAttempts, code: "TOO_MANY_ATTEMPTS" });
  }
}

/** After a sign-in: a wrong password (better-auth's 401) counts against the account. */
export async function countFailedSignIn(db: Executor, body: unknown, returned: unknown): Promise<void> {
  const email = bodyEmail(body);
  if (email && isAPIError(returned) && returned.statusCode === 401) {
    await countHit(db, signInFailureKey(email), RATE_RULES.signInFailuresPerEmail);
  }
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
