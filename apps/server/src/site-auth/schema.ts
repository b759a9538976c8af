import { pgSchema, text, timestamp } from "drizzle-orm/pg-core";

/** The site's own settings that belong to no module: schema "site", owned by apps/server. */
export const siteSchema = pgSchema("site");

/**
 * The auth project the site signs its admins in with, when the server created it itself (no
 * SITE_AUTH_* variables). One row. The secret key stays on the server: it is never sent to a
 * browser.
 */
export const siteAuthProject = siteSchema.table("auth_project", {
  id: text("id").primaryKey().default("site"),
  projectId: text("project_id").notNull(),
  publishableClientKey: text("publishable_client_key").notNull(),
  secretServerKey: text("secret_server_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
