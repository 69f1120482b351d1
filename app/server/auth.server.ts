import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { AppConfig } from "./config.server";
import type { Db, Executor } from "./db/client.server";
import { account, rateLimit, session, user, userRoles, verification } from "./db/schema";
import { enqueueEmail } from "./mail/outbox.server";
import { passwordResetEmail } from "./mail/templates.server";
import { PASSWORD_MIN_LENGTH } from "~/lib/constants";

export function createAuth(db: Db, config: AppConfig) {
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
      async sendResetPassword({ user: target, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
        await enqueueEmail(db, passwordResetEmail({ siteName: config.siteName, to: target.email, link }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 300, max: 5 },
        "/reset-password": { window: 300, max: 10 },
      },
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

export function signInRedirect(request: Request, message?: string, redirectTo?: string): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: redirectTo ?? `${url.pathname}${url.search}` });
  if (message) params.set("message", message);
  return redirect(`/signin?${params.toString()}`);
}

export async function requireUser(
  ctx: { auth: Auth; db: Db },
  request: Request,
  options: { message?: string; redirectTo?: string } = {},
): Promise<SessionUser> {
  const current = await getSessionUser(ctx.auth, ctx.db, request);
  if (!current) throw signInRedirect(request, options.message, options.redirectTo);
  return current;
}

export async function requireAdmin(ctx: { auth: Auth; db: Db }, request: Request): Promise<SessionUser> {
  const current = await requireUser(ctx, request);
  if (!current.isAdmin) throw redirect("/");
  return current;
}
