CREATE SCHEMA "xfer";
--> statement-breakpoint
CREATE TABLE "xfer"."a_children" ("id" bigserial PRIMARY KEY NOT NULL, "parent_id" uuid NOT NULL, "note" text);
--> statement-breakpoint
CREATE TABLE "xfer"."z_parents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamptz NOT NULL,
	"amount" numeric(30, 10),
	"ratio" double precision,
	"doc" jsonb,
	"tags" text[],
	"bytes" bytea,
	"label_upper" text GENERATED ALWAYS AS (upper(note)) STORED,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "xfer"."counters" ("id" integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "name" text NOT NULL);
--> statement-breakpoint
ALTER TABLE "xfer"."a_children" ADD CONSTRAINT "a_children_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "xfer"."z_parents"("id");
