CREATE TABLE "content"."categories" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"name_de" text,
	"name_bs" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_submissions_status_check" CHECK ("content"."contact_submissions"."status" in ('new', 'read', 'replied'))
);
--> statement-breakpoint
CREATE TABLE "content"."email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("content"."email_outbox"."status" in ('pending', 'sent', 'failed', 'not_sent'))
);
--> statement-breakpoint
CREATE TABLE "content"."faqs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"question_de" text,
	"answer_de" text,
	"question_bs" text,
	"answer_bs" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."languages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"flag_emoji" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_filename" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."projects" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"title_de" text,
	"title_bs" text,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_de" text,
	"description_bs" text,
	"details" text DEFAULT '' NOT NULL,
	"details_de" text,
	"details_bs" text,
	"image" text DEFAULT '' NOT NULL,
	"image_url" text GENERATED ALWAYS AS (image) STORED,
	"bg_color" text DEFAULT 'bg-sky-100' NOT NULL,
	"seo_title" text,
	"seo_title_de" text,
	"seo_title_bs" text,
	"seo_description" text,
	"seo_description_de" text,
	"seo_description_bs" text,
	"seo_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo_keywords_de" jsonb,
	"seo_keywords_bs" jsonb,
	"seo_og_image" text,
	"seo_og_image_de" text,
	"seo_og_image_bs" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."site_content" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" jsonb,
	"content_de" jsonb,
	"content_bs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_submissions_created_at_idx" ON "content"."contact_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_at_idx" ON "content"."email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "faqs_created_at_idx" ON "content"."faqs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_single_default_idx" ON "content"."languages" USING btree ("is_default") WHERE "content"."languages"."is_default";--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "content"."media" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_category_idx" ON "content"."projects" USING btree ("category");--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "content"."projects" USING btree ("created_at");