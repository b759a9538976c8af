CREATE TABLE "auth"."webhook_management_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_management_tokens_expires_idx" ON "auth"."webhook_management_tokens" USING btree ("expires_at");