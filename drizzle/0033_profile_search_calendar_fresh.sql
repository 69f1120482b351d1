-- A dated listing (issue 26, at scale) decides "availability not shared" on the row itself:
-- profile_search.calendar_fresh_until is the moment the performer's calendar stops being trusted,
-- the later of performer_calendars.updated_at and calendar_imports.last_success_at plus 30 days,
-- null with neither. A calendar is fresh exactly when calendar_fresh_until >= now, the same rule as
-- availabilitySql's updated_at >= now - 30 days (app/server/calendar/calendar.server.ts). Written as
-- 720 hours, not '30 days': timestamptz + '30 days' follows the session's time zone across a DST
-- change, 720 hours never does. Where few performers keep a calendar, the free tier of a big
-- state's listing then starts from those few instead of probing the calendars of every row.
ALTER TABLE "profile_search" ADD COLUMN "calendar_fresh_until" timestamp with time zone;--> statement-breakpoint
-- One reading of the rule for the triggers, the profile's own trigger and the backfill alike: two
-- key look-ups.
CREATE FUNCTION "profile_search_calendar_fresh_until"("performer" text)
  RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT greatest(
    (SELECT c."updated_at" FROM "performer_calendars" AS c WHERE c."profile_id" = "performer"),
    (SELECT i."last_success_at" FROM "calendar_imports" AS i WHERE i."profile_id" = "performer")
  ) + interval '720 hours'
$$;--> statement-breakpoint
-- Whatever writes a calendar's time (the performer's change, an iCal read, a calendar deleted with
-- its account), the copy follows in the same transaction.
CREATE FUNCTION "profile_search_calendar_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  performer text := CASE WHEN TG_OP = 'DELETE' THEN OLD."profile_id" ELSE NEW."profile_id" END;
  fresh timestamptz := "profile_search_calendar_fresh_until"(performer);
BEGIN
  UPDATE "profile_search" SET "calendar_fresh_until" = fresh
  WHERE "id" = performer AND "calendar_fresh_until" IS DISTINCT FROM fresh;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_calendar_fresh" AFTER INSERT OR DELETE OR UPDATE OF "updated_at" ON "performer_calendars"
  FOR EACH ROW EXECUTE FUNCTION "profile_search_calendar_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_calendar_fresh" AFTER INSERT OR DELETE OR UPDATE OF "last_success_at" ON "calendar_imports"
  FOR EACH ROW EXECUTE FUNCTION "profile_search_calendar_sync"();--> statement-breakpoint
-- The profile's own trigger (0032) fills the column when it makes the row; an update of the
-- profile leaves it to the calendars' triggers.
CREATE OR REPLACE FUNCTION "profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cheapest integer := (SELECT min(k."price") FROM "profile_packages" AS k WHERE k."profile_id" = NEW."id");
BEGIN
  INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                                "latitude", "longitude", "travel_radius", "search_vector", "created_at",
                                "audience", "price_min", "group_performer",
                                "price_from", "travel_free_miles", "travel_cents_per_mile", "calendar_fresh_until")
  VALUES (NEW."id", NEW."display_name", NEW."is_active", NEW."payment_status", NEW."payment_expiry", NEW."state", NEW."city",
          NEW."latitude", NEW."longitude", NEW."travel_radius", NEW."search_vector", NEW."created_at",
          NEW."audience", NEW."price_min", NEW."group_performer",
          "profile_search_price_from"(cheapest, NEW."price_min", NEW."travel_fee_kind", NEW."travel_fee_flat"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_free_miles"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_cents_per_mile"),
          "profile_search_calendar_fresh_until"(NEW."id"))
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
-- Only the rows of performers with a calendar are written: the others stay null, and stay
-- all-visible for the listings' index-only reads.
UPDATE "profile_search" AS s SET "calendar_fresh_until" = f."until"
FROM (
  SELECT k."profile_id", "profile_search_calendar_fresh_until"(k."profile_id") AS "until"
  FROM (SELECT "profile_id" FROM "performer_calendars" UNION SELECT "profile_id" FROM "calendar_imports") AS k
) AS f
WHERE s."id" = f."profile_id" AND f."until" IS NOT NULL;--> statement-breakpoint
-- The listing, city and coordinates indexes carry the column last, so a dated listing tells a row
-- whose calendar says nothing inside the index, without reading calendars or the table.
DROP INDEX "profile_search_public_listing_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_listing_idx" ON "profile_search" USING btree ("created_at","id","state","city","audience","group_performer","price_from","payment_expiry","calendar_fresh_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_state_city_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_state_city_idx" ON "profile_search" USING btree ("state","city","created_at","id","audience","group_performer","price_from","payment_expiry","calendar_fresh_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_geo_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_geo_idx" ON "profile_search" USING btree (((floor("latitude") * 1000 + floor("longitude"))::int),"latitude","longitude","created_at","id","travel_radius","payment_expiry","audience","price_from","travel_free_miles","travel_cents_per_mile","group_performer","categories","calendar_fresh_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
-- The few listed performers whose calendar has ever been kept: where they are few, the free and
-- booked tiers (calendar_fresh_until >= now) start from them rather than from the listing's order.
CREATE INDEX "profile_search_public_calendar_fresh_idx" ON "profile_search" USING btree ("calendar_fresh_until") WHERE is_active and payment_status = 'paid' and display_name is not null and calendar_fresh_until is not null;
