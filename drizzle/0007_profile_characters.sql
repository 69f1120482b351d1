-- A generated column may only call immutable functions, and array_to_string() is only stable (it
-- could print any element type); for text[] its result depends on nothing but its input.
CREATE OR REPLACE FUNCTION profile_characters_text(characters text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(characters, ' '), '') $$;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "characters" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(display_name, '')), 'A') || setweight(to_tsvector('english', profile_characters_text(characters)), 'B') || to_tsvector('english', coalesce(search_text, ''))) STORED;--> statement-breakpoint
-- Dropping the column dropped its full-text index too: build it again on the new column.
CREATE INDEX "profiles_public_search_vector_idx" ON "profiles" USING gin ("search_vector") WHERE is_active and payment_status = 'paid' and display_name is not null;
