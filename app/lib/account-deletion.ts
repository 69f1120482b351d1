import { z } from "zod";

// The delete-account form: its two fields (the typed word, and the password, so a session left open
// on a shared computer cannot delete the account) and the texts the page, its action and the browser share.

/** What the performer types to confirm; compared without regard to case or surrounding spaces. */
export const DELETE_ACCOUNT_WORD = "DELETE";

export const ACCOUNT_DELETION_TEXTS = {
  fieldLabel: `Type ${DELETE_ACCOUNT_WORD} to confirm`,
  wrongConfirmation: `Please type ${DELETE_ACCOUNT_WORD} to confirm.`,
  passwordLabel: "Your password",
  passwordHint: "The password you sign in with.",
  passwordRequired: "Please enter your password.",
  wrongPassword: "Incorrect password",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  /** The browser's dialog before the post goes out (JavaScript only; without it the typed word is the confirmation). */
  dialog: "Are you sure you want to delete your account? This action cannot be undone.",
  button: "Delete my account",
  pending: "Deleting...",
  failed: "Failed to delete account. Please try again.",
  doneTitle: "Your account has been deleted",
} as const;

// better-auth refuses passwords over 128 characters, so a longer one cannot be right.
const PASSWORD_MAX_LENGTH = 128;

export const deleteAccountSchema = z.object({
  password: z
    .string()
    .min(1, ACCOUNT_DELETION_TEXTS.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_DELETION_TEXTS.wrongPassword),
  confirmation: z
    .string()
    .trim()
    .refine((value) => value.toUpperCase() === DELETE_ACCOUNT_WORD, ACCOUNT_DELETION_TEXTS.wrongConfirmation),
});
