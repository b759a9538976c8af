import { fileURLToPath } from "node:url";
import type { MigrationSet } from "@heritage/db";

/** The content module's committed migrations (schema "content"), applied by @heritage/db's migrate(). */
export const migrationSet: MigrationSet = {
  module: "content",
  folder: fileURLToPath(new URL("../drizzle", import.meta.url)),
};
