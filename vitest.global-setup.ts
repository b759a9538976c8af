/**
 * @module
 * Vitest global setup: migrates one template database for the whole run (see
 * packages/db/src/testing/test-database.ts). This is the one place that lists every module's
 * migrations, as apps/server does at start. A run over both engines (`npm test -- --both-engines`,
 * see vitest.config.ts) prepares a PostgreSQL template beside PGlite's.
 *
 * Vitest calls a root `globalSetup` once for every project that inherits it (18 in a run over
 * both engines), one after the other before the first test: the templates are made by the first
 * call only. Measured: each call took about 3 s on this 2-core machine, so the other calls cost
 * about 50 s of a run's start, and each dropped and rebuilt the template the run's databases are
 * copied from.
 */
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { migrationSet as contentMigrations } from "@heritage/content/migrations";
import { prepareTestTemplate } from "@heritage/db/testing";

/** Set in Vitest's own process by the call that made this run's templates. */
const PREPARED_ENV = "HERITAGE_TEST_TEMPLATES_PREPARED";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[PREPARED_ENV] === String(process.pid)) return async () => {};
  process.env[PREPARED_ENV] = String(process.pid);
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
