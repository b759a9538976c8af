import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../connect";
import { type MigrationSet, migrate } from "../migrate";
import {
  appliedMigrations,
  copyDatabase,
  describeSource,
  loadInto,
  type OpenDatabase,
  openPostgres,
  TransferRefused,
} from ".";

const fixtureSet: MigrationSet = {
  module: "xfer",
  folder: fileURLToPath(new URL("./fixture-migrations", import.meta.url)),
};
const sets = [fixtureSet];
const postgresUrl = process.env.DATABASE_URL;
const createdDatabases: string[] = [];

/**
 * A new, empty in-memory PGlite. `initdb` cost each one 4 s of CPU: it runs once per file, and
 * every database starts from its dump, taken before anything was written.
 */
let emptyDump: Promise<Blob> | undefined;
async function newEmptyPglite(): Promise<OpenDatabase> {
  emptyDump ??= (async () => {
    const first = await PGlite.create();
    const dump = await first.dumpDataDir("none");
    await first.close();
    return dump;
  })();
  const pglite = await PGlite.create({ loadDataDir: await emptyDump });
  const connection = await connect({ pglite });
  return { db: connection.db, engine: "pglite", close: () => connection.close() };
}

/** An empty target: a new database on the test PostgreSQL, or an in-memory PGlite without it. */
async function emptyTarget(): Promise<OpenDatabase> {
  if (!postgresUrl) return newEmptyPglite();
  const name = `xfer_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return openPostgres(url.toString());
}

const table = (db: OpenDatabase, query: string) =>
  db.db.execute<Record<string, string | null>>(sql.raw(query)).then((result) => result.rows);

const parentsAsText = `select id::text, at::text, amount::text, ratio::text, doc::text,
  doc is null as doc_is_sql_null, tags::text, bytes::text, label_upper, note
  from xfer.z_parents order by id`;

let source: OpenDatabase;

beforeAll(async () => {
  source = await newEmptyPglite();
  await migrate(source.db, sets);
  await source.db.execute(sql`
    insert into xfer.z_parents (id, at, amount, ratio, doc, tags, bytes, note) values
      ('00000000-0000-4000-8000-000000000001', '2026-01-02 03:04:05.123456+00',
       12345678901234567890.0123456789, 0.1, 'null'::jsonb, array['a', 'b,c', null], '\\x00ff', 'first'),
      ('00000000-0000-4000-8000-000000000002', '2026-01-02 03:04:05+00', null, 1e300,
       null, '{}', null, E'line\\nbreak "quoted" ü')`);
  await source.db.execute(sql`
    insert into xfer.a_children (parent_id, note) values
      ('00000000-0000-4000-8000-000000000001', 'one'),
      ('00000000-0000-4000-8000-000000000002', 'two'),
      ('00000000-0000-4000-8000-000000000002', 'three')`);
  await source.db.execute(sql`delete from xfer.a_children where note = 'three'`);
  await source.db.execute(sql`insert into xfer.counters (name) values ('x'), ('y')`);
});

afterAll(async () => {
  await source.close();
  if (postgresUrl && createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of createdDatabases) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
});

describe("copyDatabase", () => {
  it("copies every row exactly, children after parents, and sequences past the copied rows", async () => {
    const target = await emptyTarget();
    try {
      const report = await copyDatabase(source, target, sets);
      expect(report.tables).toEqual([
        { qualifiedName: "xfer.z_parents", rowCount: 2 },
        { qualifiedName: "xfer.a_children", rowCount: 2 },
        { qualifiedName: "xfer.counters", rowCount: 2 },
      ]);
      expect(await table(target, parentsAsText)).toEqual(await table(source, parentsAsText));
      const [first] = await table(target, parentsAsText);
      expect(first).toMatchObject({ doc: "null", doc_is_sql_null: false, label_upper: "FIRST" });
      expect(await appliedMigrations(target.db)).toEqual(await appliedMigrations(source.db));

      // The bigserial continues after the deleted row 3, as it would have in the source.
      await target.db.execute(
        sql`insert into xfer.a_children (parent_id, note) values ('00000000-0000-4000-8000-000000000001', 'next')`,
      );
      await target.db.execute(sql`insert into xfer.counters (name) values ('z')`);
      expect(await table(target, "select id::text, note from xfer.a_children order by id")).toEqual(
        [
          { id: "1", note: "one" },
          { id: "2", note: "two" },
          { id: "4", note: "next" },
        ],
      );
      expect(await table(target, "select id::text from xfer.counters order by id")).toEqual([
        { id: "1" },
        { id: "2" },
        { id: "3" },
      ]);

      // A second copy into the same (now non-empty) target is refused, and changes nothing.
      const refused = await copyDatabase(source, target, sets).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TransferRefused);
      expect((refused as Error).message).toMatch(
        /^the target is not empty \(xfer\.\w+ has \d rows?\)/,
      );
      expect(await table(target, "select count(*)::int as n from xfer.a_children")).toEqual([
        { n: 3 },
      ]);
    } finally {
      await target.close();
    }
  });

  it("leaves the target empty, migrations included, when the copy fails part-way", async () => {
    const target = await emptyTarget();
    try {
      const description = await describeSource(source.db, "pglite", sets);
      const failure = await loadInto(target.db, sets, {
        ...description,
        async *rows(qualifiedName) {
          if (qualifiedName === "xfer.a_children") throw new Error("disk gone");
          yield [];
        },
      }).catch((error: unknown) => error);
      expect((failure as Error).message).toMatch(/disk gone|rows/);
      expect(
        await table(target, "select to_regclass('public.schema_migrations')::text as t"),
      ).toEqual([{ t: null }]);
      expect(
        await table(target, "select count(*)::int as n from pg_namespace where nspname = 'xfer'"),
      ).toEqual([{ n: 0 }]);
    } finally {
      await target.close();
    }
  });

  it("refuses a target at another migration version", async () => {
    const target = await emptyTarget();
    try {
      await migrate(target.db, sets);
      await target.db.execute(
        sql`update public.schema_migrations set checksum = 'other' where module = 'xfer'`,
      );
      const refused = await copyDatabase(source, target, sets).catch((error: unknown) => error);
      expect((refused as Error).message).toBe(
        "the target is at another migration version (1 migrations applied, the source has 1): use an empty database",
      );
    } finally {
      await target.close();
    }
  });
});
