CREATE SCHEMA "site";
--> statement-breakpoint
CREATE TABLE "site"."auth_project" (
	"id" text PRIMARY KEY DEFAULT 'site' NOT NULL,
	"project_id" text NOT NULL,
	"publishable_client_key" text NOT NULL,
	"secret_server_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
