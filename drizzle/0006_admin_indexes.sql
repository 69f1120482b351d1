DROP INDEX "admin_audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_is_read_idx" ON "contact_messages" USING btree ("is_read");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_contact_email_trgm_idx" ON "profiles" USING gin ("contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_payment_status_active_idx" ON "profiles" USING btree ("payment_status","is_active");--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");