import { defineConfig } from "drizzle-kit";

// Migrations are generated, committed and applied by @heritage/db's migrate() at start.
// Name each one for what it changes: npm run db:generate -w @heritage/auth-server -- --name <what-changed>
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  schemaFilter: ["auth"],
});
