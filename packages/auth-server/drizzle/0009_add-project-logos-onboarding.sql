ALTER TABLE "auth"."projects" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "auth"."projects" ADD COLUMN "logo_full_url" text;--> statement-breakpoint
ALTER TABLE "auth"."projects" ADD COLUMN "logo_dark_mode_url" text;--> statement-breakpoint
ALTER TABLE "auth"."projects" ADD COLUMN "logo_full_dark_mode_url" text;--> statement-breakpoint
ALTER TABLE "auth"."projects" ADD COLUMN "onboarding_status" text DEFAULT 'completed' NOT NULL;