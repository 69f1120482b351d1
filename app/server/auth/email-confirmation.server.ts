import { createEmailVerificationToken, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { user } from "../db/schema";
import type { Auth } from "./auth.server";
import { CONFIRMATION_LINK_SECONDS, queueConfirmationMail } from "./confirmation-mail.server";

// What the pages do with an address's confirmation: follow the link, send it again, and ask whether
// an account has confirmed. Until it has, its listing cannot go live: checkout refuses it
// (payments/checkout.server.ts) and free listings wait for it (payments/grants.server.ts).

export interface ConfirmationServices {
  auth: Auth;
  db: Executor;
  config: Pick<AppConfig, "siteName" | "publicUrl">;
}

/** Whether the account has followed its confirmation link (every account made before the link existed has). */
export async function isEmailConfirmed(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row?.confirmed ?? false;
}

export type ConfirmOutcome = "confirmed" | "expired" | "invalid";

/**
 * Follows a confirmation link. better-auth checks the token (signed, naming the account, not past its
 * time), marks the address confirmed and runs the confirmation hook, which attaches free listings
 * waiting for it (auth.server.ts). A link for an address already confirmed counts as confirmed.
 */
export async function confirmEmail(svc: ConfirmationServices, request: Request, token: string): Promise<ConfirmOutcome> {
  if (!token || token.length > 2_000) return "invalid";
  try {
    await svc.auth.api.verifyEmail({ query: { token }, headers: request.headers });
    return "confirmed";
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    return code === "TOKEN_EXPIRED" ? "expired" : "invalid";
  }
}

export type ResendOutcome =
  | { kind: "sent"; email: string }
  | { kind: "already-confirmed" }
  | { kind: "limited"; retryAfterSeconds: number };

/** The dashboard's "Resend email": a fresh link for the signed-in account, within its allowance. */
export async function resendConfirmationMail(svc: ConfirmationServices, userId: string, now: Date = new Date()): Promise<ResendOutcome> {
  const [account] = await svc.db
    .select({ email: user.email, confirmed: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account || account.confirmed) return { kind: "already-confirmed" };
  const { secret } = await svc.auth.$context;
  // The same token better-auth makes at sign-up, so its /verify-email and our page accept it alike.
  const token = await createEmailVerificationToken(secret, account.email, undefined, CONFIRMATION_LINK_SECONDS, { userId });
  const verdict = await queueConfirmationMail(svc.db, svc.config, { userId, email: account.email, token, kind: "resend" }, now);
  return verdict.allowed ? { kind: "sent", email: account.email } : { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
}
