-- Issue 33, item 13: a project's public address is its slug, readable and editable, apart from its
-- id. The id stays the row's stable identity (revisions, trash, audit log and media references name
-- it); /project/{slug} is what visitors, the sitemap and share links see. Existing projects keep the
-- address they had: their slug is their id (seeded ones are readable, admin-made ones UUIDs).
-- When a slug changes, the old one goes into project_redirects (301 to the current address); a
-- project taking an address removes any redirect of it, so a redirect never shadows a live project.
CREATE TABLE "content"."project_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content"."projects" ADD COLUMN "slug" text;--> statement-breakpoint
-- Filling the column is no edit: the row keeps its version (an editor's open form stays current).
ALTER TABLE "content"."projects" DISABLE TRIGGER "projects_version";--> statement-breakpoint
UPDATE "content"."projects" SET "slug" = "id";--> statement-breakpoint
ALTER TABLE "content"."projects" ENABLE TRIGGER "projects_version";--> statement-breakpoint
ALTER TABLE "content"."projects" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "project_redirects_project_idx" ON "content"."project_redirects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_idx" ON "content"."projects" USING btree ("slug");
--> statement-breakpoint
-- Whoever writes a project (the content API, a restore, the seed, an operator's SQL): an insert
-- without a slug gets its id; a changed slug leaves a redirect from the old one; the address a
-- project now has is no longer anyone's redirect.
CREATE FUNCTION "content"."keep_project_addresses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.slug IS NULL THEN
		NEW.slug := NEW.id;
	END IF;
	IF TG_OP = 'UPDATE' AND NEW.slug IS DISTINCT FROM OLD.slug THEN
		INSERT INTO "content"."project_redirects" ("slug", "project_id") VALUES (OLD.slug, NEW.id)
		ON CONFLICT ("slug") DO UPDATE SET "project_id" = EXCLUDED."project_id", "created_at" = now();
	END IF;
	DELETE FROM "content"."project_redirects" WHERE "slug" = NEW.slug;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_addresses" BEFORE INSERT OR UPDATE OF "slug" ON "content"."projects" FOR EACH ROW EXECUTE FUNCTION "content"."keep_project_addresses"();
--> statement-breakpoint
-- A project purged from the trash (by hand or by the retention sweep) takes its old addresses with
-- it; one restored from the trash keeps them (it is back before its trash entry goes).
CREATE FUNCTION "content"."forget_purged_project_addresses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "content"."project_redirects" AS r
	WHERE r."project_id" = OLD.row_id
		AND NOT EXISTS (SELECT 1 FROM "content"."projects" AS p WHERE p."id" = OLD.row_id);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "trash_project_addresses" AFTER DELETE ON "content"."trash" FOR EACH ROW WHEN (OLD.table_name = 'projects') EXECUTE FUNCTION "content"."forget_purged_project_addresses"();
--> statement-breakpoint
CREATE TRIGGER "project_redirects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."project_redirects" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
