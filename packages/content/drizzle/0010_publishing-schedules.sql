-- Issue 34, item 3 (decision 038): publishing at a given time. A pending schedule is run by whichever
-- process is up at its time (its row locked, SKIP LOCKED for the others), also after a restart; it is
-- kept afterwards as done, failed (with why) or cancelled. No trigger announces this table: running a
-- schedule writes the live item, which announces itself.
CREATE TABLE "content"."publishing_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"action" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"label" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"created_by_id" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "publishing_schedules_table_name_check" CHECK ("content"."publishing_schedules"."table_name" in ('projects', 'faqs', 'site_content')),
	CONSTRAINT "publishing_schedules_action_check" CHECK ("content"."publishing_schedules"."action" in ('publish', 'unpublish')),
	CONSTRAINT "publishing_schedules_state_check" CHECK ("content"."publishing_schedules"."state" in ('pending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "publishing_schedules_due_idx" ON "content"."publishing_schedules" USING btree ("run_at") WHERE "content"."publishing_schedules"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_schedules_pending_item_idx" ON "content"."publishing_schedules" USING btree ("table_name","row_id","action") WHERE "content"."publishing_schedules"."state" = 'pending';
