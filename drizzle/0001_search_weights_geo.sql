ALTER TABLE "profiles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(display_name, '')), 'A') || to_tsvector('english', coalesce(search_text, ''))) STORED;--> statement-breakpoint
-- Dropping the column dropped its full-text index too: build it again on the new column.
CREATE INDEX "profiles_search_vector_idx" ON "profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "profiles_public_geo_idx" ON "profiles" USING btree ("latitude","longitude","travel_radius","payment_expiry","created_at","id") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profiles_public_nationwide_idx" ON "profiles" USING btree ("created_at","latitude","longitude","payment_expiry","id") WHERE is_active and payment_status = 'paid' and display_name is not null and travel_radius = 'nationwide';