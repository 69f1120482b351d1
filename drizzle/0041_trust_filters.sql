-- The "Background check reviewed" and "Insured" filters (issue 28) on every listing and search read
-- profile_search, so it repeats the two dates the profile keeps for its badges (migration 0040,
-- refreshTrustFigures): a filter is then a test on the row, inside the listing, price, city and
-- coordinates indexes, never a look-up of documents per row. A date counts while it is today or
-- later (listing-conditions.server.ts, trustConditions), so expiry needs no job here either.
ALTER TABLE "profile_search" ADD COLUMN "checked_until" date;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "insured_until" date;--> statement-breakpoint
-- Whatever writes the profile's dates (refreshTrustFigures, an admin's fix by hand, a seed), the copy
-- follows in the same statement's transaction. The row's own values, under the row lock the update
-- holds: nothing else is read, so two writers of one profile cannot leave the copy behind. Named to
-- fire after profile_search_sync (triggers fire by name), which makes the copy's row on insert. A
-- copy already equal is not written, so its row stays all-visible for index-only reads.
CREATE FUNCTION "profile_search_trust_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_search" SET "checked_until" = NEW."checked_until", "insured_until" = NEW."insured_until"
  WHERE "id" = NEW."id"
    AND ("checked_until" IS DISTINCT FROM NEW."checked_until" OR "insured_until" IS DISTINCT FROM NEW."insured_until");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_trust_sync" AFTER INSERT OR UPDATE OF "checked_until", "insured_until" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profile_search_trust_sync"();--> statement-breakpoint
-- Only the few rows with a reviewed document are written: the rest stay null and all-visible.
UPDATE "profile_search" AS s SET "checked_until" = p."checked_until", "insured_until" = p."insured_until"
FROM "profiles" AS p
WHERE s."id" = p."id" AND (p."checked_until" IS NOT NULL OR p."insured_until" IS NOT NULL);--> statement-breakpoint
-- The indexes that carry the refinements' columns carry the two dates last, so a refined listing or
-- a place's box is still sifted inside the index without reading the table.
DROP INDEX "profile_search_public_listing_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_listing_idx" ON "profile_search" USING btree ("created_at","id","state","city","audience","group_performer","price_from","payment_expiry","calendar_fresh_until","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_state_city_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_state_city_idx" ON "profile_search" USING btree ("state","city","created_at","id","audience","group_performer","price_from","payment_expiry","calendar_fresh_until","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_price_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_price_idx" ON "profile_search" USING btree ("price_from","created_at" desc,"id" desc,"state","city","audience","group_performer","payment_expiry","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
DROP INDEX "profile_search_public_geo_idx";--> statement-breakpoint
CREATE INDEX "profile_search_public_geo_idx" ON "profile_search" USING btree (((floor("latitude") * 1000 + floor("longitude"))::int),"latitude","longitude","created_at","id","travel_radius","payment_expiry","audience","price_from","travel_free_miles","travel_cents_per_mile","group_performer","categories","calendar_fresh_until","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
-- The listed performers with a reviewed document, newest first, with every column a listing's
-- filters test: a filtered listing whose other filters are sparse too (a category by lowest price)
-- reads these few rows inside the index instead of every row of a wider one (Hero, insured, by
-- price at 100,000: the whole coordinates index, 40 ms, before these).
CREATE INDEX "profile_search_public_checked_idx" ON "profile_search" USING btree ("created_at","id","state","city","audience","group_performer","price_from","payment_expiry","categories","calendar_fresh_until","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null and checked_until is not null;--> statement-breakpoint
CREATE INDEX "profile_search_public_insured_idx" ON "profile_search" USING btree ("created_at","id","state","city","audience","group_performer","price_from","payment_expiry","categories","calendar_fresh_until","checked_until","insured_until") WHERE is_active and payment_status = 'paid' and display_name is not null and insured_until is not null;
