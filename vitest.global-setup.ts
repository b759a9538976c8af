/**
 * @module
 * Vitest global setup: migrates one template database for the whole run (see
 * packages/db/src/testing/test-database.ts). This is the one place that lists every module's
 * migrations, as apps/server does at start. A run over both engines (`npm test -- --both-engines`,
 * see vitest.config.ts) prepares a PostgreSQL template beside PGlite's.
 */
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { migrationSet as contentMigrations } from "@heritage/content/migrations";
import { prepareTestTemplate } from "@heritage/db/testing";

export default async function setup(): Promise<() => Promise<void>> {
  const sets = [contentMigrations, authMigrations];
  const postgresAlso = process.env.HERITAGE_TEST_POSTGRES_URL;
  const teardowns = await Promise.all([
    prepareTestTemplate(sets),
    ...(postgresAlso ? [prepareTestTemplate(sets, postgresAlso)] : []),
  ]);
  return async () => {
    await Promise.all(teardowns.map((teardown) => teardown()));
  };
}
