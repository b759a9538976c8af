-- The integration OAuth flow (issue 32): the OpenID provider's records, the dashboard's one-time
-- confirmation codes and the accounts whose admin key a token exchange hands over once.
CREATE TABLE "auth"."integration_authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"idp_id" text NOT NULL,
	"interaction_uid" text NOT NULL,
	"project_id" text NOT NULL,
	"result_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."integration_idp_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"idp_id" text NOT NULL,
	"project_id" text NOT NULL,
	"result_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."integration_idp_records" (
	"idp_id" text NOT NULL,
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_idp_records_idp_id_model_id_pk" PRIMARY KEY("idp_id","model","id")
);
--> statement-breakpoint
ALTER TABLE "auth"."integration_authorization_codes" ADD CONSTRAINT "integration_authorization_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."integration_idp_accounts" ADD CONSTRAINT "integration_idp_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_authorization_codes_expires_at_idx" ON "auth"."integration_authorization_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "integration_idp_accounts_expires_at_idx" ON "auth"."integration_idp_accounts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "integration_idp_records_expires_at_idx" ON "auth"."integration_idp_records" USING btree ("expires_at");