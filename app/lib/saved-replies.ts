import { z } from "zod";
import { multiLine, oneLine } from "./form";

// Replies from the dashboard (issue 27): the reply form, saved replies and the fields they fill in
// from the inquiry. Shared by the server (which fills a template before the page is drawn, so it
// works without JavaScript) and the forms.

export const REPLY_MAX_LENGTH = 2000;
export const SAVED_REPLY_TITLE_MAX = 60;
/** The performer's own saved replies, besides the starters below. */
export const SAVED_REPLIES_LIMIT = 10;

export const REPLY_REQUIRED = "Write your reply before sending it";
export const REPLY_TOO_LONG = `Please keep your reply under ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const TITLE_REQUIRED = "Give this saved reply a short name";
export const TITLE_TOO_LONG = `Please keep the name under ${SAVED_REPLY_TITLE_MAX} characters`;
export const SAVED_REPLIES_FULL = `You can keep up to ${SAVED_REPLIES_LIMIT} saved replies. Delete one you no longer use to add another.`;

const body = multiLine(z.string().trim().min(1, REPLY_REQUIRED).max(REPLY_MAX_LENGTH, REPLY_TOO_LONG));

/** What the reply page posts: a reply, a decline, "I replied" elsewhere, or marking the day booked. */
export const replyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), body }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("elsewhere") }),
  z.object({ intent: z.literal("mark-booked") }),
]);

export const savedReplySchema = z.object({
  title: oneLine(z.string().trim().min(1, TITLE_REQUIRED).max(SAVED_REPLY_TITLE_MAX, TITLE_TOO_LONG)),
  body,
});

/** Which button of the saved replies page was pressed, and on which reply. */
export const savedReplyIntentSchema = z.object({ intent: z.enum(["add", "update", "delete"]), id: z.string().max(100) });

export type SavedReplyInput = z.output<typeof savedReplySchema>;

/** The fields a saved reply may use, in braces, as the performer types them. */
export const TEMPLATE_FIELDS = ["{first name}", "{event date}", "{package}", "{price}"] as const;

export interface StarterReply {
  id: string;
  title: string;
  body: string;
}

/** Starters every performer has; they cannot be changed, but their own replies can copy them. */
export const STARTER_REPLIES: readonly StarterReply[] = [
  {
    id: "starter-free",
    title: "I'm free, here is my price",
    body: "Hi {first name},\n\nThank you for thinking of me! I'm free on {event date} and would love to be part of the day. My {package} is {price}.\n\nWould you like me to hold the date for you?",
  },
  {
    id: "starter-questions",
    title: "A few questions first",
    body: "Hi {first name},\n\nThank you for your message about {event date}! So I can plan the visit well, could you tell me the start time, the address and roughly how many children will be there?",
  },
  {
    id: "starter-confirm",
    title: "Confirming the booking",
    body: "Hi {first name},\n\nWonderful, {event date} is in my calendar: the {package} for {price}. I'll be in touch a few days before the party to go over the last details.",
  },
];

export interface TemplateValues {
  senderName: string;
  /** "Saturday, December 12, 2026", or null when the parent gave no date. */
  eventDate: string | null;
  packageName: string | null;
  /** "$150", or null without a package. */
  price: string | null;
}

/** The parent's first name as they wrote it: the first word of the name they gave. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** A template with its fields filled in; a field the inquiry cannot fill gets neutral words. */
export function fillTemplate(template: string, values: TemplateValues): string {
  const fields: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
    "{first name}": firstName(values.senderName) || "there",
    "{event date}": values.eventDate ?? "your event date",
    "{package}": values.packageName ?? "party visit",
    "{price}": values.price ?? "my usual rate",
  };
  return template.replace(/\{(first name|event date|package|price)\}/gi, (match) => fields[match.toLowerCase() as keyof typeof fields] ?? match);
}
