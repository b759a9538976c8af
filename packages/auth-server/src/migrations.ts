import { fileURLToPath } from "node:url";
import type { MigrationSet } from "@heritage/db";

/** The auth module's committed migrations (schema "auth"), applied by @heritage/db's migrate(). */
export const migrationSet: MigrationSet = {
  module: "auth",
  folder: fileURLToPath(new URL("../drizzle", import.meta.url)),
};
