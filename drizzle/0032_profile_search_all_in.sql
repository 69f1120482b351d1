-- The budget filter and the "Lowest price" sort read a performer's lowest all-in price (issue 26):
-- their cheapest package delivered to the visitor's place, or, with no package, the hourly minimum.
-- profile_search carries what that needs, so the condition is arithmetic on the row (inside the
-- listing and coordinates indexes), never a look-up of packages per row:
--   price_from             the cheapest package plus a flat travel fee; the hourly minimum
--                          (price_min) without packages; null with neither (no price: kept)
--   travel_free_miles      with packages and a per-mile rule only: the miles free of charge,
--   travel_cents_per_mile  and the cents each mile past them adds
-- The per-mile fee for a place is the SQL twin of app/lib/all-in-price.ts (allInPriceSql in
-- app/server/directory/all-in-sql.server.ts); without a place the figure is price_from.
ALTER TABLE "profile_search" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "travel_free_miles" integer;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "travel_cents_per_mile" integer;--> statement-breakpoint
-- One reading of the rule for the row trigger, the packages' trigger and the backfill alike.
CREATE FUNCTION "profile_search_price_from"("cheapest" integer, "price_min" integer, "fee_kind" text, "fee_flat" integer)
  RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "cheapest" IS NULL THEN "price_min"
              WHEN "fee_kind" = 'flat' THEN "cheapest" + "fee_flat"
              ELSE "cheapest" END
$$;--> statement-breakpoint
CREATE FUNCTION "profile_search_per_mile"("cheapest" integer, "fee_kind" text, "amount" integer)
  RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "cheapest" IS NOT NULL AND "fee_kind" = 'per_mile' THEN "amount" END
$$;--> statement-breakpoint
-- The profile's own trigger (migrations 0009, 0017) now also fires on the travel rule and copies
-- the all-in columns, reading the profile's packages as they stand.
CREATE OR REPLACE FUNCTION "profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cheapest integer := (SELECT min(k."price") FROM "profile_packages" AS k WHERE k."profile_id" = NEW."id");
BEGIN
  INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                                "latitude", "longitude", "travel_radius", "search_vector", "created_at",
                                "audience", "price_min", "group_performer",
                                "price_from", "travel_free_miles", "travel_cents_per_mile")
  VALUES (NEW."id", NEW."display_name", NEW."is_active", NEW."payment_status", NEW."payment_expiry", NEW."state", NEW."city",
          NEW."latitude", NEW."longitude", NEW."travel_radius", NEW."search_vector", NEW."created_at",
          NEW."audience", NEW."price_min", NEW."group_performer",
          "profile_search_price_from"(cheapest, NEW."price_min", NEW."travel_fee_kind", NEW."travel_fee_flat"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_free_miles"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_cents_per_mile"))
  ON CONFLICT ("id") DO UPDATE SET
    "display_name" = excluded."display_name", "is_active" = excluded."is_active",
    "payment_status" = excluded."payment_status", "payment_expiry" = excluded."payment_expiry",
    "state" = excluded."state", "city" = excluded."city", "latitude" = excluded."latitude",
    "longitude" = excluded."longitude", "travel_radius" = excluded."travel_radius",
    "search_vector" = excluded."search_vector", "created_at" = excluded."created_at",
    "audience" = excluded."audience", "price_min" = excluded."price_min", "group_performer" = excluded."group_performer",
    "price_from" = excluded."price_from", "travel_free_miles" = excluded."travel_free_miles",
    "travel_cents_per_mile" = excluded."travel_cents_per_mile";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "profile_search_sync" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profile_search_sync"
  AFTER INSERT OR UPDATE OF "display_name", "characters", "search_text", "is_active", "payment_status", "payment_expiry",
    "state", "city", "latitude", "longitude", "travel_radius", "created_at", "audience", "price_min", "group_performer",
    "travel_fee_kind", "travel_fee_free_miles", "travel_fee_cents_per_mile", "travel_fee_flat"
  ON "profiles" FOR EACH ROW EXECUTE FUNCTION "profile_search_sync"();--> statement-breakpoint
-- Statement triggers on profile_packages, as on profile_categories (0027): whatever writes a
-- package (the editor's save replaces them: a delete, then an insert), the copy follows in the same
-- transaction, read from the profile's rule and packages as they then stand.
CREATE FUNCTION "profile_search_packages_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_search" AS s SET
    "price_from" = "profile_search_price_from"(c."cheapest", p."price_min", p."travel_fee_kind", p."travel_fee_flat"),
    "travel_free_miles" = "profile_search_per_mile"(c."cheapest", p."travel_fee_kind", p."travel_fee_free_miles"),
    "travel_cents_per_mile" = "profile_search_per_mile"(c."cheapest", p."travel_fee_kind", p."travel_fee_cents_per_mile")
  FROM "profiles" AS p
  CROSS JOIN LATERAL (SELECT min(k."price") AS "cheapest" FROM "profile_packages" AS k WHERE k."profile_id" = p."id") AS c
  WHERE p."id" IN (SELECT "profile_id" FROM "changed") AND s."id" = p."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_packages_added" AFTER INSERT ON "profile_packages"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_packages_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_packages_removed" AFTER DELETE ON "profile_packages"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_packages_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_packages_moved_from" AFTER UPDATE ON "profile_packages"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_packages_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_packages_moved_to" AFTER UPDATE ON "profile_packages"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_packages_sync"();--> statement-breakpoint
UPDATE "profile_search" AS s SET
  "price_from" = "profile_search_price_from"(c."cheapest", p."price_min", p."travel_fee_kind", p."travel_fee_flat"),
  "travel_free_miles" = "profile_search_per_mile"(c."cheapest", p."travel_fee_kind", p."travel_fee_free_miles"),
  "travel_cents_per_mile" = "profile_search_per_mile"(c."cheapest", p."travel_fee_kind", p."travel_fee_cents_per_mile")
FROM "profiles" AS p
LEFT JOIN (SELECT "profile_id", min("price") AS "cheapest" FROM "profile_packages" GROUP BY "profile_id") AS c ON c."profile_id" = p."id"
WHERE s."id" = p."id";--> statement-breakpoint
-- The indexes that carried price_min for the budget filter and the price order carry the all-in
-- columns instead (the same places, so a refined listing is still sifted inside the index).
DROP INDEX "profile_search_public_listing_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_listing_idx" ON "profile_search" USING btree ("created_at","id","state","city","audience","group_performer","price_from","payment_expiry") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_price_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_price_idx" ON "profile_search" USING btree ("price_from","created_at" desc,"id" desc,"state","city","audience","group_performer","payment_expiry") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_state_city_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_state_city_idx" ON "profile_search" USING btree ("state","city","created_at","id","audience","group_performer","price_from","payment_expiry") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_geo_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_geo_idx" ON "profile_search" USING btree (((floor("latitude") * 1000 + floor("longitude"))::int),"latitude","longitude","created_at","id","travel_radius","payment_expiry","audience","price_from","travel_free_miles","travel_cents_per_mile","group_performer","categories") WHERE is_active and payment_status = 'paid' and display_name is not null;
