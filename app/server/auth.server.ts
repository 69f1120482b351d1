import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { AppConfig } from "./config.server";
import type { Db, Executor } from "./db/client.server";
import { account, rateLimit, session, user, userRoles, verification } from "./db/schema";
import { enqueueEmail } from "./mail/outbox.server";
import { passwordResetEmail } from "./mail/templates.server";
import {
  allowResetMail,
  AUTH_MESSAGES,
  existingAccountEmail,
  recordSignInFailure,
  signInLocked,
  welcomeEmail,
} from "./accounts.server";
import { safeRedirectPath, type SignInNotice } from "~/lib/auth-schemas";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";

function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

export function createAuth(db: Db, config: AppConfig) {
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
      // Signing up with a registered address answers exactly like a new sign-up (no account
      // enumeration); the owner hears about it by email instead, with a way back in.
      async onExistingUserSignUp({ user: existing }) {
        await enqueueEmail(db, existingAccountEmail({ siteName: config.siteName, publicUrl: config.publicUrl, to: existing.email }));
      },
      async sendResetPassword({ user: target, token }) {
        // Past an address's hourly share the request still "succeeds" (same answer), but sends nothing.
        if (!(await allowResetMail(db, target.email))) return;
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
        await enqueueEmail(db, passwordResetEmail({ siteName: config.siteName, to: target.email, link }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Runs for every new account, however it was created (sign-up page or /api/auth).
          async after(created) {
            await enqueueEmail(db, welcomeEmail({ siteName: config.siteName, publicUrl: config.publicUrl, to: created.email }));
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
        const email = bodyEmail(ctx.body);
        if (email && (await signInLocked(db, email))) {
          throw new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.tooManyAttempts, code: "TOO_MANY_ATTEMPTS" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const returned: unknown = ctx.context.returned;
        const email = bodyEmail(ctx.body);
        if (email && isAPIError(returned) && returned.statusCode === 401) await recordSignInFailure(db, email);
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

export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function getSessionUser(auth: Auth, db: Executor, request: Request): Promise<SessionUser | null> {
  try {
    const result = await auth.api.getSession({ headers: request.headers });
    if (!result) return null;
    return { id: result.user.id, email: result.user.email, isAdmin: await isAdmin(db, result.user.id) };
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

type GuardContext = { auth: Auth; db: Executor };

/** The signed-in user, or a thrown redirect to /signin. Call it in every guarded loader AND action. */
export async function requireUser(
  ctx: GuardContext,
  request: Request,
  options: { message?: SignInNotice; redirectTo?: string } = {},
): Promise<SessionUser> {
  const current = await getSessionUser(ctx.auth, ctx.db, request);
  if (!current) throw signInRedirect(request, options.message, options.redirectTo);
  return current;
}

/** An admin, or a thrown redirect: signed out to /signin, signed in without the role to /. */
export async function requireAdmin(ctx: GuardContext, request: Request): Promise<SessionUser> {
  const current = await requireUser(ctx, request);
  if (!current.isAdmin) throw redirect("/");
  return current;
}
