ALTER TABLE "auth"."purchase_codes" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "auth"."purchase_codes" ADD COLUMN "stripe_checkout_url" text;--> statement-breakpoint
ALTER TABLE "auth"."purchase_codes" ADD CONSTRAINT "purchase_codes_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id");