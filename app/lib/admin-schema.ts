import { z } from "zod";
import { multiLine } from "./form";

// The one form behind every button on /admin: which action, on which record. Buttons post it to
// the page's own address, so the action knows the admin's place (tab, filter, page) and returns there.

export const ADMIN_INTENTS = [
  "approve",
  "reject",
  "delete-request",
  "mark-read",
  "delete-message",
  "set-active",
  "delete-profile",
] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];

export const ADMIN_NOTES_MAX = 1000;

export const adminActionSchema = z.object({
  intent: z.enum(ADMIN_INTENTS),
  id: z.string().trim().min(1).max(100),
  notes: multiLine(z.string().trim().max(ADMIN_NOTES_MAX, `Notes cannot exceed ${ADMIN_NOTES_MAX} characters`)).optional(),
  /** For set-active: the state the button asks for ("true" or "false"), so two clicks never undo each other. */
  active: z.string().optional(),
  /** "yes" once the admin confirmed a deletion (the browser's dialog, or the page's own second step). */
  confirmed: z.string().optional(),
});
export type AdminActionInput = z.output<typeof adminActionSchema>;
