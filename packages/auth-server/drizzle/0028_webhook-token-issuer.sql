-- Webhook management tokens remember the admin credential that asked for them (the admin key's
-- digest, or the owner's user id), and work only while it would still grant admin access (issue 28).
-- Tokens written before have none and no longer work: they lived an hour at most.
ALTER TABLE "auth"."webhook_management_tokens" ADD COLUMN "issuer_kind" text;--> statement-breakpoint
ALTER TABLE "auth"."webhook_management_tokens" ADD COLUMN "issuer_ref" text;
