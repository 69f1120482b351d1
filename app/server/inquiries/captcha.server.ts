import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { consumedTokens } from "../db/schema";
import type { Captcha } from "~/lib/inquiry-fields";
import type { Executor } from "../db/client.server";

// The inquiry form's math question (sum of two digits 1-9). The server signs the question with an
// expiry, so the answer is checked on the server and a token can be spent only once.

export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

export type { Captcha } from "~/lib/inquiry-fields";

interface Payload {
  a: number;
  b: number;
  exp: number;
  n: string;
}

function sign(secret: string, body: string) {
  return createHmac("sha256", `captcha:${secret}`).update(body).digest("base64url");
}

export function issueCaptcha(secret: string, now: number = Date.now()): Captcha {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const payload: Payload = { a, b, exp: now + CAPTCHA_TTL_MS, n: randomBytes(9).toString("base64url") };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { a, b, token: `${body}.${sign(secret, body)}` };
}

export type CaptchaResult = "ok" | "wrong" | "expired" | "invalid";

/** Checks the signature, the expiry and the answer. Does not spend the token: see consumeCaptcha. */
export function checkCaptcha(secret: string, token: string, answer: number, now: number = Date.now()): CaptchaResult {
  const payload = readCaptcha(secret, token);
  if (!payload) return "invalid";
  if (payload.exp < now) return "expired";
  return payload.a + payload.b === answer ? "ok" : "wrong";
}

/** The signed question, or null when the token was not issued by us. */
export function readCaptcha(secret: string, token: string): Payload | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    if (![payload.a, payload.b, payload.exp].every(Number.isInteger) || typeof payload.n !== "string") return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * Spends a token inside the caller's transaction. Returns false when it was already spent, so a
 * captured request cannot be replayed.
 */
export async function consumeCaptcha(tx: Executor, token: string, expiresAt: Date): Promise<boolean> {
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const inserted = await tx
    .insert(consumedTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: consumedTokens.tokenHash });
  return inserted.length === 1;
}
