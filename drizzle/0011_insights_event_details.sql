CREATE TABLE "profile_daily_stats" (
	"profile_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_daily_stats_profile_id_day_pk" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "event_start_time" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "event_length_minutes" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "children_count" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "child_age" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "first_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "inquiry_read_hours" integer;--> statement-breakpoint
ALTER TABLE "profile_daily_stats" ADD CONSTRAINT "profile_daily_stats_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_event_start_time_check" CHECK ("contact_messages"."event_start_time" is null or "contact_messages"."event_start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_event_length_check" CHECK ("contact_messages"."event_length_minutes" is null or "contact_messages"."event_length_minutes" between 15 and 1440);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_children_count_check" CHECK ("contact_messages"."children_count" is null or "contact_messages"."children_count" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_child_age_check" CHECK ("contact_messages"."child_age" is null or "contact_messages"."child_age" between 0 and 17);