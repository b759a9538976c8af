DROP INDEX "auth"."signing_keys_one_active_per_kind";--> statement-breakpoint
ALTER TABLE "auth"."signing_keys" ADD COLUMN "is_next" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active_per_kind" ON "auth"."signing_keys" USING btree ("audience_kind","is_next") WHERE "auth"."signing_keys"."retired_at" is null;