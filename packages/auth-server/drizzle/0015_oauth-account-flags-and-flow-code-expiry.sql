ALTER TABLE "auth"."oauth_accounts" DROP CONSTRAINT "oauth_accounts_provider_account_unique";--> statement-breakpoint
ALTER TABLE "auth"."oauth_accounts" ADD COLUMN "allow_connected_accounts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_provider_account_unique" ON "auth"."oauth_accounts" USING btree ("project_id","provider_config_id","provider_account_id") WHERE "auth"."oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE INDEX "oauth_flow_codes_expires_at_idx" ON "auth"."oauth_flow_codes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "auth"."oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_provider_account_unique" UNIQUE("project_id","provider_config_id","user_id","provider_account_id");