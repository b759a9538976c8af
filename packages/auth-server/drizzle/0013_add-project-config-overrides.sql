CREATE TABLE "auth"."project_config_overrides" (
	"project_id" text NOT NULL,
	"level" text NOT NULL,
	"override" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_config_overrides_project_id_level_pk" PRIMARY KEY("project_id","level")
);
--> statement-breakpoint
ALTER TABLE "auth"."project_config_overrides" ADD CONSTRAINT "project_config_overrides_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;