-- Days of profile_daily_stats older than a year, summed per profile and calendar month by the
-- stats-roll-up job; first_day keeps the earliest day counted, so "since" stays the same.
CREATE TABLE "profile_monthly_stats" (
	"profile_id" text NOT NULL,
	"month" date NOT NULL,
	"first_day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_monthly_stats_profile_id_month_pk" PRIMARY KEY("profile_id","month"),
	CONSTRAINT "profile_monthly_stats_month_check" CHECK ("profile_monthly_stats"."month" = date_trunc('month', "profile_monthly_stats"."month")::date)
);
--> statement-breakpoint
ALTER TABLE "profile_monthly_stats" ADD CONSTRAINT "profile_monthly_stats_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
