CREATE TABLE "content"."rate_limit_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"hit_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_idx" ON "content"."rate_limit_hits" USING btree ("bucket","hit_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_hit_at_idx" ON "content"."rate_limit_hits" USING btree ("hit_at");