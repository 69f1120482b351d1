CREATE TABLE "search_alert_matches" (
	"alert_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_alert_matches_alert_id_profile_id_pk" PRIMARY KEY("alert_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "search_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"query" text NOT NULL,
	"state" text,
	"city" text,
	"place_label" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_alerts_email_check" CHECK ("search_alerts"."email" = lower("search_alerts"."email")),
	CONSTRAINT "search_alerts_query_check" CHECK (length("search_alerts"."query") <= 200)
);
--> statement-breakpoint
CREATE TABLE "unmet_searches" (
	"day" date NOT NULL,
	"words" text NOT NULL,
	"place" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unmet_searches_day_words_place_pk" PRIMARY KEY("day","words","place")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "search_alert_matches" ADD CONSTRAINT "search_alert_matches_alert_id_search_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."search_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_matches" ADD CONSTRAINT "search_alert_matches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_alert_matches_profile_idx" ON "search_alert_matches" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_alerts_search_idx" ON "search_alerts" USING btree ("email","query",coalesce("state", ''),coalesce("city", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "search_alerts_confirm_token_idx" ON "search_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "search_alerts_unconfirmed_idx" ON "search_alerts" USING btree ("confirm_expires_at") WHERE confirmed_at is null;--> statement-breakpoint
CREATE INDEX "search_alerts_due_idx" ON "search_alerts" USING btree ("checked_at") WHERE confirmed_at is not null;--> statement-breakpoint
-- Where a performer is based left the search document (search-document.server.ts): a town's words
-- are read as a place, so "santa" must not find everyone based in Santa Ana. Every profile's
-- document is rewritten the way the profile save now writes it; the trigger copies it on.
UPDATE "profiles" p SET "search_text" = translate(concat_ws(' ', p."display_name", array_to_string(p."characters", ' '), p."bio",
  (SELECT string_agg(pc."category", ' ' ORDER BY pc."category") FROM "profile_categories" pc WHERE pc."profile_id" = p."id")), '/', ' ');
