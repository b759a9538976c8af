import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "./connect";
import { type MigrationSet, migrate, pendingMigrations } from "./migrate";
import { createTestDatabase } from "./testing/test-database";

function writeMigrationSet(module: string, migrations: Record<string, string>): MigrationSet {
  const folder = mkdtempSync(join(tmpdir(), `migrations-${module}-`));
  mkdirSync(join(folder, "meta"));
  const entries = Object.keys(migrations).map((tag, idx) => ({ idx, tag }));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ entries }));
  for (const [tag, text] of Object.entries(migrations))
    writeFileSync(join(folder, `${tag}.sql`), text);
  return { module, folder };
}

describe("migrate", () => {
  let connection: DatabaseConnection;
  const folders: string[] = [];

  beforeAll(async () => {
    connection = await createTestDatabase();
  });
  afterAll(async () => {
    await connection.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("applies pending migrations in journal order and skips them on the next run", async () => {
    const set = writeMigrationSet("sample", {
      "0000_create-things": `create schema sample;\n--> statement-breakpoint\ncreate table sample.things (id int primary key);`,
      "0001_add-name": "alter table sample.things add column name text;",
    });
    folders.push(set.folder);

    expect(await pendingMigrations(connection.db, [set])).toEqual([
      "sample/0000_create-things",
      "sample/0001_add-name",
    ]);
    const first = await migrate(connection.db, [set]);
    expect(first.applied).toEqual(["sample/0000_create-things", "sample/0001_add-name"]);

    const second = await migrate(connection.db, [set]);
    expect(second.applied).toEqual([]);
    expect(await pendingMigrations(connection.db, [set])).toEqual([]);

    await connection.db.execute(sql`insert into sample.things (id, name) values (1, 'kilim')`);
    const rows = await connection.db.execute<{ name: string }>(sql`select name from sample.things`);
    expect(rows.rows).toEqual([{ name: "kilim" }]);
  });

  it("rolls back a failing migration completely and leaves it pending", async () => {
    const set = writeMigrationSet("broken", {
      "0000_half-valid": `create schema broken;\n--> statement-breakpoint\ncreate table broken.t (id int);\n--> statement-breakpoint\nselect no_such_function();`,
    });
    folders.push(set.folder);

    await expect(migrate(connection.db, [set])).rejects.toThrow();
    const schemas = await connection.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'broken'`,
    );
    expect(schemas.rows[0]?.n).toBe(0);
    expect(await pendingMigrations(connection.db, [set])).toEqual(["broken/0000_half-valid"]);
  });

  it("refuses to continue when an applied migration was edited", async () => {
    const set = writeMigrationSet("edited", { "0000_first": "create schema edited;" });
    folders.push(set.folder);
    await migrate(connection.db, [set]);
    writeFileSync(join(set.folder, "0000_first.sql"), "create schema edited_differently;");
    await expect(migrate(connection.db, [set])).rejects.toThrow(/was changed after it was applied/);
  });

  it("gives each test file a database that already has every module's migrations", async () => {
    const schemas = await connection.db.execute<{ schema_name: string }>(
      sql`select schema_name from information_schema.schemata where schema_name in ('content', 'auth') order by schema_name`,
    );
    expect(schemas.rows.map((row) => row.schema_name)).toEqual(["auth", "content"]);
  });
});
