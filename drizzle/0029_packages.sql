-- Packages (issue 26): up to three fixed-price offers per profile, kept in their own rows so a
-- card can read the cheapest one. Written only by the profile editor's save, which replaces a
-- profile's packages in the same transaction as the profile row.
CREATE TABLE "profile_packages" (
	"profile_id" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"included" text DEFAULT '' NOT NULL,
	"max_children" integer,
	"price" integer NOT NULL,
	CONSTRAINT "profile_packages_profile_id_position_pk" PRIMARY KEY("profile_id","position"),
	CONSTRAINT "profile_packages_position_check" CHECK ("profile_packages"."position" >= 0 and "profile_packages"."position" < 3),
	CONSTRAINT "profile_packages_name_check" CHECK (length("profile_packages"."name") between 1 and 60),
	CONSTRAINT "profile_packages_minutes_check" CHECK ("profile_packages"."minutes" between 10 and 720),
	CONSTRAINT "profile_packages_included_check" CHECK (length("profile_packages"."included") <= 300),
	CONSTRAINT "profile_packages_max_children_check" CHECK ("profile_packages"."max_children" is null or "profile_packages"."max_children" between 1 and 500),
	CONSTRAINT "profile_packages_price_check" CHECK ("profile_packages"."price" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "profile_packages" ADD CONSTRAINT "profile_packages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The travel-fee rule and the deposit are one per profile. Only the columns of the chosen kind are
-- set (the CHECKs say so), so a reader never has to guess which amount applies. Nothing here is
-- charged through the site: it tells parents what the performer will ask.
ALTER TABLE "profiles" ADD COLUMN "travel_fee_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "travel_fee_free_miles" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "travel_fee_cents_per_mile" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "travel_fee_flat" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deposit_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deposit_amount" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "payment_methods" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_travel_fee_check" CHECK (
	("travel_fee_kind" = 'none' and "travel_fee_free_miles" is null and "travel_fee_cents_per_mile" is null and "travel_fee_flat" is null)
	or ("travel_fee_kind" = 'per_mile' and "travel_fee_free_miles" between 0 and 1000 and "travel_fee_cents_per_mile" between 1 and 5000 and "travel_fee_flat" is null)
	or ("travel_fee_kind" = 'flat' and "travel_fee_flat" between 1 and 10000 and "travel_fee_free_miles" is null and "travel_fee_cents_per_mile" is null)
);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_deposit_check" CHECK (
	("deposit_kind" = 'none' and "deposit_amount" is null)
	or ("deposit_kind" = 'percent' and "deposit_amount" between 1 and 100)
	or ("deposit_kind" = 'dollars' and "deposit_amount" between 1 and 100000)
);
