ALTER TABLE "auth"."cli_auth_attempts" ADD COLUMN "anon_refresh_token_sealed" text;--> statement-breakpoint
ALTER TABLE "auth"."cli_auth_attempts" ADD COLUMN "refresh_token_sealed" text;--> statement-breakpoint
-- Notification categories take the reference's ids: Transactional 4f6f…1b4c -> 7bb82d33…, then
-- Marketing 4f6f…1b4d -> 4f6f…1b4c (in this order, so no id is taken twice).
UPDATE "auth"."email_notification_preferences" SET "category_id" = '7bb82d33-2f54-4a3d-9d23-82739e0d66ef' WHERE "category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c';--> statement-breakpoint
UPDATE "auth"."email_notification_preferences" SET "category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c' WHERE "category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4d';--> statement-breakpoint
UPDATE "auth"."email_outbox" SET "notification_category_id" = '7bb82d33-2f54-4a3d-9d23-82739e0d66ef' WHERE "notification_category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c';--> statement-breakpoint
UPDATE "auth"."email_outbox" SET "notification_category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c' WHERE "notification_category_id" = '4f6f8873-3d04-46bd-8bef-18338b1a1b4d';
