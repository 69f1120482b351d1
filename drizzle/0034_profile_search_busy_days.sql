-- A dated listing (issue 26, at scale) tells booked from free on the row itself: profile_search
-- carries each performer's booked days as a bit string, so "booked on D" is a bit test on the row
-- instead of three look-ups (marked days, iCal days, the weekly rule) for every fresh row read.
--   busy_from  the first day the bits cover: current_date - 2 when they were (re)computed, a margin
--              that covers every US time zone's today; null for a performer with no calendar, no
--              marked and no imported days
--   busy_days  bit i (0 = leftmost, as get_bit counts) is set when day busy_from + i is booked
--              exactly as bookedSql (app/server/calendar/calendar.server.ts) says: a calendar_days
--              row (booked or away), a calendar_import_days row, or the weekly rule
-- 800 days reach past the two years ahead a party date may be; a day outside them (a row not
-- recomputed for months) is looked up in the calendars as before. The bits of a day never depend
-- on when they were computed, only the window does, so a row is right for as long as its
-- calendars have not changed, and the triggers below recompute it whenever they do.
ALTER TABLE "profile_search" ADD COLUMN "busy_from" date;--> statement-breakpoint
ALTER TABLE "profile_search" ADD COLUMN "busy_days" bit(800);--> statement-breakpoint
-- The weekly rule's days in the window from "since": the weekdays of weekly_off (bit 1 << dow,
-- Sunday 0) from weekly_since on; none without a start, as bookedSql's weekly_since <= day says.
CREATE FUNCTION "profile_search_weekly_days"("weekly_off" integer, "weekly_since" date, "since" date)
  RETURNS bit(800) LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(bit_or(B'1'::bit(800) >> o), B'0'::bit(800))
  FROM generate_series(greatest("weekly_since" - "since", 0), 799) AS o
  WHERE "weekly_since" IS NOT NULL AND "weekly_off" <> 0
    AND ("weekly_off" & (1 << extract(dow FROM "since" + o)::int)) <> 0
$$;--> statement-breakpoint
-- One performer's bits from "since" (key look-ups, for the triggers); null when they have neither a
-- calendar nor any marked or imported day.
CREATE FUNCTION "profile_search_busy_days"("performer" text, "since" date)
  RETURNS bit(800) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM "performer_calendars" AS c WHERE c."profile_id" = "performer")
                OR EXISTS (SELECT 1 FROM "calendar_days" AS d WHERE d."profile_id" = "performer")
                OR EXISTS (SELECT 1 FROM "calendar_import_days" AS i WHERE i."profile_id" = "performer") THEN
    (SELECT coalesce(bit_or(B'1'::bit(800) >> (k."day" - "since")), B'0'::bit(800))
     FROM (SELECT d."day" FROM "calendar_days" AS d
           WHERE d."profile_id" = "performer" AND d."day" BETWEEN "since" AND "since" + 799
           UNION ALL
           SELECT i."day" FROM "calendar_import_days" AS i
           WHERE i."profile_id" = "performer" AND i."day" BETWEEN "since" AND "since" + 799) AS k)
    | coalesce((SELECT "profile_search_weekly_days"(c."weekly_off", c."weekly_since", "since")
                FROM "performer_calendars" AS c WHERE c."profile_id" = "performer"), B'0'::bit(800))
  END
$$;--> statement-breakpoint
-- Every performer's bits from "since" in one pass over the calendars, for the backfill and
-- bench:directory's rebuild: the same rows as profile_search_busy_days gives one by one (a test
-- holds the two equal). The weekly rule's days come from the 127 possible rules' masks, worked out
-- once, cut at each rule's start.
CREATE FUNCTION "profile_search_busy_days_all"("since" date)
  RETURNS TABLE ("profile_id" text, "busy_days" bit(800)) LANGUAGE sql STABLE AS $$
  WITH "rules" AS (
    SELECT m AS "weekly_off", bit_or(B'1'::bit(800) >> o) AS "bits"
    FROM generate_series(1, 127) AS m, generate_series(0, 799) AS o
    WHERE (m & (1 << extract(dow FROM "since" + o)::int)) <> 0
    GROUP BY m)
  SELECT k."profile_id", bit_or(k."bits")
  FROM (SELECT d."profile_id",
               CASE WHEN d."day" BETWEEN "since" AND "since" + 799 THEN B'1'::bit(800) >> (d."day" - "since")
                    ELSE B'0'::bit(800) END AS "bits"
        FROM "calendar_days" AS d
        UNION ALL
        SELECT i."profile_id",
               CASE WHEN i."day" BETWEEN "since" AND "since" + 799 THEN B'1'::bit(800) >> (i."day" - "since")
                    ELSE B'0'::bit(800) END
        FROM "calendar_import_days" AS i
        UNION ALL
        SELECT c."profile_id",
               CASE WHEN c."weekly_since" IS NULL OR c."weekly_off" = 0 THEN B'0'::bit(800)
                    ELSE r."bits" & ((~B'0'::bit(800)) >> greatest(c."weekly_since" - "since", 0)) END
        FROM "performer_calendars" AS c LEFT JOIN "rules" AS r ON r."weekly_off" = c."weekly_off") AS k
  GROUP BY k."profile_id"
$$;--> statement-breakpoint
-- The performers' rows recomputed from today's window; rows whose bits and window stand are not
-- written, so they stay all-visible. The rows are locked first and the bits read by the next
-- statement, which (read committed) sees what a concurrent change of the same calendar committed
-- while this one waited: computed under the first statement's snapshot, the later writer would
-- overwrite the earlier one's days with bits that never saw them.
CREATE FUNCTION "profile_search_busy_refresh"("performers" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "profile_search" WHERE "id" = ANY("performers") ORDER BY "id" FOR UPDATE;
  UPDATE "profile_search" AS s
  SET "busy_from" = CASE WHEN b."bits" IS NOT NULL THEN b."since" END, "busy_days" = b."bits"
  FROM (SELECT k."id", current_date - 2 AS "since", "profile_search_busy_days"(k."id", current_date - 2) AS "bits"
        FROM (SELECT DISTINCT unnest("performers") AS "id") AS k) AS b
  WHERE s."id" = b."id"
    AND (s."busy_from" IS DISTINCT FROM CASE WHEN b."bits" IS NOT NULL THEN b."since" END
         OR s."busy_days" IS DISTINCT FROM b."bits");
END
$$;--> statement-breakpoint
-- Statement triggers with transition tables on the marked and imported days, as on
-- profile_packages (0032): a range marked, cleared or an import replaced whole is one recompute per
-- performer, in the same transaction.
CREATE FUNCTION "profile_search_busy_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_search_busy_refresh"(ARRAY(SELECT DISTINCT "profile_id" FROM "changed"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_added" AFTER INSERT ON "calendar_days"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_removed" AFTER DELETE ON "calendar_days"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_moved_from" AFTER UPDATE ON "calendar_days"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_moved_to" AFTER UPDATE ON "calendar_days"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_added" AFTER INSERT ON "calendar_import_days"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_removed" AFTER DELETE ON "calendar_import_days"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_moved_from" AFTER UPDATE ON "calendar_import_days"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_moved_to" AFTER UPDATE ON "calendar_import_days"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_search_busy_days_sync"();--> statement-breakpoint
-- The weekly rule, and a calendar made or deleted (which decides whether the row has bits at all).
CREATE FUNCTION "profile_search_busy_rule_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_search_busy_refresh"(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD."profile_id" ELSE NEW."profile_id" END]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_busy_rule" AFTER INSERT OR DELETE OR UPDATE OF "weekly_off", "weekly_since" ON "performer_calendars"
  FOR EACH ROW EXECUTE FUNCTION "profile_search_busy_rule_sync"();--> statement-breakpoint
-- The profile's own trigger fills the bits when it makes the row; an update of the profile leaves
-- them to the calendars' triggers.
CREATE OR REPLACE FUNCTION "profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cheapest integer := (SELECT min(k."price") FROM "profile_packages" AS k WHERE k."profile_id" = NEW."id");
  busy bit(800) := "profile_search_busy_days"(NEW."id", current_date - 2);
BEGIN
  INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                                "latitude", "longitude", "travel_radius", "search_vector", "created_at",
                                "audience", "price_min", "group_performer",
                                "price_from", "travel_free_miles", "travel_cents_per_mile", "calendar_fresh_until",
                                "busy_from", "busy_days")
  VALUES (NEW."id", NEW."display_name", NEW."is_active", NEW."payment_status", NEW."payment_expiry", NEW."state", NEW."city",
          NEW."latitude", NEW."longitude", NEW."travel_radius", NEW."search_vector", NEW."created_at",
          NEW."audience", NEW."price_min", NEW."group_performer",
          "profile_search_price_from"(cheapest, NEW."price_min", NEW."travel_fee_kind", NEW."travel_fee_flat"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_free_miles"),
          "profile_search_per_mile"(cheapest, NEW."travel_fee_kind", NEW."travel_fee_cents_per_mile"),
          "profile_search_calendar_fresh_until"(NEW."id"),
          CASE WHEN busy IS NOT NULL THEN current_date - 2 END, busy)
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
-- Only the rows of performers with a calendar or days are written: the others stay null, and
-- stay all-visible for the listings' index-only reads.
UPDATE "profile_search" AS s SET "busy_from" = current_date - 2, "busy_days" = b."busy_days"
FROM "profile_search_busy_days_all"(current_date - 2) AS b
WHERE s."id" = b."profile_id";
