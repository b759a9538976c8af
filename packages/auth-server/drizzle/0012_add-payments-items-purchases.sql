CREATE TABLE "auth"."item_quantity_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"delta" integer NOT NULL,
	"description" text,
	"expires_at" timestamp with time zone,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."product_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text,
	"product" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."purchase_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text,
	"product" jsonb NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "auth"."item_quantity_changes" ADD CONSTRAINT "item_quantity_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."product_purchases" ADD CONSTRAINT "product_purchases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."purchase_codes" ADD CONSTRAINT "purchase_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_quantity_changes_customer_idx" ON "auth"."item_quantity_changes" USING btree ("project_id","customer_type","customer_id","item_id");--> statement-breakpoint
CREATE INDEX "product_purchases_customer_idx" ON "auth"."product_purchases" USING btree ("project_id","customer_type","customer_id");