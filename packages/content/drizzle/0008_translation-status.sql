-- Issue 34, item 2: the admin shows, per item and language, whether a translation is missing, up
-- to date or outdated (the English source changed after the translation was last edited or
-- checked). writeContent keeps these timestamps in the write's own transaction. Existing items get
-- no row here: no row reads as "up to date" (or "missing" when the language's texts are empty), so
-- translations made before this migration are taken as current until English changes next.
CREATE TABLE "content"."translation_status" (
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"language" text NOT NULL,
	"source_changed_at" timestamp with time zone,
	"translated_at" timestamp with time zone,
	CONSTRAINT "translation_status_table_name_row_id_language_pk" PRIMARY KEY("table_name","row_id","language"),
	CONSTRAINT "translation_status_language_check" CHECK ("content"."translation_status"."language" in ('de', 'bs'))
);
--> statement-breakpoint
-- An item purged from the trash (by hand or by the retention sweep) loses its statuses; one
-- restored from the trash keeps them (it is back before its trash entry goes).
CREATE FUNCTION "content"."forget_purged_translation_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	still_there boolean;
BEGIN
	still_there := CASE OLD.table_name
		WHEN 'projects' THEN EXISTS (SELECT 1 FROM "content"."projects" WHERE "id" = OLD.row_id)
		WHEN 'categories' THEN EXISTS (SELECT 1 FROM "content"."categories" WHERE "id" = OLD.row_id)
		WHEN 'faqs' THEN EXISTS (SELECT 1 FROM "content"."faqs" WHERE "id" = OLD.row_id)
		WHEN 'site_content' THEN EXISTS (SELECT 1 FROM "content"."site_content" WHERE "id" = OLD.row_id)
		ELSE false
	END;
	IF NOT still_there THEN
		DELETE FROM "content"."translation_status"
		WHERE "table_name" = OLD.table_name AND "row_id" = OLD.row_id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "trash_translation_status" AFTER DELETE ON "content"."trash" FOR EACH ROW EXECUTE FUNCTION "content"."forget_purged_translation_status"();
