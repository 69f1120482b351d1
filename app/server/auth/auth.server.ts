import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { AppConfig } from "../platform/config.server";
import type { Db, Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { account, rateLimit, session, user, userRoles, verification } from "../db/schema";
import { clientAddressFrom, clientAddressHeader } from "./client-address.server";
import { CONFIRMATION_LINK_SECONDS, queueConfirmationMail } from "./confirmation-mail.server";
import {
  claimWaitingFreeListings,
  countFailedSignIn,
  forgetResetLinks,
  queueExistingAccountMail,
  queueResetMail,
  refuseControlCharacters,
  refuseLockedSignIn,
  refuseResetGuessing,
  refuseResetRequestFlood,
  refuseSignUpFlood,
  refuseUnusedEndpoint,
} from "./hook-rules.server";
import { safeRedirectPath, type SignInNotice } from "~/lib/auth-schemas";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";

// The better-auth instance and the guards that read its sessions. The product's rules inside
// better-auth (lockout, reset-mail allowance, free listings waiting for the address) live in hook-rules.server.ts, the
// confirmation mail in confirmation-mail.server.ts; the account
// operations the pages call (sign up, sign in, reset, sign out) in accounts.server.ts, which uses
// this module and never the other way round.

export function createAuth(db: Db, config: AppConfig, logger?: Logger) {
  // better-auth's own per-address limiter, for requests to /api/auth. The HTTP server hands each
  // request's client key over in a header of our own (client-address.server.ts); a request without one
  // (a script calling the handler directly) is let through rather than put in one bucket with
  // everyone else, where one busy client would throttle every visitor. The database counters in the
  // hooks below apply either way; they hold the sign-in, sign-up and reset limits, since this limiter
  // never sees the pages' in-process calls.
  const addressHeader = clientAddressHeader(config.authSecret);
  const perAddress = (rule: { window: number; max: number }) => (request: Request) =>
    clientAddressFrom(request.headers, addressHeader) ? rule : (false as const);
  const addressOf = (ctx: { headers?: Headers; request?: Request }) =>
    clientAddressFrom(ctx.headers ?? ctx.request?.headers, addressHeader);

  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    // A new confirmation link comes from the dashboard's button (email-confirmation.server.ts), which
    // tells the performer when to try again; this endpoint would send one to any unconfirmed address.
    disabledPaths: ["/send-verification-email"],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: false,
      // Signing in works before the address is confirmed (the spec's sign-up, then sign-in).
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async onExistingUserSignUp({ user: existing }) {
        await queueExistingAccountMail(db, config, existing.email);
      },
      async sendResetPassword({ user: target, token }) {
        await queueResetMail(db, config, target, token);
      },
      async onPasswordReset({ user: target }) {
        await forgetResetLinks(db, target);
      },
    },
    // Sign-up sends one mail, the welcome with the link that proves the address is the performer's.
    // An unconfirmed account signs in and builds its profile, but nothing lists it until the link
    // is followed: checkout refuses it and free listings granted to the address wait (and attach
    // here, once it is confirmed). Accounts never confirmed are removed (jobs/unconfirmed-accounts).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      async sendVerificationEmail({ user: created, token }) {
        await queueConfirmationMail(db, config, { userId: created.id, email: created.email, token, kind: "welcome" });
      },
      async afterEmailVerification(confirmed) {
        await claimWaitingFreeListings(db, { config, logger }, confirmed.id);
      },
    },
    // better-auth's own log lines go through ours, so a failed query it reports is redacted like any other.
    logger: logger
      ? {
          level: "warn",
          log: (level, message, ...args: unknown[]) => {
            const err = args.find((arg): arg is Error => arg instanceof Error);
            logger[level](err ? { err } : {}, `better-auth: ${message}`);
          },
        }
      : undefined,
    // Errors better-auth has no answer for (a database outage) reach the caller instead of becoming a
    // bare 500: /api/auth turns an outage into a 503 (client-address.server.ts), pages into their 503 page.
    // Its own refusals (wrong password, rate limits) are answered as before.
    onAPIError: { throw: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        // Counted in the hooks below instead, per client key, so the pages and /api/auth share one
        // counter (limits.server.ts).
        "/sign-in/email": false,
        "/sign-up/email": false,
        "/request-password-reset": false,
        "/reset-password": false,
        // Everything else (session checks, sign-out...): the default share, per address. Last, since
        // better-auth takes the first pattern that matches.
        "/**": perAddress({ window: 60, max: 100 }),
      },
    },
    // The sign-in, sign-up and reset limits, in better-auth itself so the pages and /api/auth share them.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseUnusedEndpoint(ctx.path);
        refuseControlCharacters(ctx.body, ctx.query, ctx.params);
        if (ctx.path === "/sign-in/email") await refuseLockedSignIn(db, ctx.body, addressOf(ctx));
        else if (ctx.path === "/sign-up/email") await refuseSignUpFlood(db, addressOf(ctx));
        else if (ctx.path === "/request-password-reset") await refuseResetRequestFlood(db, addressOf(ctx));
        else if (ctx.path === "/reset-password") await refuseResetGuessing(db, ctx.body, ctx.query, addressOf(ctx));
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        await countFailedSignIn(db, config, ctx.body, addressOf(ctx), ctx.context.returned);
      }),
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // Only our own header: a forwarded one is the client's to forge, and the HTTP server has
      // already read it as far as the proxy setting allows.
      // The header already holds the client key (an IPv6 visitor's prefix); the same prefix here.
      ipAddress: { ipAddressHeaders: [addressHeader], ipv6Subnet: config.ipv6ClientPrefix },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/** What the guards and the session lookup need from the load context. */
export interface AuthContext {
  auth: Auth;
  db: Executor;
}

export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/** The signed-in user, or null. For pages that anyone may see; guarded ones use requireUser. */
export async function getSessionUser(ctx: AuthContext, request: Request): Promise<SessionUser | null> {
  try {
    const result = await ctx.auth.api.getSession({ headers: request.headers });
    if (!result) return null;
    return { id: result.user.id, email: result.user.email, isAdmin: await isAdmin(ctx.db, result.user.id) };
  } catch {
    // A broken or expired session cookie reads as signed out.
    return null;
  }
}

/**
 * The redirect a guard throws for a signed-out visitor: to /signin, carrying where they were going
 * (only ever a path on this site) and, optionally, one of the known sign-in notices.
 */
export function signInRedirect(request: Request, message?: SignInNotice, redirectTo?: string): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: safeRedirectPath(redirectTo ?? `${url.pathname}${url.search}`) });
  if (message) params.set("message", message);
  return redirect(`/signin?${params.toString()}`);
}

/** The signed-in user, or a thrown redirect to /signin. Call it in every guarded loader AND action. */
export async function requireUser(
  ctx: AuthContext,
  request: Request,
  options: { message?: SignInNotice; redirectTo?: string } = {},
): Promise<SessionUser> {
  const current = await getSessionUser(ctx, request);
  if (!current) throw signInRedirect(request, options.message, options.redirectTo);
  return current;
}

/** An admin, or a thrown redirect: signed out to /signin, signed in without the role to /. */
export async function requireAdmin(ctx: AuthContext, request: Request): Promise<SessionUser> {
  const current = await requireUser(ctx, request);
  if (!current.isAdmin) throw redirect("/");
  return current;
}

/**
 * For the pages only a signed-out visitor needs (sign-in, sign-up): a signed-in one is sent on to
 * `redirectTo`, by default the page's own `redirectTo` parameter (a path on this site, else the dashboard).
 */
export async function requireAnonymous(
  ctx: AuthContext,
  request: Request,
  redirectTo: string = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
): Promise<void> {
  if (await getSessionUser(ctx, request)) throw redirect(redirectTo);
}
