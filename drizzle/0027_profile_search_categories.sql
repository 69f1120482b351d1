ALTER TABLE "profile_search" ADD COLUMN "categories" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- profile_search also repeats each profile's categories, so a place page's box of rows is tested
-- for its categories (and the family filter for 18+) inside the coordinates index, not by a
-- lookup in profile_categories per row (Los Angeles, Hero or Villain, within 50 miles, at
-- 1,000,000 profiles: 7,000 lookups). Statement triggers on profile_categories are its writer, as
-- profile_search_sync is for the profile's own columns: whatever writes a category, the copy
-- follows in the same transaction.
CREATE FUNCTION "profile_search_categories_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_search" AS s
  SET "categories" = coalesce((SELECT array_agg(k."category" ORDER BY k."category") FROM "profile_categories" AS k WHERE k."profile_id" = s."id"), '{}')
  WHERE s."id" IN (SELECT "profile_id" FROM "changed");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_categories_added" AFTER INSERT ON "profile_categories"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_categories_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_categories_removed" AFTER DELETE ON "profile_categories"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_categories_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_categories_moved_from" AFTER UPDATE ON "profile_categories"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_categories_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_categories_moved_to" AFTER UPDATE ON "profile_categories"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_categories_sync"();--> statement-breakpoint
UPDATE "profile_search" AS s SET "categories" = c."categories"
FROM (SELECT "profile_id", array_agg("category" ORDER BY "category") AS "categories" FROM "profile_categories" GROUP BY "profile_id") AS c
WHERE c."profile_id" = s."id";--> statement-breakpoint
DROP INDEX "profile_search_public_geo_idx";--> statement-breakpoint
-- The coordinates index now starts with the point's one-degree square (schema.ts, geoCell): a box
-- is read as the few squares it touches instead of its whole stripe of latitude.
CREATE INDEX "profile_search_public_geo_idx" ON "profile_search" USING btree (((floor("latitude") * 1000 + floor("longitude"))::int),"latitude","longitude","created_at","id","travel_radius","payment_expiry","audience","price_min","group_performer","categories") WHERE is_active and payment_status = 'paid' and display_name is not null;
