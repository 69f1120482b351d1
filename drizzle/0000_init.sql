CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumed_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"message" text NOT NULL,
	"event_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_date" date,
	"captcha_answer" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_message_length_check" CHECK (char_length("contact_messages"."message") <= 500)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "free_listing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"instagram" text,
	"facebook" text,
	"youtube" text,
	"tiktok" text,
	"website" text,
	"experience" text NOT NULL,
	"paid_events" text NOT NULL,
	"event_types" text,
	"characters" text,
	"bio" text NOT NULL,
	"travel" text NOT NULL,
	"why_join" text,
	"questions" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_listing_requests_status_check" CHECK ("free_listing_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "free_listing_requests_experience_check" CHECK ("free_listing_requests"."experience" in ('0-1', '1-3', '3+')),
	CONSTRAINT "free_listing_requests_paid_events_check" CHECK ("free_listing_requests"."paid_events" in ('yes', 'no')),
	CONSTRAINT "free_listing_requests_travel_check" CHECK ("free_listing_requests"."travel" in ('yes', 'no', 'depends'))
);
--> statement-breakpoint
CREATE TABLE "profile_categories" (
	"profile_id" text NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "profile_categories_profile_id_category_pk" PRIMARY KEY("profile_id","category"),
	CONSTRAINT "profile_categories_category_check" CHECK ("profile_categories"."category" in ('Hero', 'Villain', 'Cosplay', 'Furry', 'Anime/Manga', 'Video Game Character', 'Comic Book Character', 'Fantasy', 'Sci-Fi', 'Historical/Fantasy Crossover', 'Kids'' Parties Only', '18+ Events Only', 'Custom Characters', 'Group/Crew Performer', 'Mascot Style'))
);
--> statement-breakpoint
CREATE TABLE "profile_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"image_url" text NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blur_data_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_images_position_check" CHECK ("profile_images"."position" >= 0 and "profile_images"."position" < 4)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"bio" text,
	"state" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"price_min" integer,
	"price_max" integer,
	"facebook" text,
	"instagram" text,
	"tiktok" text,
	"twitter" text,
	"contact_email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_expiry" date,
	"travel_radius" text DEFAULT 'local_only' NOT NULL,
	"available_for_travel" boolean DEFAULT false NOT NULL,
	"available_virtual" boolean DEFAULT false NOT NULL,
	"require_travel_expenses" boolean DEFAULT false NOT NULL,
	"require_deposit" boolean DEFAULT false NOT NULL,
	"bring_own_costume" boolean DEFAULT true NOT NULL,
	"perform_outdoors" boolean DEFAULT true NOT NULL,
	"require_dressing_room" boolean DEFAULT false NOT NULL,
	"family_friendly_only" boolean DEFAULT false NOT NULL,
	"adult_themes_ok" boolean DEFAULT false NOT NULL,
	"group_performer" boolean DEFAULT false NOT NULL,
	"background_check" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(search_text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_payment_status_check" CHECK ("profiles"."payment_status" in ('pending', 'paid', 'expired')),
	CONSTRAINT "profiles_travel_radius_check" CHECK ("profiles"."travel_radius" in ('local_only', 'short_distance', 'medium_distance', 'long_distance', 'nationwide')),
	CONSTRAINT "profiles_price_min_check" CHECK ("profiles"."price_min" is null or "profiles"."price_min" >= 0),
	CONSTRAINT "profiles_price_max_check" CHECK ("profiles"."price_max" is null or "profiles"."price_max" >= 0),
	CONSTRAINT "profiles_state_check" CHECK ("profiles"."state" is null or "profiles"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_listing_requests" ADD CONSTRAINT "free_listing_requests_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_categories" ADD CONSTRAINT "profile_categories_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consumed_tokens_expires_idx" ON "consumed_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contact_messages_profile_created_idx" ON "contact_messages" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "free_listing_requests_created_idx" ON "free_listing_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "free_listing_requests_status_idx" ON "free_listing_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "profile_categories_category_idx" ON "profile_categories" USING btree ("category","profile_id");--> statement-breakpoint
CREATE INDEX "profile_images_profile_position_idx" ON "profile_images" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profiles_public_state_city_idx" ON "profiles" USING btree ("state","city","created_at") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profiles_public_created_idx" ON "profiles" USING btree ("created_at") WHERE is_active and payment_status = 'paid' and display_name is not null;--> statement-breakpoint
CREATE INDEX "profiles_payment_expiry_idx" ON "profiles" USING btree ("payment_status","payment_expiry");--> statement-breakpoint
CREATE INDEX "profiles_search_vector_idx" ON "profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");