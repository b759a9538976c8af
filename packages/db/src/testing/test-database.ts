/**
 * @module
 * Fast, isolated databases for tests on either engine. A template is migrated once per test run
 * (PGlite: a dumped data directory; PostgreSQL: a template database); each test file then gets its
 * own copy, which is much faster than initialising and migrating a new database every time.
 */
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connect, type DatabaseConnection } from "../connect";
import { type MigrationSet, migrate } from "../migrate";
import { createTestPglite, PGLITE_TEMPLATE_ENV } from "./pglite-template";

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

/**
 * Creating or dropping a test database takes well under a second; one that has not finished after
 * these limits is stuck (a lock, a hung server), and the test fails saying what the server was
 * doing rather than waiting for Vitest's hook timeout.
 */
const adminConnectTimeoutMs = 15_000;
const adminQueryTimeoutMs = 60_000;

async function withAdminClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: adminConnectTimeoutMs,
    query_timeout: adminQueryTimeoutMs,
  });
  try {
    await client.connect();
    return await run(client);
  } catch (error) {
    const activity = await describeServerActivity(databaseUrl).catch(
      (failure: unknown) => `(could not ask: ${String(failure)})`,
    );
    throw new Error(`${String(error)}\nWhat the PostgreSQL server was doing:\n${activity}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * What the PostgreSQL server at `databaseUrl` is doing: every other session's database, state,
 * wait and statement, and which sessions block which. For the message of a test that is stuck.
 */
export async function describeServerActivity(databaseUrl: string): Promise<string> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5_000,
    query_timeout: 5_000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<Record<string, unknown>>(
      `select pid, datname, state, wait_event_type, wait_event,
              pg_blocking_pids(pid) as blocked_by,
              round(extract(epoch from now() - query_start)::numeric, 1) as seconds,
              left(query, 160) as query
         from pg_stat_activity
        where pid <> pg_backend_pid() and backend_type = 'client backend'
        order by query_start`,
    );
    return rows.length === 0
      ? "(no other session)"
      : rows.map((row) => JSON.stringify(row)).join("\n");
  } finally {
    await client.end().catch(() => {});
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
 * Copies the template into a new database and returns its name. A copy that fails (a stuck lock
 * on the server, see withAdminClient) is tried once more under another name, loudly: the copy is
 * the harness's work, not the code under test, and one stuck copy should not fail a whole file.
 */
async function copyTemplate(databaseUrl: string, templateName: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const name = `${templateName}_${randomBytes(6).toString("hex")}`;
    try {
      await withAdminClient(databaseUrl, (client) =>
        client.query(
          `create database ${quoteIdentifier(name)} template ${quoteIdentifier(templateName)}`,
        ),
      );
      return name;
    } catch (error) {
      if (attempt >= 2) throw error;
      process.stderr.write(
        `Copying the test template failed; trying once more. ${String(error)}\n`,
      );
    }
  }
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
    const name = await copyTemplate(databaseUrl, templateName);
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

  return connect({ pglite: await createTestPglite() });
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
