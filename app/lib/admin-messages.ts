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

/** What the page asks before each deletion. */
export const DELETE_CONFIRMATIONS = {
  "delete-request": REQUEST_DELETE_CONFIRM,
  "delete-message": MESSAGE_DELETE_CONFIRM,
  "delete-profile": PROFILE_DELETE_CONFIRM,
} as const;
