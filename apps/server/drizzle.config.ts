import { defineConfig } from "drizzle-kit";

// The "site" schema: settings of the site itself (see src/site-auth/schema.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/site-auth/schema.ts",
  out: "./drizzle",
  schemaFilter: ["site"],
});
