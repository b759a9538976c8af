-- Every write to a table the public pages show announces itself on the content_changed channel
-- (CONTENT_CHANGED_CHANNEL), whatever wrote it: the content API, the media functions, the seed or
-- an operator's SQL. PostgreSQL delivers the notification at commit to every listening process
-- (PGlite to its own listeners), and each server's page cache empties itself on it.
CREATE FUNCTION "content"."notify_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('content_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."projects" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."categories" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "faqs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."faqs" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "languages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."languages" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "site_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."site_content" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content"."media" FOR EACH STATEMENT EXECUTE FUNCTION "content"."notify_content_changed"();
