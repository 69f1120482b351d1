import { z } from "zod";
import { multiLine } from "./form";
import { NOTE_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from "./review-view";

// The forms of verified reviews: the parent's answer (a signed link, no account), the performer's
// answer, dispute and reply on the dashboard, a visitor's report on the profile, and the admin's
// decision. Every message is the one shown next to its field.

export { NOTE_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH };

export const RATING_REQUIRED = "Please choose from 1 to 5 stars.";
export const REVIEW_TOO_SHORT = `Please write at least ${REVIEW_MIN_LENGTH} characters about the party.`;
export const REVIEW_TOO_LONG = `Please keep your review to ${REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters.`;
export const NOTE_TOO_LONG = `Please keep this to ${NOTE_MAX_LENGTH} characters.`;
export const REASON_NEEDED = "Please say in a few words why.";
export const REPLY_NEEDED = "Please write your reply.";
export const REPLY_TOO_LONG = `Please keep your reply to ${REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters.`;

export const PARENT_ANSWERS = ["booked", "no_show", "not_booked"] as const;
export type ParentAnswer = (typeof PARENT_ANSWERS)[number];

/** The parent's answer page: one form per answer, told apart by `answer`. */
export const reviewAnswerSchema = z
  .object({
    answer: z.enum(PARENT_ANSWERS),
    rating: z.string().optional(),
    body: multiLine(z.string().trim().max(REVIEW_MAX_LENGTH, REVIEW_TOO_LONG)).optional(),
    note: multiLine(z.string().trim().max(NOTE_MAX_LENGTH, NOTE_TOO_LONG)).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.answer !== "booked") return;
    if (!/^[1-5]$/.test(input.rating ?? "")) ctx.addIssue({ code: "custom", path: ["rating"], message: RATING_REQUIRED });
    // Counted in characters as the database counts them (an emoji is one).
    if (Array.from(input.body ?? "").length < REVIEW_MIN_LENGTH) ctx.addIssue({ code: "custom", path: ["body"], message: REVIEW_TOO_SHORT });
  });
export type ReviewAnswerInput = z.output<typeof reviewAnswerSchema>;

export const PERFORMER_REVIEW_INTENTS = ["booked", "not-booked", "dispute", "reply"] as const;

/** The performer's buttons on /dashboard/reviews (and the question on an inquiry, which posts there). */
export const performerReviewSchema = z
  .object({
    intent: z.enum(PERFORMER_REVIEW_INTENTS),
    id: z.string().trim().min(1).max(100),
    text: multiLine(z.string().trim().max(REVIEW_MAX_LENGTH, REPLY_TOO_LONG)).optional(),
    /** Where to go back to: "inquiry" returns to the inquiry the question was asked on. */
    back: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    const text = input.text ?? "";
    if (input.intent === "dispute" && text.length === 0) ctx.addIssue({ code: "custom", path: ["text"], message: REASON_NEEDED });
    if (input.intent === "dispute" && text.length > NOTE_MAX_LENGTH) ctx.addIssue({ code: "custom", path: ["text"], message: NOTE_TOO_LONG });
    if (input.intent === "reply" && text.length === 0) ctx.addIssue({ code: "custom", path: ["text"], message: REPLY_NEEDED });
  });
export type PerformerReviewInput = z.output<typeof performerReviewSchema>;

/** A visitor's report of a review, from the profile. */
export const reviewReportSchema = z.object({
  review: z.string().trim().min(1).max(100),
  reason: multiLine(z.string().trim().min(1, REASON_NEEDED).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG)),
});

export const REVIEW_DECISIONS = ["approve", "hide", "remove"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The admin's decision on a review or a no-show report, with the reason mailed to the performer. */
export const reviewDecisionSchema = z.object({
  kind: z.enum(["review", "no_show"]),
  id: z.string().trim().min(1).max(100),
  decision: z.enum(REVIEW_DECISIONS),
  reason: multiLine(z.string().trim().min(1, REASON_NEEDED).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG)),
});
export type ReviewDecisionInput = z.output<typeof reviewDecisionSchema>;
