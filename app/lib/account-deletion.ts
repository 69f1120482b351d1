import { z } from "zod";

// The delete-account form: its one field and the texts the page, its action and the browser share.

/** What the performer types to confirm; compared without regard to case or surrounding spaces. */
export const DELETE_ACCOUNT_WORD = "DELETE";

export const ACCOUNT_DELETION_TEXTS = {
  fieldLabel: `Type ${DELETE_ACCOUNT_WORD} to confirm`,
  wrongConfirmation: `Please type ${DELETE_ACCOUNT_WORD} to confirm.`,
  /** The browser's dialog before the post goes out (JavaScript only; without it the typed word is the confirmation). */
  dialog: "Are you sure you want to delete your account? This action cannot be undone.",
  button: "Delete my account",
  pending: "Deleting...",
  failed: "Failed to delete account. Please try again.",
  doneTitle: "Your account has been deleted",
} as const;

export const deleteAccountSchema = z.object({
  confirmation: z
    .string()
    .trim()
    .refine((value) => value.toUpperCase() === DELETE_ACCOUNT_WORD, ACCOUNT_DELETION_TEXTS.wrongConfirmation),
});
