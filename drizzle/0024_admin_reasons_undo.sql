ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('request.approve', 'request.reject', 'request.delete', 'message.read', 'message.delete', 'profile.activate', 'profile.deactivate', 'profile.deactivate.undo', 'profile.delete'));--> statement-breakpoint
-- The mail a deactivation queued (held back for the undo window), so an undo or an activation can take it back before it goes.
ALTER TABLE "admin_audit_log" ADD COLUMN "email_id" uuid;
