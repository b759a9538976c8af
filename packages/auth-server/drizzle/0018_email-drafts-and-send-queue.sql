CREATE TABLE "auth"."email_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text NOT NULL,
	"theme_mode" text NOT NULL,
	"theme_id" text,
	"tsx_source" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "is_high_priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."email_drafts" ADD CONSTRAINT "email_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_drafts_project_idx" ON "auth"."email_drafts" USING btree ("project_id","updated_at");--> statement-breakpoint
CREATE INDEX "email_outbox_queue_idx" ON "auth"."email_outbox" USING btree ("next_attempt_at") WHERE "auth"."email_outbox"."next_attempt_at" is not null;