-- Issue 29: nothing an editor does is lost. Every content row gets a version (its ETag in the
-- content API; If-Match writes are refused when it moved on), every save of projects, categories,
-- FAQs and site content keeps a revision, deletes go to a trash, and an append-only audit log
-- records who did what. The version is raised by the database on every update, whoever writes.
CREATE TABLE "content"."audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"summary" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "content"."revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"version" integer NOT NULL,
	"operation" text NOT NULL,
	"data" jsonb NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"restored_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_operation_check" CHECK ("content"."revisions"."operation" in ('create', 'update', 'delete', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "content"."trash" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"deleted_by_id" text,
	"deleted_by_name" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content"."categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."contact_submissions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."faqs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."languages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."site_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "content"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "content"."audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "content"."audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "revisions_row_idx" ON "content"."revisions" USING btree ("table_name","row_id","created_at");--> statement-breakpoint
CREATE INDEX "revisions_created_at_idx" ON "content"."revisions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trash_row_idx" ON "content"."trash" USING btree ("table_name","row_id");--> statement-breakpoint
CREATE INDEX "trash_deleted_at_idx" ON "content"."trash" USING btree ("deleted_at");
--> statement-breakpoint
CREATE FUNCTION "content"."bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_version" BEFORE UPDATE ON "content"."projects" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_version" BEFORE UPDATE ON "content"."categories" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
CREATE TRIGGER "faqs_version" BEFORE UPDATE ON "content"."faqs" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
CREATE TRIGGER "languages_version" BEFORE UPDATE ON "content"."languages" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
CREATE TRIGGER "site_content_version" BEFORE UPDATE ON "content"."site_content" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
CREATE TRIGGER "contact_submissions_version" BEFORE UPDATE ON "content"."contact_submissions" FOR EACH ROW EXECUTE FUNCTION "content"."bump_version"();
--> statement-breakpoint
-- The audit log is append-only: no statement may change a recorded entry (retention deletes old ones).
CREATE FUNCTION "content"."refuse_audit_log_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE ON "content"."audit_log" FOR EACH ROW EXECUTE FUNCTION "content"."refuse_audit_log_update"();
