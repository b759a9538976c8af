CREATE TABLE "auth"."contact_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"used_for_auth" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_channels_user_value_unique" UNIQUE("user_id","type","value")
);
--> statement-breakpoint
CREATE TABLE "auth"."password_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."permission_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"permission_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_grants_unique" UNIQUE NULLS NOT DISTINCT("user_id","team_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "auth"."project_api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"publishable_client_key_hash" text,
	"secret_server_key_hash" text,
	"super_secret_admin_key_hash" text,
	"publishable_client_key_last_four" text,
	"secret_server_key_last_four" text,
	"super_secret_admin_key_last_four" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."projects" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_team_id" uuid,
	"is_production_mode" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"is_impersonation" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"last_active_ip" text,
	CONSTRAINT "sessions_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth"."signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"audience_kind" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."team_members" (
	"project_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auth"."teams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text NOT NULL,
	"profile_image_url" text,
	"client_metadata" jsonb,
	"client_read_only_metadata" jsonb,
	"server_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text,
	"profile_image_url" text,
	"client_metadata" jsonb,
	"client_read_only_metadata" jsonb,
	"server_metadata" jsonb,
	"selected_team_id" uuid,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"restricted_by_admin" boolean DEFAULT false NOT NULL,
	"restricted_by_admin_reason" text,
	"restricted_by_admin_private_details" text,
	"country_code" text,
	"risk_score_bot" integer DEFAULT 0 NOT NULL,
	"risk_score_free_trial_abuse" integer DEFAULT 0 NOT NULL,
	"otp_auth_enabled" boolean DEFAULT false NOT NULL,
	"passkey_auth_enabled" boolean DEFAULT false NOT NULL,
	"totp_secret_base64" text,
	"signed_up_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."contact_channels" ADD CONSTRAINT "contact_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."contact_channels" ADD CONSTRAINT "contact_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."password_credentials" ADD CONSTRAINT "password_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."permission_grants" ADD CONSTRAINT "permission_grants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."permission_grants" ADD CONSTRAINT "permission_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."permission_grants" ADD CONSTRAINT "permission_grants_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "auth"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."project_api_keys" ADD CONSTRAINT "project_api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."team_members" ADD CONSTRAINT "team_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "auth"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."teams" ADD CONSTRAINT "teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD CONSTRAINT "users_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD CONSTRAINT "users_selected_team_id_teams_id_fk" FOREIGN KEY ("selected_team_id") REFERENCES "auth"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_auth_value_unique" ON "auth"."contact_channels" USING btree ("project_id","type","value") WHERE "auth"."contact_channels"."used_for_auth";--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_one_primary_unique" ON "auth"."contact_channels" USING btree ("user_id","type") WHERE "auth"."contact_channels"."is_primary";--> statement-breakpoint
CREATE INDEX "contact_channels_project_value_idx" ON "auth"."contact_channels" USING btree ("project_id","value");--> statement-breakpoint
CREATE INDEX "project_api_keys_publishable_idx" ON "auth"."project_api_keys" USING btree ("publishable_client_key_hash");--> statement-breakpoint
CREATE INDEX "project_api_keys_secret_idx" ON "auth"."project_api_keys" USING btree ("secret_server_key_hash");--> statement-breakpoint
CREATE INDEX "project_api_keys_admin_idx" ON "auth"."project_api_keys" USING btree ("super_secret_admin_key_hash");--> statement-breakpoint
CREATE INDEX "project_api_keys_project_idx" ON "auth"."project_api_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "auth"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active_per_kind" ON "auth"."signing_keys" USING btree ("audience_kind") WHERE "auth"."signing_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "auth"."team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_project_idx" ON "auth"."teams" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "users_project_signed_up_idx" ON "auth"."users" USING btree ("project_id","signed_up_at","id");--> statement-breakpoint
CREATE INDEX "users_project_last_active_idx" ON "auth"."users" USING btree ("project_id","last_active_at","id");