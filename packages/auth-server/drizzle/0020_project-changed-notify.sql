-- Every write to a project or its API keys announces the project on the auth_project_changed
-- channel (PROJECT_CHANGED_CHANNEL in services/project-cache.ts), whatever wrote it: the API, the
-- start-up seeding, a migration or an operator's SQL. PostgreSQL delivers it at commit to every
-- listening process (PGlite to its own listeners), and each process's project cache forgets that
-- project, so a revoked key or a changed config takes effect at once everywhere. A TRUNCATE
-- announces '*' (forget every project).
CREATE FUNCTION "auth"."notify_project_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('auth_project_changed', '*');
	ELSIF TG_TABLE_NAME = 'projects' THEN
		IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_project_changed', OLD.id); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_project_changed', NEW.id); END IF;
	ELSE
		IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_project_changed', OLD.project_id); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_project_changed', NEW.project_id); END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."projects" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_truncated" AFTER TRUNCATE ON "auth"."projects" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_api_keys_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."project_api_keys" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_api_keys_truncated" AFTER TRUNCATE ON "auth"."project_api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_project_changed"();
