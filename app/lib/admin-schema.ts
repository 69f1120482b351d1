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
  "undo-deactivate",
  "delete-profile",
] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];

export const ADMIN_NOTES_MAX = 1000;
/** A reason is a clause the mail quotes ("Your listing is paused because ..."), not a letter. */
export const ADMIN_REASON_MAX = 500;

export const REASON_REQUIRED = "Please write the reason: the email to them quotes it.";

/** Whether a post asks for a change the performer or applicant is emailed a reason for. */
export function needsReason(input: { intent: string; active?: string }): boolean {
  return input.intent === "reject" || (input.intent === "set-active" && input.active === "false");
}

export const adminActionSchema = z
  .object({
    intent: z.enum(ADMIN_INTENTS),
    id: z.string().trim().min(1).max(100),
    notes: multiLine(z.string().trim().max(ADMIN_NOTES_MAX, `Notes cannot exceed ${ADMIN_NOTES_MAX} characters`)).optional(),
    /** Reject and Deactivate: why, quoted in the mail to the applicant or performer. */
    reason: multiLine(z.string().trim().max(ADMIN_REASON_MAX, `The reason cannot exceed ${ADMIN_REASON_MAX} characters`)).optional(),
    /** For set-active: the state the button asks for ("true" or "false"), so two clicks never undo each other. */
    active: z.string().optional(),
    /** "yes" once the admin confirmed (the page's dialog, or its own second step without JavaScript). */
    confirmed: z.string().optional(),
    /** For undo-deactivate: which deactivation (its audit row's id). */
    token: z.string().trim().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    // Asked only of the confirmed post: the first one (no JavaScript) is the question itself.
    if (input.confirmed === "yes" && needsReason(input) && !input.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: REASON_REQUIRED });
    }
  });
export type AdminActionInput = z.output<typeof adminActionSchema>;
