-- The packages' and the calendar's copies on profile_search (migrations 0032 and 0033) lock the
-- performer's row before they read what they copy, as the booked days' copy does (0034). A trigger
-- reads the packages or the calendar under its statement's snapshot: when two transactions change
-- one performer's packages (or calendar and iCal import) at once, the one that writes the row second
-- had read before the first committed, and overwrote the first's figure with one that never saw it
-- (a cheaper package added beside a dearer one left price_from at the dearer price). Locked first,
-- the reading statement comes after the wait and (read committed) sees what the first committed.
CREATE OR REPLACE FUNCTION "profile_search_packages_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "profile_search" WHERE "id" IN (SELECT "profile_id" FROM "changed") ORDER BY "id" FOR UPDATE;
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
CREATE OR REPLACE FUNCTION "profile_search_calendar_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  performer text := CASE WHEN TG_OP = 'DELETE' THEN OLD."profile_id" ELSE NEW."profile_id" END;
  fresh timestamptz;
BEGIN
  PERFORM 1 FROM "profile_search" WHERE "id" = performer FOR UPDATE;
  fresh := "profile_search_calendar_fresh_until"(performer);
  UPDATE "profile_search" SET "calendar_fresh_until" = fresh
  WHERE "id" = performer AND "calendar_fresh_until" IS DISTINCT FROM fresh;
  RETURN NULL;
END
$$;
