/**
 * @module
 * Copying a whole database (the schemas of some migration sets) into an empty one: from another
 * database (the move from PGlite to PostgreSQL) or from rows kept elsewhere (a backup archive).
 * The source is read in one snapshot; the target is written in one transaction (migrations to the
 * source's version, then every table's rows in foreign-key order, then the sequences, then row
 * counts checked), so a failure leaves it as it was (decision 016).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Database, DatabaseEngine, Transaction } from "../connect";
import { type MigrationSet, migrate, readMigrations } from "../migrate";
import {
  existingSchemas,
  listSequences,
  listTables,
  type Queryable,
  readSequence,
  type SequenceState,
  type TableInfo,
  writeSequence,
} from "./catalog";
import { countRows, readRows, writeRows } from "./rows";

/** A refusal the operator can act on: printed as one line, nothing was changed. */
export class TransferRefused extends Error {
  override name = "TransferRefused";
}

export type AppliedMigration = {
  module: string;
  name: string;
  checksum: string;
};

export interface SourceTable {
  qualifiedName: string;
  /** Column names in the order of each row's values. */
  columns: string[];
  rowCount: number;
}

export interface SourceSequence {
  qualifiedName: string;
  state: SequenceState;
}

/** Everything about a source but its rows. */
export interface SourceDescription {
  engine: DatabaseEngine;
  migrations: AppliedMigration[];
  tables: SourceTable[];
  sequences: SourceSequence[];
}

export interface TransferSource extends SourceDescription {
  /** The rows of one table, in batches of lines (see rows.ts). */
  rows(qualifiedName: string): AsyncIterable<string[]>;
}

export interface LoadReport {
  tables: { qualifiedName: string; rowCount: number }[];
  sequences: number;
  migrations: number;
}

export interface OpenDatabase {
  db: Database;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

const schemasOf = (sets: MigrationSet[]) => sets.map((set) => set.module);
const migrationKey = (migration: { module: string; name: string }) =>
  `${migration.module}/${migration.name}`;

/**
 * Opens the embedded database in `directory` for a copy. PGlite is one process's database: a
 * server that has it open holds `postmaster.pid` in it, and a second opener would corrupt it.
 */
export async function openPgliteDirectory(
  directory: string,
  options: { create?: boolean } = {},
): Promise<OpenDatabase> {
  if (!existsSync(join(directory, "PG_VERSION"))) {
    if (!options.create) throw new TransferRefused(`no embedded database in ${directory}`);
    mkdirSync(directory, { recursive: true });
  } else if (existsSync(join(directory, "postmaster.pid"))) {
    throw new TransferRefused(
      `the embedded database in ${directory} is in use (postmaster.pid): stop the server first (if none runs, it was killed: start it once and stop it with Ctrl+C)`,
    );
  }
  const pglite = await PGlite.create({ dataDir: directory });
  return {
    db: drizzlePglite(pglite) as unknown as Database,
    engine: "pglite",
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * Opens one connection to a PostgreSQL server, failing within `timeoutMs` with a line naming the
 * server (never its password) when it cannot be reached.
 */
export async function openPostgres(
  databaseUrl: string,
  options: { timeoutMs?: number } = {},
): Promise<OpenDatabase> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new TransferRefused("expected a postgres:// or postgresql:// URL (it could not be read)");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new TransferRefused(
      `expected a postgres:// or postgresql:// URL (got ${url.protocol}//)`,
    );
  }
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: options.timeoutMs ?? 10_000,
  });
  // A connection lost while idle must not crash the process; the next query reports it.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    await client.end().catch(() => {});
    throw new TransferRefused(
      `cannot reach PostgreSQL at ${where}: ${(error as Error).message || String(error)}`,
    );
  }
  return {
    db: drizzleNodePostgres(client) as unknown as Database,
    engine: "postgres",
    close: () => client.end(),
  };
}

/** The migrations the database has applied (none when it has no bookkeeping table). */
export async function appliedMigrations(db: Queryable): Promise<AppliedMigration[]> {
  const table = await db.execute<{ exists: boolean }>(
    sql`select to_regclass('public.schema_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return [];
  const result = await db.execute<AppliedMigration>(
    sql`select module, name, checksum from public.schema_migrations order by module, name`,
  );
  return result.rows;
}

/**
 * Checks that `migrations` (a source's) are ones this version knows, unchanged, and for each
 * module a beginning of its list (as migrate() applies them in order).
 */
export function checkKnownMigrations(sets: MigrationSet[], migrations: AppliedMigration[]) {
  const known = new Map(sets.flatMap(readMigrations).map((m) => [migrationKey(m), m]));
  for (const migration of migrations) {
    const ours = known.get(migrationKey(migration));
    if (!ours) {
      throw new TransferRefused(
        `the source has migration ${migrationKey(migration)}, which this version does not know: use the version that wrote it`,
      );
    }
    if (ours.checksum !== migration.checksum) {
      throw new TransferRefused(
        `migration ${migrationKey(migration)} of the source differs from this version's`,
      );
    }
  }
  const applied = new Set(migrations.map(migrationKey));
  for (const set of sets) {
    const names = readMigrations(set).map(migrationKey);
    const count = names.filter((name) => applied.has(name)).length;
    if (names.slice(0, count).some((name) => !applied.has(name))) {
      throw new TransferRefused(`the source's ${set.module} migrations are not applied in order`);
    }
  }
}

/** Reads what a source holds, apart from its rows. Run inside the snapshot transaction. */
export async function describeSource(
  db: Queryable,
  engine: DatabaseEngine,
  sets: MigrationSet[],
): Promise<SourceDescription & { tableInfos: TableInfo[] }> {
  const migrations = await appliedMigrations(db);
  if (migrations.length === 0) throw new TransferRefused("the source database holds no data");
  checkKnownMigrations(sets, migrations);
  const tableInfos = await listTables(db, schemasOf(sets));
  const tables: SourceTable[] = [];
  for (const table of tableInfos) {
    tables.push({
      qualifiedName: table.qualifiedName,
      columns: table.columns.map((column) => column.name),
      rowCount: await countRows(db, table),
    });
  }
  const sequences: SourceSequence[] = [];
  for (const sequence of await listSequences(db, schemasOf(sets))) {
    sequences.push({
      qualifiedName: sequence.qualifiedName,
      state: await readSequence(db, sequence),
    });
  }
  return { engine, migrations, tables, sequences, tableInfos };
}

/**
 * Why the target cannot take a copy (null when it can): any row in any table of our schemas, or
 * migrations other than the source's. A target migrated to the same version with no rows is empty.
 */
export async function targetProblem(
  db: Queryable,
  sets: MigrationSet[],
  wanted: AppliedMigration[],
): Promise<string | null> {
  for (const table of await listTables(db, schemasOf(sets))) {
    const count = await countRows(db, table);
    if (count > 0) {
      return `the target is not empty (${table.qualifiedName} has ${count} row${count === 1 ? "" : "s"}): use an empty database`;
    }
  }
  const applied = await appliedMigrations(db);
  if (applied.length === 0) {
    const present = await existingSchemas(db, schemasOf(sets));
    if (present.length > 0) {
      return `the target already has schema ${present.join(", ")} without migration records: use an empty database`;
    }
    return null;
  }
  const wantedKeys = new Set(wanted.map((m) => `${migrationKey(m)}:${m.checksum}`));
  const appliedKeys = new Set(applied.map((m) => `${migrationKey(m)}:${m.checksum}`));
  const same =
    wantedKeys.size === appliedKeys.size && [...wantedKeys].every((key) => appliedKeys.has(key));
  if (!same) {
    return `the target is at another migration version (${applied.length} migrations applied, the source has ${wanted.length}): use an empty database`;
  }
  return null;
}

/**
 * Loads `source` into `target` in one transaction: refused (TransferRefused) unless the target is
 * empty; migrated to exactly the source's migrations; rows in foreign-key order; sequences as
 * the source had them; each table's row count checked.
 */
export async function loadInto(
  target: Database,
  sets: MigrationSet[],
  source: TransferSource,
): Promise<LoadReport> {
  return target.transaction(async (tx) => {
    const problem = await targetProblem(tx, sets, source.migrations);
    if (problem) throw new TransferRefused(problem);
    // Savepoints inside this transaction: a failure further on takes the migrations back too.
    await migrate(tx as unknown as Database, sets, {
      only: new Set(source.migrations.map(migrationKey)),
    });
    const applied = await appliedMigrations(tx);
    if (applied.length !== source.migrations.length) {
      throw new Error(
        `the target has ${applied.length} migrations after migrating, the source ${source.migrations.length}`,
      );
    }

    const targetTables = await listTables(tx, schemasOf(sets));
    const sourceTables = new Map(source.tables.map((table) => [table.qualifiedName, table]));
    const targetNames = targetTables.map((table) => table.qualifiedName).sort();
    const sourceNames = [...sourceTables.keys()].sort();
    if (targetNames.join() !== sourceNames.join()) {
      throw new Error(
        `the tables differ after migrating (target: ${targetNames.join(", ")}; source: ${sourceNames.join(", ")})`,
      );
    }

    const report: LoadReport = { tables: [], sequences: 0, migrations: applied.length };
    for (const table of targetTables) {
      const sourceTable = sourceTables.get(table.qualifiedName) as SourceTable;
      const written = await writeRows(
        tx,
        table,
        sourceTable.columns,
        source.rows(table.qualifiedName),
      );
      const counted = await countRows(tx, table);
      if (written !== sourceTable.rowCount || counted !== sourceTable.rowCount) {
        throw new Error(
          `${table.qualifiedName}: the source has ${sourceTable.rowCount} rows, ${written} were read and the target holds ${counted}`,
        );
      }
      report.tables.push({ qualifiedName: table.qualifiedName, rowCount: counted });
    }

    const targetSequences = new Map(
      (await listSequences(tx, schemasOf(sets))).map((sequence) => [
        sequence.qualifiedName,
        sequence,
      ]),
    );
    for (const sequence of source.sequences) {
      const info = targetSequences.get(sequence.qualifiedName);
      if (!info) throw new Error(`the target has no sequence ${sequence.qualifiedName}`);
      await writeSequence(tx, info, sequence.state);
      report.sequences++;
    }
    return report;
  });
}

/** Runs `read` in one consistent, read-only snapshot of `db`. */
export function inSnapshot<T>(db: Database, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });
}

/** Copies every table of `sets`' schemas from `source` into the empty `target`. */
export async function copyDatabase(
  source: OpenDatabase,
  target: OpenDatabase,
  sets: MigrationSet[],
): Promise<LoadReport> {
  // Refuse a non-empty target before reading anything (loadInto checks again, in its transaction).
  const sourceMigrations = await appliedMigrations(source.db);
  const problem = await targetProblem(target.db, sets, sourceMigrations);
  if (problem) throw new TransferRefused(problem);
  return inSnapshot(source.db, async (snapshot) => {
    const description = await describeSource(snapshot, source.engine, sets);
    const byName = new Map(description.tableInfos.map((table) => [table.qualifiedName, table]));
    return loadInto(target.db, sets, {
      ...description,
      rows: (qualifiedName) => readRows(snapshot, byName.get(qualifiedName) as TableInfo),
    });
  });
}
