CREATE TABLE "profile_search" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"is_active" boolean NOT NULL,
	"payment_status" text NOT NULL,
	"payment_expiry" date,
	"state" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"travel_radius" text NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_search" ADD CONSTRAINT "profile_search_id_profiles_id_fk" FOREIGN KEY ("id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_search_public_vector_idx" ON "profile_search" USING gin ("search_vector") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profile_search_public_created_idx" ON "profile_search" USING btree ("created_at") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profile_search_public_state_city_idx" ON "profile_search" USING btree ("state","city","created_at") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profile_search_public_geo_idx" ON "profile_search" USING btree ("latitude","longitude","travel_radius","payment_expiry","created_at","id") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profile_search_public_nationwide_idx" ON "profile_search" USING btree ("created_at","latitude","longitude","payment_expiry","id") WHERE is_active and payment_status = 'paid' and display_name is not null and travel_radius = 'nationwide';--> statement-breakpoint
-- profile_search repeats what /search reads of each profile. These triggers are its only writer:
-- every insert and every update of a column it repeats (the search vector follows the name, the
-- characters and the search text) copies the row, whichever code path wrote it (profile editor,
-- payments, admin, imports); the foreign key removes it with the profile. An AFTER trigger sees the
-- generated search_vector already computed.
CREATE FUNCTION "profile_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                                "latitude", "longitude", "travel_radius", "search_vector", "created_at")
  VALUES (NEW."id", NEW."display_name", NEW."is_active", NEW."payment_status", NEW."payment_expiry", NEW."state", NEW."city",
          NEW."latitude", NEW."longitude", NEW."travel_radius", NEW."search_vector", NEW."created_at")
  ON CONFLICT ("id") DO UPDATE SET
    "display_name" = excluded."display_name", "is_active" = excluded."is_active",
    "payment_status" = excluded."payment_status", "payment_expiry" = excluded."payment_expiry",
    "state" = excluded."state", "city" = excluded."city", "latitude" = excluded."latitude",
    "longitude" = excluded."longitude", "travel_radius" = excluded."travel_radius",
    "search_vector" = excluded."search_vector", "created_at" = excluded."created_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_search_sync"
  AFTER INSERT OR UPDATE OF "display_name", "characters", "search_text", "is_active", "payment_status", "payment_expiry",
    "state", "city", "latitude", "longitude", "travel_radius", "created_at"
  ON "profiles" FOR EACH ROW EXECUTE FUNCTION "profile_search_sync"();--> statement-breakpoint
INSERT INTO "profile_search" ("id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
                              "latitude", "longitude", "travel_radius", "search_vector", "created_at")
SELECT "id", "display_name", "is_active", "payment_status", "payment_expiry", "state", "city",
       "latitude", "longitude", "travel_radius", "search_vector", "created_at"
FROM "profiles";
