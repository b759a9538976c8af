ALTER TABLE "auth"."email_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "tsx_source" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "theme_id" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "variables" jsonb;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "override_subject" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "override_category_name" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "created_with" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "email_draft_id" uuid;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "is_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "skipped_reason" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "skipped_details" jsonb;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "started_rendering_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "rendered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "render_error" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "is_transactional" boolean;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "notification_category_id" text;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "started_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "finished_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "send_attempt_errors" jsonb;--> statement-breakpoint
CREATE INDEX "email_outbox_project_idx" ON "auth"."email_outbox" USING btree ("project_id","created_at");