-- Addresses are confirmed by a link from now on. Every account made before that was trusted as it
-- was (and performers already listed stay listed), so it counts as confirmed.
UPDATE "user" SET "email_verified" = true WHERE NOT "email_verified";--> statement-breakpoint
CREATE INDEX "user_unconfirmed_created_idx" ON "user" USING btree ("created_at") WHERE not email_verified;
