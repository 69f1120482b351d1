import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { hasControlCharacter } from "~/lib/form";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { user, userRoles } from "../db/schema";
import { clientKey } from "../http/client-key.server";
import type { Auth } from "./auth.server";
import { clientAddressHeader, withClientAddress } from "./client-address.server";
import { AUTH_MESSAGES } from "./messages.server";
import { countWrongPassword, mayTryPassword } from "./sign-in-limits.server";

// Account operations behind the sign-up, sign-in, password and sign-out pages. Route actions call
// these; better-auth does the credential work, this module adds the product's rules around it:
// friendly messages, no account enumeration, rate limits that also cover server-side calls.
// It uses the auth instance; the instance's own hooks (hook-rules.server.ts) never use this module.

export interface AccountServices {
  auth: Auth;
  db: Executor;
  config: AppConfig;
  /** The visitor's address as the HTTP server saw it (load context). */
  clientIp?: string;
}

/**
 * The request's headers for an in-process better-auth call, carrying the visitor's address the way
 * the HTTP server does for /api/auth (and replacing any the visitor sent), so better-auth's hooks
 * count page and API attempts from one address together.
 */
function authHeaders(svc: AccountServices, request: Request): Headers {
  const address = clientKey(svc, request);
  return withClientAddress(request.headers, clientAddressHeader(svc.config.authSecret), address === "unknown" ? null : address);
}

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

/** A failure's message, and over it (when the message is the server's reason) the spec's "Failed to …" title. */
export type Outcome = { ok: true } | { ok: false; message: string; status: number; title?: string };

export async function signUp(
  svc: AccountServices,
  request: Request,
  input: { email: string; password: string },
): Promise<Outcome> {
  try {
    // The welcome mail is queued by the user-creation hook (hook-rules.server.ts).
    await svc.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: "" },
      headers: authHeaders(svc, request),
    });
    return { ok: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const title = AUTH_MESSAGES.signUpFailedTitle;
    if (error.statusCode === 429) return { ok: false, status: 429, title, message: AUTH_MESSAGES.tooManyAttempts };
    const reason = serverMessage(error);
    return reason ? { ok: false, status: 400, title, message: reason } : { ok: false, status: 400, message: AUTH_MESSAGES.signUpFailed };
  }
}

// The new account's address rides from sign-up to the sign-in form in a signed, short-lived cookie
// rather than in the sign-in page's address, which ends up in logs and browser history. The
// sign-in page reads it once and clears it.
const NEW_ACCOUNT_EMAIL_SECONDS = 10 * 60;

function newAccountEmailCookie(config: Pick<AppConfig, "authSecret" | "publicUrl">) {
  return createCookie("cc_new_account", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: NEW_ACCOUNT_EMAIL_SECONDS,
    secrets: [config.authSecret],
    secure: config.publicUrl.startsWith("https://"),
  });
}

/** The Set-Cookie header that lets the sign-in form fill in the address an account was just created with. */
export async function rememberNewAccountEmail(config: Pick<AppConfig, "authSecret" | "publicUrl">, email: string): Promise<string> {
  return newAccountEmailCookie(config).serialize(email);
}

/** The address from sign-up, if any (a forged or expired cookie gives none), and the header that clears it. */
export async function takeNewAccountEmail(
  config: Pick<AppConfig, "authSecret" | "publicUrl">,
  request: Request,
): Promise<{ email: string | null; headers: Headers | undefined }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("cc_new_account=")) return { email: null, headers: undefined };
  const cookie = newAccountEmailCookie(config);
  const value: unknown = await cookie.parse(header);
  const email = typeof value === "string" && value.length <= 254 ? value : null;
  return { email, headers: new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }) };
}

export type SignInOutcome = { ok: true; headers: Headers; userId: string } | { ok: false; message: string; status: number; title?: string };

export async function signIn(
  svc: AccountServices,
  request: Request,
  input: { email: string; password: string },
): Promise<SignInOutcome> {
  // The limits (per client key a minute, per key on the account, per key across accounts) live in
  // better-auth's hooks (sign-in-limits.server.ts), so /api/auth/sign-in/email shares this page's counters.
  try {
    const result = await svc.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: authHeaders(svc, request),
      returnHeaders: true,
    });
    return { ok: true, headers: result.headers, userId: result.response.user.id };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // The limit's reason is the server's message; a wrong password is the spec's own sentence.
    if (error.statusCode === 429) return { ok: false, status: 429, title: AUTH_MESSAGES.signInFailedTitle, message: AUTH_MESSAGES.tooManyAttempts };
    return { ok: false, status: 400, message: AUTH_MESSAGES.signInFailed };
  }
}

/**
 * Sends the reset mail when the address has an account (at most a few an hour: see queueResetMail).
 * The answer is the same either way, so nobody learns who is registered.
 */
export async function requestPasswordReset(svc: AccountServices, request: Request, email: string): Promise<Outcome> {
  // The per-address limit lives in better-auth's hooks, shared with /api/auth/request-password-reset.
  try {
    await svc.auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(svc, request) });
    return { ok: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.statusCode === 429) return { ok: false, status: 429, message: AUTH_MESSAGES.tooManyAttempts };
    return { ok: false, status: 400, message: serverMessage(error) ?? AUTH_MESSAGES.resetLinkFailed };
  }
}

/**
 * Whether a reset link still works, and if not, the address it was sent to while better-auth still
 * holds its token (an expired link; a used one is gone), so the page that says the link no longer
 * works can ask for a new one to it. One look-up of the token for both.
 */
export async function resetLinkState(auth: Auth, token: string): Promise<{ live: true } | { live: false; email: string | null }> {
  // No token holds a control character; a NUL byte would fail in SQL (a 500) instead of "invalid link".
  if (!token || token.length > 200 || hasControlCharacter(token)) return { live: false, email: null };
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (found && found.expiresAt.getTime() > Date.now()) return { live: true };
  const user = found ? await ctx.internalAdapter.findUserById(found.value) : null;
  return { live: false, email: user?.email ?? null };
}

export type ResetOutcome = "updated" | "invalid-token" | "rate-limited" | { failed: string };

/** Sets the new password; better-auth consumes the token and ends every session of that user. */
export async function resetPassword(
  svc: AccountServices,
  request: Request,
  input: { token: string; password: string },
): Promise<ResetOutcome> {
  // The per-address and per-link limits live in better-auth's hooks, shared with /api/auth/reset-password.
  try {
    await svc.auth.api.resetPassword({
      body: { newPassword: input.password, token: input.token },
      headers: authHeaders(svc, request),
    });
    return "updated";
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.statusCode === 429) return "rate-limited";
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return "invalid-token";
    return { failed: serverMessage(error) ?? AUTH_MESSAGES.resetFailed };
  }
}

export type PasswordCheck = "right" | "wrong" | "rate-limited";

/**
 * The signed-in performer's password, asked again before something that cannot be undone (deleting
 * the account). Checked against the stored hash with better-auth's own verifier, under the sign-in
 * limits: a wrong one counts as a failed sign-in, so this form is no way round them.
 */
export async function checkCurrentPassword(
  svc: AccountServices,
  request: Request,
  who: { id: string; email: string },
  password: string,
): Promise<PasswordCheck> {
  const client = clientKey(svc, request);
  const key = client === "unknown" ? null : client;
  const email = who.email.toLowerCase();
  if (!(await mayTryPassword(svc.db, email, key))) return "rate-limited";
  const ctx = await svc.auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(who.id);
  const right = !!credential?.password && (await ctx.password.verify({ hash: credential.password, password }));
  if (right) return "right";
  await countWrongPassword(svc.db, svc.config, email, key);
  return "wrong";
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
