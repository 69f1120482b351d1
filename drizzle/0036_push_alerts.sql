-- Lead alerts (issue 27, app/server/push/): the devices a performer turned Web Push alerts on for,
-- the alerts waiting to be sent to them (one row per device, queued in the transaction that stores
-- the inquiry, sent by the push-outbox job), and the reminders sent for an inquiry still unread
-- 4 and 24 hours after it came (one row each, so each goes once).
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"topic" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"ttl_seconds" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_outbox_status_check" CHECK ("push_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "push_outbox_kind_check" CHECK ("push_outbox"."kind" in ('inquiry', 'reminder', 'test')),
	CONSTRAINT "push_outbox_urgency_check" CHECK ("push_outbox"."urgency" in ('very-low', 'low', 'normal', 'high'))
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "push_outbox_created_idx" ON "push_outbox" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id");
--> statement-breakpoint
CREATE TABLE "inquiry_reminders" (
	"inquiry_id" uuid NOT NULL,
	"after_hours" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_reminders_inquiry_id_after_hours_pk" PRIMARY KEY("inquiry_id","after_hours"),
	CONSTRAINT "inquiry_reminders_after_hours_check" CHECK ("inquiry_reminders"."after_hours" in (4, 24))
);
--> statement-breakpoint
ALTER TABLE "inquiry_reminders" ADD CONSTRAINT "inquiry_reminders_inquiry_id_contact_messages_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The reminder job's read every few minutes: the unread inquiries of the last two days, without
-- walking the read ones.
CREATE INDEX "contact_messages_unread_created_idx" ON "contact_messages" USING btree ("created_at") WHERE not "contact_messages"."is_read" and "contact_messages"."first_read_at" is null;
