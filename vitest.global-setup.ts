/**
 * @module
 * Vitest global setup: migrates one template database for the whole run (see
 * packages/db/src/testing/test-database.ts). This is the one place that lists every module's
 * migrations, as apps/server does at start.
 */
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { migrationSet as contentMigrations } from "@heritage/content/migrations";
import { prepareTestTemplate } from "@heritage/db/testing";

export default async function setup(): Promise<() => Promise<void>> {
  return prepareTestTemplate([contentMigrations, authMigrations]);
}
