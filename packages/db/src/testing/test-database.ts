/**
 * @module
 * Fast, isolated databases for tests on either engine. A template is migrated once per test run
 * (PGlite: a dumped data directory; PostgreSQL: a template database); each test file then gets its
 * own copy, which is much faster than initialising and migrating a new database every time.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connect, type DatabaseConnection } from "../connect";
import { type MigrationSet, migrate } from "../migrate";

const PGLITE_TEMPLATE_ENV = "HERITAGE_TEST_PGLITE_TEMPLATE";
const PG_TEMPLATE_ENV = "HERITAGE_TEST_PG_TEMPLATE";

/** Which engine tests run on: PostgreSQL when `DATABASE_URL` is set, PGlite otherwise. */
export function testEngine(): "pglite" | "postgres" {
  return process.env.DATABASE_URL ? "postgres" : "pglite";
}

function databaseUrlWithName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function withAdminClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates the template for this run and publishes where it is through the environment, which
 * test workers inherit. Returns a teardown that removes it. `databaseUrl` (default: the
 * environment's `DATABASE_URL`) picks PostgreSQL; without one the template is PGlite's. A run that
 * covers both engines calls it twice: the two templates are published under different names.
 */
export async function prepareTestTemplate(
  sets: MigrationSet[],
  databaseUrl = process.env.DATABASE_URL,
): Promise<() => Promise<void>> {
  if (databaseUrl) {
    const baseName = new URL(databaseUrl).pathname.slice(1) || "postgres";
    const templateName = `${baseName}_tpl_${process.pid}`;
    await withAdminClient(databaseUrl, async (client) => {
      await client.query(`drop database if exists ${quoteIdentifier(templateName)}`);
      await client.query(`create database ${quoteIdentifier(templateName)}`);
    });
    const template = await connect({ databaseUrl: databaseUrlWithName(databaseUrl, templateName) });
    try {
      await migrate(template.db, sets);
    } finally {
      await template.close();
    }
    process.env[PG_TEMPLATE_ENV] = templateName;
    return async () => {
      await withAdminClient(databaseUrl, async (client) => {
        const leftovers = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like $1",
          [`${templateName}%`],
        );
        for (const { datname } of leftovers.rows) {
          await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
        }
      });
    };
  }

  const pglite = await PGlite.create();
  await migrate((await connect({ pglite })).db, sets);
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const templatePath = join(tmpdir(), `heritage-pglite-template-${process.pid}.tar`);
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = templatePath;
  return async () => rmSync(templatePath, { force: true });
}

/**
 * Opens a fresh, migrated database for one test file. `close()` discards it. Needs the template
 * that the Vitest global setup prepares.
 */
export async function createTestDatabase(): Promise<DatabaseConnection> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = process.env[PG_TEMPLATE_ENV];
    if (!templateName) throw new Error(`${PG_TEMPLATE_ENV} is not set: run tests through Vitest`);
    const name = `${templateName}_${randomBytes(6).toString("hex")}`;
    await withAdminClient(databaseUrl, (client) =>
      client.query(
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName)}`,
      ),
    );
    const connection = await connect({
      databaseUrl: databaseUrlWithName(databaseUrl, name),
      poolSize: 5,
    });
    return {
      ...connection,
      async close() {
        await connection.close();
        await withAdminClient(databaseUrl, (client) =>
          client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
        );
      },
    };
  }

  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  if (!templatePath) throw new Error(`${PGLITE_TEMPLATE_ENV} is not set: run tests through Vitest`);
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(templatePath)]) });
  return connect({ pglite });
}

/**
 * A second connection to `first`'s database, as another process sharing it would hold (its own
 * pool, its own LISTEN). PGlite is one process's database: there it is `first` itself. Close it
 * (when it is not `first`) before `first`.
 */
export async function connectAgain(
  first: DatabaseConnection,
  poolSize = 2,
): Promise<DatabaseConnection> {
  if (testEngine() !== "postgres") return first;
  const { rows } = await first.db.execute<{ name: string }>(sql`select current_database() as name`);
  return connect({
    databaseUrl: databaseUrlWithName(process.env.DATABASE_URL ?? "", rows[0]?.name ?? ""),
    poolSize,
  });
}

/**
 * A database a test hands on by its address (to a server it starts, or to a command): a new
 * database on the PostgreSQL server at `serverUrl`, migrated (a copy of the run's template, which
 * must be on that server) or empty. `drop()` removes it.
 */
export async function createTestDatabaseUrl(options: {
  serverUrl: string;
  migrated: boolean;
}): Promise<{ url: string; drop(): Promise<void> }> {
  const templateName = process.env[PG_TEMPLATE_ENV];
  if (options.migrated && !templateName) {
    throw new Error(`${PG_TEMPLATE_ENV} is not set: run tests through Vitest with DATABASE_URL`);
  }
  // Named after the template when there is one, so the run's teardown also drops leftovers.
  const name = `${templateName ?? `heritage_test_${process.pid}`}_${randomBytes(6).toString("hex")}`;
  await withAdminClient(options.serverUrl, (client) =>
    client.query(
      options.migrated
        ? `create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName ?? "")}`
        : `create database ${quoteIdentifier(name)}`,
    ),
  );
  return {
    url: databaseUrlWithName(options.serverUrl, name),
    drop: () =>
      withAdminClient(options.serverUrl, async (client) => {
        await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      }),
  };
}

/**
 * Writes the run's migrated PGlite template into `directory`, as a server's `DATA_DIR/db`. A run
 * on PostgreSQL has no PGlite template: the database is then created empty (a server migrates it).
 */
export async function createTestPgliteDirectory(directory: string): Promise<void> {
  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  const pglite = await PGlite.create({
    dataDir: directory,
    ...(templatePath ? { loadDataDir: new Blob([readFileSync(templatePath)]) } : {}),
  });
  await pglite.close();
}
