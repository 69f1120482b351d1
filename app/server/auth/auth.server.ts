import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { AppConfig } from "../config.server";
import type { Db, Executor } from "../db/client.server";
import type { Logger } from "../logger.server";
import { account, rateLimit, session, user, userRoles, verification } from "../db/schema";
import {
  claimWaitingFreeListings,
  countFailedSignIn,
  queueExistingAccountMail,
  queueResetMail,
  queueWelcomeMail,
  refuseLockedSignIn,
} from "./hook-rules.server";
import { safeRedirectPath, type SignInNotice } from "~/lib/auth-schemas";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";

// The better-auth instance and the guards that read its sessions. The product's rules inside
// better-auth (lockout, reset-mail allowance, welcome mail, free listings waiting for the address) live in hook-rules.server.ts; the account
// operations the pages call (sign up, sign in, reset, sign out) in accounts.server.ts, which uses
// this module and never the other way round.

export function createAuth(db: Db, config: AppConfig, logger?: Logger) {
  // better-auth's own per-address limiter, for requests to /api/auth. Without a trusted proxy header
  // every visitor would share one bucket (one busy minute would lock everyone out), so it then steps
  // aside; the per-account limits in the hooks below apply either way.
  const perAddress = (rule: { window: number; max: number }) => (request: Request) =>
    config.trustProxy && request.headers.get("x-forwarded-for") ? rule : (false as const);

  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async onExistingUserSignUp({ user: existing }) {
        await queueExistingAccountMail(db, config, existing.email);
      },
      async sendResetPassword({ user: target, token }) {
        await queueResetMail(db, config, target.email, token);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // better-auth runs this once the new user's row is committed.
          async after(created) {
            await queueWelcomeMail(db, config, created.email);
            await claimWaitingFreeListings(db, { config, logger }, created.id);
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": perAddress({ window: 60, max: 10 }),
        "/sign-up/email": perAddress({ window: 60, max: 10 }),
        "/request-password-reset": perAddress({ window: 300, max: 5 }),
        "/reset-password": perAddress({ window: 300, max: 10 }),
      },
    },
    // Per-account sign-in limit, in better-auth itself so the sign-in page and /api/auth share it.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        await refuseLockedSignIn(db, ctx.body);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        await countFailedSignIn(db, ctx.body, ctx.context.returned);
      }),
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
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
