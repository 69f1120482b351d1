CREATE TABLE "billing_notices" (
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"period_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_kind_user_id_period_key_pk" PRIMARY KEY("kind","user_id","period_key"),
	CONSTRAINT "billing_notices_kind_check" CHECK ("billing_notices"."kind" in ('receipt', 'renewal_reminder', 'payment_failed', 'listing_expired', 'grant_ending'))
);
--> statement-breakpoint
CREATE TABLE "checkout_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"terms_version" text NOT NULL,
	"plan_id" text NOT NULL,
	"price_id" text NOT NULL,
	"checkout_session_id" text,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_consents_plan_check" CHECK ("checkout_consents"."plan_id" in ('YEARLY_MEMBERSHIP')),
	CONSTRAINT "checkout_consents_terms_version_check" CHECK ("checkout_consents"."terms_version" <> '')
);
--> statement-breakpoint
CREATE TABLE "free_listing_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"granted_by" text,
	"source_request_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_listing_grants_holder_check" CHECK ("free_listing_grants"."user_id" is not null or "free_listing_grants"."email" is not null),
	CONSTRAINT "free_listing_grants_email_check" CHECK ("free_listing_grants"."email" is null or "free_listing_grants"."email" = lower("free_listing_grants"."email")),
	CONSTRAINT "free_listing_grants_dates_check" CHECK ("free_listing_grants"."ends_on" >= "free_listing_grants"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"open_checkout_session_id" text,
	"open_checkout_url" text,
	"open_checkout_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "stripe_customers_customer_id_check" CHECK ("stripe_customers"."customer_id" ~ '^cus_'),
	CONSTRAINT "stripe_customers_open_checkout_check" CHECK (("stripe_customers"."open_checkout_session_id" is null) = ("stripe_customers"."open_checkout_url" is null) and ("stripe_customers"."open_checkout_session_id" is null) = ("stripe_customers"."open_checkout_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"price_id" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"latest_invoice_id" text,
	"latest_invoice_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_subscriptions_id_check" CHECK ("stripe_subscriptions"."id" ~ '^sub_'),
	CONSTRAINT "stripe_subscriptions_status_check" CHECK ("stripe_subscriptions"."status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
	CONSTRAINT "stripe_subscriptions_period_check" CHECK ("stripe_subscriptions"."current_period_end" >= "stripe_subscriptions"."current_period_start")
);
--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_consents" ADD CONSTRAINT "checkout_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_listing_grants" ADD CONSTRAINT "free_listing_grants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_listing_grants" ADD CONSTRAINT "free_listing_grants_granted_by_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_listing_grants" ADD CONSTRAINT "free_listing_grants_source_request_id_free_listing_requests_id_fk" FOREIGN KEY ("source_request_id") REFERENCES "public"."free_listing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_customer_id_stripe_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stripe_customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_notices_user_idx" ON "billing_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkout_consents_user_idx" ON "checkout_consents" USING btree ("user_id","agreed_at");--> statement-breakpoint
CREATE INDEX "free_listing_grants_user_idx" ON "free_listing_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "free_listing_grants_unclaimed_email_idx" ON "free_listing_grants" USING btree ("email") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "free_listing_grants_ends_idx" ON "free_listing_grants" USING btree ("ends_on") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "free_listing_grants_request_idx" ON "free_listing_grants" USING btree ("source_request_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_customer_idx" ON "stripe_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stripe_subscriptions_renewal_idx" ON "stripe_subscriptions" USING btree ("current_period_end") WHERE status = 'active' and not cancel_at_period_end;