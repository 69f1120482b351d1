ALTER TABLE "free_listing_requests" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "free_listing_requests" ADD CONSTRAINT "free_listing_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_listing_requests_user_idx" ON "free_listing_requests" USING btree ("user_id");