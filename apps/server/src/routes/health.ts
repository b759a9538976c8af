import type { DatabaseConnection, MigrationSet } from "@heritage/db";
import { pendingMigrations } from "@heritage/db";
import { Hono } from "hono";
import type { AppEnv } from "../middleware/app-env";

/** `/healthz`: the process answers. `/readyz`: it can serve, i.e. the database is reachable and migrated. */
export function createHealthRoutes(database: DatabaseConnection, migrationSets: MigrationSet[]) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      c.header("Cache-Control", "no-store");
      if (!(await database.ping())) {
        return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
      }
      const pending = await pendingMigrations(database.db, migrationSets);
      if (pending.length > 0) {
        return c.json({ status: "unavailable", reason: "migrations pending", pending }, 503);
      }
      return c.json({ status: "ready", engine: database.engine });
    });
}
