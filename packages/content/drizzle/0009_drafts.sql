-- Issue 34, item 1 (decision 036): an item's draft, saved without touching the live row. No
-- trigger announces this table on content_changed: a draft changes no public page, so saving one
-- leaves every page cache as it is; publishing writes the live row, which announces itself.
CREATE TABLE "content"."drafts" (
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"base_version" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"saved_by_id" text,
	"saved_by_name" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_table_name_row_id_pk" PRIMARY KEY("table_name","row_id"),
	CONSTRAINT "drafts_table_name_check" CHECK ("content"."drafts"."table_name" in ('projects', 'faqs', 'site_content'))
);
--> statement-breakpoint
-- A deleted item keeps its draft while it is in the trash (a restore brings both back); an item
-- purged from the trash, by hand or by the retention sweep, loses it.
CREATE FUNCTION "content"."forget_purged_drafts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	still_there boolean;
BEGIN
	still_there := CASE OLD.table_name
		WHEN 'projects' THEN EXISTS (SELECT 1 FROM "content"."projects" WHERE "id"::text = OLD.row_id)
		WHEN 'faqs' THEN EXISTS (SELECT 1 FROM "content"."faqs" WHERE "id"::text = OLD.row_id)
		WHEN 'site_content' THEN EXISTS (SELECT 1 FROM "content"."site_content" WHERE "id" = OLD.row_id)
		ELSE true
	END;
	IF NOT still_there THEN
		DELETE FROM "content"."drafts" WHERE "table_name" = OLD.table_name AND "row_id" = OLD.row_id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "trash_drafts" AFTER DELETE ON "content"."trash" FOR EACH ROW EXECUTE FUNCTION "content"."forget_purged_drafts"();
