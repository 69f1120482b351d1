-- Verified reviews from real inquiries (app/server/reviews/). One question per inquiry, asked by the
-- review-questions job after the party date (or 30 days after an undated inquiry): the parent's
-- answer arrives through a random link whose sha256 alone is stored, the performer's on the
-- dashboard. A review belongs to its question (one per inquiry); reports are visitors'. The
-- question keeps what it needs of the inquiry (the parent's address and name, the party's date), so
-- a performer who deletes the inquiry does not take its review or no-show report with it.
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid,
	"profile_id" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_name" text NOT NULL,
	"party_on" date,
	"token_hash" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"link_opened_at" timestamp with time zone,
	"parent_answer" text,
	"answered_at" timestamp with time zone,
	"performer_answer" text,
	"performer_answered_at" timestamp with time zone,
	"no_show_status" text,
	"no_show_note" text,
	"decided_reason" text,
	CONSTRAINT "review_requests_parent_answer_check" CHECK ("review_requests"."parent_answer" is null or "review_requests"."parent_answer" in ('booked', 'no_show', 'not_booked')),
	CONSTRAINT "review_requests_performer_answer_check" CHECK ("review_requests"."performer_answer" is null or "review_requests"."performer_answer" in ('booked', 'not_booked')),
	CONSTRAINT "review_requests_no_show_status_check" CHECK ("review_requests"."no_show_status" is null or "review_requests"."no_show_status" in ('pending', 'confirmed', 'hidden', 'removed')),
	CONSTRAINT "review_requests_no_show_note_check" CHECK (char_length("review_requests"."no_show_note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_inquiry_id_contact_messages_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_inquiry_idx" ON "review_requests" USING btree ("inquiry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_token_idx" ON "review_requests" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "review_requests_profile_idx" ON "review_requests" USING btree ("profile_id");
--> statement-breakpoint
CREATE INDEX "review_requests_no_show_pending_idx" ON "review_requests" USING btree ("answered_at") WHERE "review_requests"."no_show_status" = 'pending';
--> statement-breakpoint
-- The review-questions job's read: inquiries whose party date passed lately (the undated ones by
-- contact_messages_created_idx).
CREATE INDEX "contact_messages_event_date_idx" ON "contact_messages" USING btree ("event_date");
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"author_name" text NOT NULL,
	"party_on" date,
	"asked_on" date NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"publish_after" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"decided_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 20 and 1000),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'published', 'disputed', 'hidden', 'removed')),
	CONSTRAINT "reviews_dispute_reason_check" CHECK (char_length("reviews"."dispute_reason") <= 500),
	CONSTRAINT "reviews_reply_check" CHECK (char_length("reviews"."reply") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_idx" ON "reviews" USING btree ("request_id");
--> statement-breakpoint
-- A profile's page of published reviews, newest first, read straight off the index.
CREATE INDEX "reviews_profile_published_idx" ON "reviews" USING btree ("profile_id","published_at","id") WHERE "reviews"."status" = 'published';
--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("publish_after") WHERE "reviews"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "reviews_disputed_idx" ON "reviews" USING btree ("disputed_at") WHERE "reviews"."status" = 'disputed';
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_key" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK (char_length("review_reports"."reason") between 1 and 500),
	CONSTRAINT "review_reports_status_check" CHECK ("review_reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("review_id","reporter_key");
--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."status" = 'open';
--> statement-breakpoint
-- The figures cards and profiles show, kept on the profile row by the write that changes them, so
-- no listing aggregates reviews per request.
ALTER TABLE "profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "confirmed_parties" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "confirmed_no_shows" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('request.approve', 'request.reject', 'request.delete', 'message.read', 'message.delete', 'profile.activate', 'profile.deactivate', 'profile.deactivate.undo', 'profile.delete', 'review.approve', 'review.hide', 'review.remove', 'no_show.approve', 'no_show.hide', 'no_show.remove'));
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('free_listing_request', 'contact_message', 'profile', 'review', 'review_request'));
