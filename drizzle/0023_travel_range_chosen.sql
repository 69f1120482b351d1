ALTER TABLE "profiles" ADD COLUMN "travel_radius_chosen_at" timestamp with time zone;--> statement-breakpoint
-- A range other than the default was chosen; when exactly is not known, the last save is near it.
UPDATE "profiles" SET "travel_radius_chosen_at" = "updated_at" WHERE "travel_radius" <> 'local_only';
