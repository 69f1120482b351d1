CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('request.approve', 'request.reject', 'request.delete', 'message.read', 'message.delete', 'profile.activate', 'profile.deactivate', 'profile.delete')),
	CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" in ('free_listing_request', 'contact_message', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "free_listing_program" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"grants_issued" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_listing_program_single_row_check" CHECK ("free_listing_program"."id" = 1),
	CONSTRAINT "free_listing_program_limit_check" CHECK ("free_listing_program"."grants_issued" >= 0 and "free_listing_program"."grants_issued" <= 150)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);