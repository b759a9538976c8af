import { fileURLToPath } from "node:url";
import type { MigrationSet } from "@heritage/db";

/** The server's own migrations (schema "site"), applied after the modules' by @heritage/db's migrate(). */
export const migrationSet: MigrationSet = {
  module: "site",
  folder: fileURLToPath(new URL("../drizzle", import.meta.url)),
};
