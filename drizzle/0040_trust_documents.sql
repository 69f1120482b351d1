-- Trust documents reviewed by an admin (app/server/trust/): the people who may arrive in costume for
-- a listing, and the background-check reports and insurance certificates a performer uploads for an
-- admin to read. The file itself lives in the storage layer under a private prefix the media route
-- never serves; storage_key is cleared when the deletion job removes it 30 days after the decision,
-- and the row keeps only the decision's facts. person_name copies the person's name at upload so a
-- decision still says whom it covered after the person is removed from the listing.
-- The profile row keeps what badges, cards and filters read (refreshTrustFigures): checked_until is
-- set only while every listed person has an approved background check, insured_until and its limit
-- come from the approved certificate valid longest. Readers compare them with today, so expiry needs
-- no job.
ALTER TABLE "profiles" ADD COLUMN "checked_until" date;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "insured_until" date;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "insured_limit_dollars" integer;
--> statement-breakpoint
CREATE TABLE "trust_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"full_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_people_full_name_check" CHECK (char_length("trust_people"."full_name") between 2 and 80)
);
--> statement-breakpoint
ALTER TABLE "trust_people" ADD CONSTRAINT "trust_people_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "trust_people_profile_idx" ON "trust_people" USING btree ("profile_id","created_at");
--> statement-breakpoint
CREATE TABLE "trust_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"person_id" uuid,
	"person_name" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"liability_limit_dollars" integer,
	"storage_key" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"reminded_at" timestamp with time zone,
	"file_deleted_at" timestamp with time zone,
	CONSTRAINT "trust_documents_kind_check" CHECK ("trust_documents"."kind" in ('background_check', 'insurance')),
	CONSTRAINT "trust_documents_status_check" CHECK ("trust_documents"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "trust_documents_provider_check" CHECK (char_length("trust_documents"."provider") between 2 and 100),
	CONSTRAINT "trust_documents_kind_fields_check" CHECK (("trust_documents"."kind" = 'background_check' and "trust_documents"."person_name" is not null and "trust_documents"."issued_on" is not null and "trust_documents"."liability_limit_dollars" is null) or ("trust_documents"."kind" = 'insurance' and "trust_documents"."person_id" is null and "trust_documents"."person_name" is null and "trust_documents"."liability_limit_dollars" is not null and "trust_documents"."liability_limit_dollars" > 0 and "trust_documents"."expires_on" is not null)),
	CONSTRAINT "trust_documents_decision_check" CHECK (("trust_documents"."status" = 'pending' and "trust_documents"."decided_at" is null) or ("trust_documents"."status" = 'approved' and "trust_documents"."decided_at" is not null and "trust_documents"."valid_until" is not null) or ("trust_documents"."status" = 'rejected' and "trust_documents"."decided_at" is not null and "trust_documents"."reason" is not null)),
	CONSTRAINT "trust_documents_content_type_check" CHECK ("trust_documents"."content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "trust_documents_byte_size_check" CHECK ("trust_documents"."byte_size" between 1 and 10485760),
	CONSTRAINT "trust_documents_reason_check" CHECK (char_length("trust_documents"."reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "trust_documents" ADD CONSTRAINT "trust_documents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trust_documents" ADD CONSTRAINT "trust_documents_person_id_trust_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."trust_people"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The performer's own list and refreshTrustFigures' reads.
CREATE INDEX "trust_documents_profile_idx" ON "trust_documents" USING btree ("profile_id","kind","status");
--> statement-breakpoint
CREATE INDEX "trust_documents_person_idx" ON "trust_documents" USING btree ("person_id");
--> statement-breakpoint
-- The admin queue: pending documents, oldest first.
CREATE INDEX "trust_documents_pending_idx" ON "trust_documents" USING btree ("uploaded_at","id") WHERE "trust_documents"."status" = 'pending';
--> statement-breakpoint
-- What expires within 30 days (the admin's list), soonest first.
CREATE INDEX "trust_documents_approved_until_idx" ON "trust_documents" USING btree ("valid_until","id") WHERE "trust_documents"."status" = 'approved';
--> statement-breakpoint
-- The reminder job: approved documents not yet reminded, by expiry.
CREATE INDEX "trust_documents_remind_idx" ON "trust_documents" USING btree ("valid_until") WHERE "trust_documents"."status" = 'approved' and "trust_documents"."reminded_at" is null;
--> statement-breakpoint
-- The deletion job: decided documents whose file is still stored, by decision time.
CREATE INDEX "trust_documents_file_kept_idx" ON "trust_documents" USING btree ("decided_at") WHERE "trust_documents"."storage_key" is not null and "trust_documents"."status" <> 'pending';
--> statement-breakpoint
-- The trust queue's decisions, and an admin opening a document, go in the audit log.
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('request.approve', 'request.reject', 'request.delete', 'message.read', 'message.delete', 'profile.activate', 'profile.deactivate', 'profile.deactivate.undo', 'profile.delete', 'review.approve', 'review.hide', 'review.remove', 'no_show.approve', 'no_show.hide', 'no_show.remove', 'trust_document.open', 'trust_document.approve', 'trust_document.reject'));
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('free_listing_request', 'contact_message', 'profile', 'review', 'review_request', 'trust_document'));
