-- Managed e-mail onboarding: the sending domains a project set up at Resend through this server.
CREATE TABLE "auth"."managed_email_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"subdomain" text NOT NULL,
	"sender_local_part" text NOT NULL,
	"resend_domain_id" text NOT NULL,
	"name_servers" jsonb NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"last_error" text,
	"verified_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "managed_email_domains_resend_domain_id_unique" UNIQUE("resend_domain_id"),
	CONSTRAINT "managed_email_domains_project_subdomain" UNIQUE("project_id","subdomain"),
	CONSTRAINT "managed_email_domains_status" CHECK ("auth"."managed_email_domains"."status" in ('pending_dns', 'pending_verification', 'verified', 'applied', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "auth"."managed_email_domains" ADD CONSTRAINT "managed_email_domains_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "auth"."projects"("id") ON DELETE cascade ON UPDATE no action;