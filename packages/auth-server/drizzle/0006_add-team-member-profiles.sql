ALTER TABLE "auth"."team_members" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "auth"."team_members" ADD COLUMN "profile_image_url" text;