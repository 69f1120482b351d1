-- Issue 27, replies: an inquiry's answer, the thread kept on it, the parent's links to read it, the
-- performer's saved replies and the public reply figures.
-- Its journal "when" is above 0039's although its number is lower: it was committed after them, and
-- a database that has 0039 applies only migrations whose "when" is later than 0039's.
--   answer        null while unanswered (new or read, as is_read says), else the latest answer:
--                 'replied' (a reply sent here, or the performer said they answered by mail, phone
--                 or text) or 'declined' ("Sorry, I'm booked that day")
--   answered_at   the first answer, never moved by a later one: the reply-time figure
--   parent_confirmed_at  when the parent showed they hold the address the inquiry came from (the
--                 button on a reply link mailed to it); until then no performer's words are mailed to it
ALTER TABLE "contact_messages" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "parent_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answer_check" CHECK ("answer" is null or "answer" in ('replied', 'declined'));--> statement-breakpoint
-- Median hours to a first answer and the share answered, over the last 90 days (null under three
-- inquiries), kept on the row like inquiry_read_hours so listings read them for free.
ALTER TABLE "profiles" ADD COLUMN "reply_hours" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reply_rate" smallint;--> statement-breakpoint
CREATE TABLE "inquiry_replies" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "inquiry_id" uuid NOT NULL REFERENCES "contact_messages"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "alternatives" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "inquiry_replies_kind_check" CHECK ("kind" in ('reply', 'decline', 'elsewhere')),
  CONSTRAINT "inquiry_replies_body_check" CHECK (char_length("body") <= 2000)
);--> statement-breakpoint
CREATE INDEX "inquiry_replies_inquiry_idx" ON "inquiry_replies" ("inquiry_id", "created_at");--> statement-breakpoint
CREATE TABLE "inquiry_reply_links" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "inquiry_id" uuid NOT NULL REFERENCES "contact_messages"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "inquiry_reply_links_inquiry_idx" ON "inquiry_reply_links" ("inquiry_id");--> statement-breakpoint
CREATE INDEX "inquiry_reply_links_expires_idx" ON "inquiry_reply_links" ("expires_at");--> statement-breakpoint
CREATE TABLE "saved_replies" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "profile_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_replies_title_check" CHECK (char_length("title") between 1 and 60),
  CONSTRAINT "saved_replies_body_check" CHECK (char_length("body") between 1 and 2000)
);--> statement-breakpoint
CREATE INDEX "saved_replies_profile_idx" ON "saved_replies" ("profile_id", "created_at");
