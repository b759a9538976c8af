-- Every write to what a signed-in user's requests read about the user (the user row, its contact
-- channels, password, linked OAuth accounts, and the teams a user may have selected) announces
-- it on the auth_user_changed channel (USER_CHANGED_CHANNEL in user-cache/user-cache.ts),
-- whatever wrote it: the API, a migration or an operator's SQL. PostgreSQL delivers it at commit
-- to every listening process (PGlite to its own listeners), and each process's user cache
-- forgets that user, so a change is seen at once everywhere. The payload is the user id; a team
-- change announces 'project:<project id>' (forget the project's users), a TRUNCATE '*'.
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION "auth"."notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('auth_user_changed', '*');
	ELSIF TG_TABLE_NAME = 'teams' THEN
		PERFORM pg_notify('auth_user_changed', 'project:' || OLD.project_id);
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('auth_user_changed', OLD.id::text);
	ELSE
		IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_user_changed', OLD.user_id::text); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_user_changed', NEW.user_id::text); END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new user is in no process's cache (unknown users are never kept): updates and deletes only.
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "auth"."users" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "auth"."users" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_changed" AFTER UPDATE OR DELETE ON "auth"."teams" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_truncated" AFTER TRUNCATE ON "auth"."teams" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "contact_channels_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."contact_channels" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "contact_channels_truncated" AFTER TRUNCATE ON "auth"."contact_channels" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "password_credentials_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."password_credentials" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "password_credentials_truncated" AFTER TRUNCATE ON "auth"."password_credentials" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "oauth_accounts_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."oauth_accounts" FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "oauth_accounts_truncated" AFTER TRUNCATE ON "auth"."oauth_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."notify_user_changed"();
