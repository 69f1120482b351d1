-- The performer's calendar (issue 26). One row per marked day, the performer's own local calendar
-- day (their state's time zone, app/lib/state-time-zones.ts). The primary key answers one
-- performer's month; the index by day answers "who is booked on D" for many performers at once
-- (the party date in search), holding the kind so that read never visits the table.
CREATE TABLE "calendar_days" (
	"profile_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "calendar_days_profile_id_day_pk" PRIMARY KEY("profile_id","day"),
	CONSTRAINT "calendar_days_kind_check" CHECK ("calendar_days"."kind" in ('booked', 'away'))
);
--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "calendar_days_day_idx" ON "calendar_days" USING btree ("day","profile_id","kind");
--> statement-breakpoint
-- One row per performer who has used the calendar: the weekly rule (bit 0 Sunday ... bit 6
-- Saturday, a day the performer never works), the secret of their iCal feed's address, and when
-- they last changed anything ("Calendar last updated", and the 30 days after which search stops
-- trusting it).
CREATE TABLE "performer_calendars" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"weekly_off" smallint DEFAULT 0 NOT NULL,
	"weekly_since" date,
	"feed_token" text NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "performer_calendars_weekly_off_check" CHECK ("performer_calendars"."weekly_off" between 0 and 127)
);
--> statement-breakpoint
ALTER TABLE "performer_calendars" ADD CONSTRAINT "performer_calendars_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "performer_calendars_feed_token_idx" ON "performer_calendars" USING btree ("feed_token");
