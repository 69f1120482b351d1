ALTER TABLE "free_listing_grants" ALTER COLUMN "starts_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "free_listing_grants" ALTER COLUMN "ends_on" DROP NOT NULL;--> statement-breakpoint
-- A free year's clock is either not started (both dates null: it starts the day the listing first goes live) or running.
ALTER TABLE "free_listing_grants" ADD CONSTRAINT "free_listing_grants_clock_check" CHECK (("free_listing_grants"."starts_on" is null) = ("free_listing_grants"."ends_on" is null));--> statement-breakpoint
-- Grants approved before this release whose listing never went live (waiting for an account, a confirmed
-- address, or a profile with a display name) get their whole year back: their clock starts at go-live.
-- A grant whose listing went live (paid through it, with a display name) keeps its dates.
UPDATE "free_listing_grants" AS g SET "starts_on" = NULL, "ends_on" = NULL
WHERE g."revoked_at" IS NULL AND g."ends_on" >= current_date
  AND NOT EXISTS (
    SELECT 1 FROM "profiles" p
    WHERE p."id" = g."user_id" AND p."display_name" IS NOT NULL AND p."payment_status" = 'paid'
  );
--> statement-breakpoint
-- A profile such a grant had marked paid without ever being public (no display name) is not paid by
-- anything now: its stored status follows (a subscriber's is left to the next recompute).
UPDATE "profiles" AS p SET "payment_status" = 'pending', "payment_expiry" = NULL
WHERE p."display_name" IS NULL AND p."payment_status" = 'paid'
  AND EXISTS (SELECT 1 FROM "free_listing_grants" g WHERE g."user_id" = p."id" AND g."starts_on" IS NULL AND g."revoked_at" IS NULL)
  AND NOT EXISTS (
    SELECT 1 FROM "stripe_customers" c JOIN "stripe_subscriptions" s ON s."customer_id" = c."customer_id" WHERE c."user_id" = p."id"
  );
