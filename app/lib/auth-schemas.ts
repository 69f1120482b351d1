import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./constants";
import { hasControlCharacter } from "./form";

// One schema per account form, shared by the route action (authoritative) and the browser (instant feedback).
// Messages are the product spec's, word for word.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Invalid email address")
  .regex(EMAIL_PATTERN, "Invalid email address")
  // The pattern lets a NUL byte through, which would reach the database.
  .refine((v) => !hasControlCharacter(v), "Invalid email address")
  .transform((v) => v.toLowerCase());

// better-auth refuses passwords over 128 characters; saying so here beats a generic failure.
const PASSWORD_MAX_LENGTH = 128;
const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

// Where to go afterwards, carried in a hidden field; anything but a path on this site becomes the default.
const redirectTo = z.string().transform((value) => safeRedirectPath(value));

// A new password and its confirmation (sign up, reset password): the same rules and messages on both pages.
const newPassword = {
  password: z
    .string()
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
  confirmPassword: z.string().min(1, "Please confirm your password"),
};

/** Adds the check that the confirmation repeats the new password (its message goes on the confirmation). */
function confirmingPassword<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S): S {
  return schema.refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
}

export const signUpSchema = confirmingPassword(z.object({ email, ...newPassword, redirectTo }));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH, passwordTooLong),
  redirectTo,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = confirmingPassword(z.object({ token: z.string().trim().min(1).max(200), ...newPassword }));

export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/**
 * Where to go after signing in. Only a path on this site is accepted, so a crafted link cannot
 * send someone elsewhere (`//evil.example`, `/\evil.example`, `https://...` are all refused).
 */
export function safeRedirectPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string") return fallback;
  const candidate = value.trim();
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  if (candidate.length > 2000 || candidate.includes("\\") || hasControlCharacter(candidate)) return fallback;
  // Resolve against a dummy origin: anything that lands on another origin is refused.
  try {
    const url = new URL(candidate, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    // Signing in again would loop straight back to the auth pages.
    if (/^\/(signin|signup|signout|forgot-password|reset-password)(\/|$)/.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Notices a guard may show above the sign-in form. The sign-in page shows only these, so a crafted
 * link cannot put words of its choosing on the site.
 */
const SIGN_IN_NOTICES = [
  "Please sign in to continue with your subscription.",
  "Please sign in to continue.",
  "Your session has ended. Please sign in again.",
] as const;
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number];

export function signInNotice(value: unknown): SignInNotice | null {
  return (SIGN_IN_NOTICES as readonly unknown[]).includes(value) ? (value as SignInNotice) : null;
}

/** The dashboard's inquiry buttons. `confirmed` is "yes" once the performer agreed to delete. */
export const inboxActionSchema = z.object({
  intent: z.enum(["mark-read", "delete"]),
  id: z.string().trim().min(1).max(100),
  confirmed: z.string().optional(),
});
