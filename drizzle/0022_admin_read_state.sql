DROP INDEX "contact_messages_is_read_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "admin_read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_admin_read_idx" ON "contact_messages" USING btree ("admin_read_at");--> statement-breakpoint
-- What admins had marked read before: the audit log names each one and when.
UPDATE "contact_messages" AS m SET "admin_read_at" = a."created_at"
FROM (SELECT "target_id", min("created_at") AS "created_at" FROM "admin_audit_log" WHERE "action" = 'message.read' GROUP BY "target_id") AS a
WHERE a."target_id" = m."id"::text;
