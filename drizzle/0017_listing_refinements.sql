ALTER TABLE "profile_search" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "price_min" integer;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "group_performer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_audience_check" CHECK ("profiles"."audience" is null or "profiles"."audience" in ('kids', 'all', 'adults'));--> statement-breakpoint
-- One audience per profile, from the answers it already holds where they agree (the same reading
-- as inferAudience in app/lib/audience-rules.ts): the 18+ category alone says adults, Kids' Parties
-- Only alone without adult themes says kids, a family-friendly-only act that chose neither category
-- and no adult themes plays for all ages. The family-friendly flag then follows the answer, as the
-- editor keeps it. Contradictory or silent profiles stay unknown (null), shown in family searches as
-- before, and the dashboard asks their performer.
UPDATE "profiles" AS p SET
  "audience" = a."inferred",
  "family_friendly_only" = a."inferred" <> 'adults'
FROM (
  SELECT pr."id", CASE
      WHEN c.adult AND NOT c.kids THEN 'adults'
      WHEN c.kids AND NOT c.adult AND NOT pr."adult_themes_ok" THEN 'kids'
      WHEN NOT c.kids AND NOT c.adult AND pr."family_friendly_only" AND NOT pr."adult_themes_ok" THEN 'all'
    END AS "inferred"
  FROM "profiles" AS pr
  CROSS JOIN LATERAL (
    SELECT
      EXISTS (SELECT 1 FROM "profile_categories" k WHERE k."profile_id" = pr."id" AND k."category" = '18+ Events Only') AS adult,
      EXISTS (SELECT 1 FROM "profile_categories" k WHERE k."profile_id" = pr."id" AND k."category" = 'Kids'' Parties Only') AS kids
  ) AS c
) AS a
WHERE a."id" = p."id" AND a."inferred" IS NOT NULL;--> statement-breakpoint
-- profile_search also repeats what the listing filters read (audience, lowest price, solo or group),
-- kept by the same trigger as before (migration 0009), now also on those columns.
CREATE OR REPLACE FUNCTION "profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                                "latitude", "longitude", "travel_radius", "search_vector", "created_at",
                                "audience", "price_min", "group_performer")
  VALUES (NEW."id", NEW."display_name", NEW."is_active", NEW."payment_status", NEW."payment_expiry", NEW."state", NEW."city",
          NEW."latitude", NEW."longitude", NEW."travel_radius", NEW."search_vector", NEW."created_at",
          NEW."audience", NEW."price_min", NEW."group_performer")
  ON CONFLICT ("id") DO UPDATE SET
    "display_name" = excluded."display_name", "is_active" = excluded."is_active",
    "payment_status" = excluded."payment_status", "payment_expiry" = excluded."payment_expiry",
    "state" = excluded."state", "city" = excluded."city", "latitude" = excluded."latitude",
    "longitude" = excluded."longitude", "travel_radius" = excluded."travel_radius",
    "search_vector" = excluded."search_vector", "created_at" = excluded."created_at",
    "audience" = excluded."audience", "price_min" = excluded."price_min", "group_performer" = excluded."group_performer";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "profile_search_sync" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profile_search_sync"
  AFTER INSERT OR UPDATE OF "display_name", "characters", "search_text", "is_active", "payment_status", "payment_expiry",
    "state", "city", "latitude", "longitude", "travel_radius", "created_at", "audience", "price_min", "group_performer"
  ON "profiles" FOR EACH ROW EXECUTE FUNCTION "profile_search_sync"();--> statement-breakpoint
UPDATE "profile_search" AS s SET "audience" = p."audience", "price_min" = p."price_min", "group_performer" = p."group_performer"
FROM "profiles" AS p WHERE p."id" = s."id";
