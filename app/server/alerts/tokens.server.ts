import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The two links an alert's mails carry. The confirmation link's token is random and stored only as
// its hash (a copy of the table cannot confirm anything), spent on use. The unsubscribe link is the
// alert's id signed with the server's secret: it needs no row of its own, works as long as the alert
// exists, and cannot be guessed for another alert.

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A confirmation token as we make them (43 base64url characters); anything else is not looked up. */
export function isConfirmToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

function unsubscribeSignature(secret: string, alertId: string): string {
  return createHmac("sha256", `search-alert-unsubscribe:${secret}`).update(alertId).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(secret: string, alertId: string): string {
  return `${alertId}.${unsubscribeSignature(secret, alertId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The alert an unsubscribe token names, or null when we did not sign it. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [alertId, signature, extra] = token.split(".");
  if (!alertId || !signature || extra !== undefined || !UUID.test(alertId)) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, alertId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? alertId : null;
}
