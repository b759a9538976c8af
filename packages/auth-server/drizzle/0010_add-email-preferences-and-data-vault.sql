CREATE TABLE "auth"."data_vault_entries" (
	"project_id" text NOT NULL,
	"store_id" text NOT NULL,
	"hashed_key" text NOT NULL,
	"sealed_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_vault_entries_project_id_store_id_hashed_key_pk" PRIMARY KEY("project_id","store_id","hashed_key")
);
--> statement-breakpoint
CREATE TABLE "auth"."email_notification_preferences" (
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"category_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_notification_preferences_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "auth"."data_vault_entries" ADD CONSTRAINT "data_vault_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."email_notification_preferences" ADD CONSTRAINT "email_notification_preferences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."email_notification_preferences" ADD CONSTRAINT "email_notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;