-- A performer's pasted iCal address (Google, Apple, Outlook), read every hour by the
-- calendar-import job, and the busy local days its last successful read found. The days are
-- replaced whole in one transaction on each success; a failed read keeps the last good days.
CREATE TABLE "calendar_imports" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"fetch_count" integer DEFAULT 0 NOT NULL,
	"busy_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "calendar_imports_next_fetch_idx" ON "calendar_imports" USING btree ("next_fetch_at");
--> statement-breakpoint
CREATE TABLE "calendar_import_days" (
	"profile_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "calendar_import_days_profile_id_day_pk" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
ALTER TABLE "calendar_import_days" ADD CONSTRAINT "calendar_import_days_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
