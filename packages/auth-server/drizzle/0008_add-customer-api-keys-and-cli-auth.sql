CREATE TABLE "auth"."cli_auth_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"polling_code_hash" text NOT NULL,
	"login_code_hash" text NOT NULL,
	"anon_user_id" uuid,
	"completed_user_id" uuid,
	"completed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cli_auth_attempts_polling_code_hash_unique" UNIQUE("polling_code_hash"),
	CONSTRAINT "cli_auth_attempts_login_code_hash_unique" UNIQUE("login_code_hash")
);
--> statement-breakpoint
CREATE TABLE "auth"."customer_api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"description" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"secret_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "customer_api_keys_one_owner" CHECK (("user_id" is null) <> ("team_id" is null))
);
--> statement-breakpoint
ALTER TABLE "auth"."cli_auth_attempts" ADD CONSTRAINT "cli_auth_attempts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."cli_auth_attempts" ADD CONSTRAINT "cli_auth_attempts_anon_user_id_users_id_fk" FOREIGN KEY ("anon_user_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."cli_auth_attempts" ADD CONSTRAINT "cli_auth_attempts_completed_user_id_users_id_fk" FOREIGN KEY ("completed_user_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."customer_api_keys" ADD CONSTRAINT "customer_api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."customer_api_keys" ADD CONSTRAINT "customer_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."customer_api_keys" ADD CONSTRAINT "customer_api_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "auth"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cli_auth_attempts_project_idx" ON "auth"."cli_auth_attempts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "customer_api_keys_user_idx" ON "auth"."customer_api_keys" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "customer_api_keys_team_idx" ON "auth"."customer_api_keys" USING btree ("project_id","team_id");