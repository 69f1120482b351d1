import { FREE_LISTING_SPOTS } from "./constants";

// What /admin says to the admin: the spec's toasts and confirmations word for word (Admin dashboard,
// §5, §8), and the few refusals the spec leaves to us.

export const REQUEST_APPROVED = "Request approved";
export const REQUEST_REJECTED = "Request rejected";
export const REQUEST_UPDATE_FAILED = "Failed to update request status";
export const REQUEST_DELETED = "Request deleted successfully";
export const REQUEST_DELETE_FAILED = "Failed to delete request";
export const REQUEST_DELETE_CONFIRM = "Are you sure you want to delete this request?";
export const REQUEST_ALREADY_REVIEWED = "This request has already been reviewed.";
export const REQUEST_ADDRESS_HAS_FREE_LISTING =
  "This applicant already has a free listing, so the request was not approved. Reject or delete it instead.";
export const PROGRAM_FULL = `All ${FREE_LISTING_SPOTS} free listings have been granted; no more can be approved.`;

export const MESSAGE_MARKED_READ = "Marked as read";
export const MESSAGE_MARK_READ_FAILED = "Failed to mark as read";
export const MESSAGE_DELETED = "Message deleted successfully";
export const MESSAGE_DELETE_FAILED = "Failed to delete message";
export const MESSAGE_DELETE_CONFIRM = "Are you sure you want to delete this message?";
export const UNKNOWN_PROFILE = "Unknown Profile";

export const PROFILE_ACTIVATED = "Profile activated successfully";
export const PROFILE_DEACTIVATED = "Profile deactivated successfully";
export const PROFILE_STATUS_FAILED = "Failed to update profile status";
export const PROFILE_DELETED = "Profile deleted successfully";
export const PROFILE_DELETE_FAILED = "Failed to delete profile";
export const PROFILE_DELETE_CONFIRM = "Are you sure you want to delete this profile? This action cannot be undone.";

export const ADMIN_LOAD_FAILED = "Failed to load data";

export const PROFILE_DEACTIVATION_UNDONE = "Deactivation undone: the profile is active again and the performer was not emailed.";
export const PROFILE_UNDO_TOO_LATE = "Too late to undo: the performer has been emailed. Use Activate to list the profile again.";
/** How long the toast after a deactivation offers its Undo (the server allows a little longer). */
export const UNDO_OFFER_SECONDS = 10;

/** The extra field a confirmation asks for: none, optional notes for the applicant, or a required reason. */
export type ConfirmField = "none" | "notes" | "reason";

export interface ConfirmText {
  title: string;
  /** What happens, in a sentence or two; "" when the title says it all. */
  body: string;
  confirm: string;
  field: ConfirmField;
  /** What the reason or notes field's hint says. */
  hint?: string;
  /** Red confirm button: the action takes something away. */
  destructive: boolean;
}

/**
 * What the page asks before each action that needs a second thought: deletions (the spec's
 * questions word for word), approving (a free spot is spent) and the two that tell someone "no"
 * (Reject, Deactivate), which need the reason the email gives.
 */
export const CONFIRMATIONS = {
  approve: {
    title: "Approve this request?",
    body: `The applicant gets a free year's listing, one of the ${FREE_LISTING_SPOTS} free spots, and an email saying so.`,
    confirm: "Yes, approve",
    field: "notes",
    hint: "Included in the approval email and kept with the request.",
    destructive: false,
  },
  reject: {
    title: "Reject this request?",
    body: "The applicant is emailed your reason, and a reply to that email reaches the team.",
    confirm: "Reject request",
    field: "reason",
    hint: "It completes the email's sentence \u201cWe are not able to approve your application this time because \u2026\u201d",
    destructive: true,
  },
  deactivate: {
    title: "Deactivate this profile?",
    body: "It leaves the directory and search at once. The performer is emailed your reason, and a reply to that email reaches the team. You can undo it for a few seconds.",
    confirm: "Deactivate",
    field: "reason",
    hint: "It completes the email's sentence \u201cYour listing is paused because \u2026\u201d",
    destructive: true,
  },
  "delete-request": { title: REQUEST_DELETE_CONFIRM, body: "", confirm: "Yes, delete", field: "none", destructive: true },
  "delete-message": { title: MESSAGE_DELETE_CONFIRM, body: "", confirm: "Yes, delete", field: "none", destructive: true },
  "delete-profile": { title: PROFILE_DELETE_CONFIRM, body: "", confirm: "Yes, delete", field: "none", destructive: true },
} as const satisfies Record<string, ConfirmText>;

export type ConfirmKind = keyof typeof CONFIRMATIONS;

/** Which confirmation a button's post needs, or null for one that acts at once (Mark as Read, Activate, Undo). */
export function confirmKindOf(input: { intent: string; active?: string }): ConfirmKind | null {
  if (input.intent === "set-active") return input.active === "false" ? "deactivate" : null;
  return input.intent in CONFIRMATIONS ? (input.intent as ConfirmKind) : null;
}

/** The fields a confirmed post of that kind carries besides id, reason/notes and `confirmed`. */
export function confirmedPost(kind: ConfirmKind): Record<string, string> {
  return kind === "deactivate" ? { intent: "set-active", active: "false" } : { intent: kind };
}
