/**
 * The statement cache (decision 049) answers what PGlite's own `query` answers, rows, errors and
 * locking included, while each statement is parsed once.
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPglite } from "../testing/pglite-template";
import { createStatementCache, type StatementCache } from "./statement-cache.mjs";

let pglite: PGlite;
let cache: StatementCache;

beforeAll(async () => {
  pglite = await createTestPglite();
  await pglite.exec(`
    create table items (id serial primary key, name text unique not null, at timestamptz,
      data jsonb, raw bytea, tags text[], flag boolean);
  `);
  cache = createStatementCache(pglite);
});
afterAll(async () => {
  await pglite?.close();
});

async function preparedNames(): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    "select name from pg_prepared_statements order by name",
  );
  return rows.map((row) => row.name);
}

describe("the PGlite statement cache", () => {
  it("answers rows, fields and counts as PGlite's query does, in both row modes", async () => {
    const insert =
      "insert into items (name, at, data, raw, tags, flag) values ($1, $2, $3, $4, $5, $6) returning id, name";
    const values = (name: string) => [
      name,
      new Date("2026-11-27T10:00:00Z"),
      { a: [1, 2] },
      new Uint8Array([1, 2, 3]),
      ["x", "y"],
      true,
    ];
    const ours = await cache.query<Record<string, unknown>>(insert, values("ours"));
    const theirs = await pglite.query<Record<string, unknown>>(insert, values("theirs"));
    expect({ ...ours, rows: ours.rows.map((row) => ({ ...row, id: 0, name: "" })) }).toEqual({
      ...theirs,
      rows: theirs.rows.map((row) => ({ ...row, id: 0, name: "" })),
    });
    expect(ours.affectedRows).toBe(1);

    const select = "select * from items where name = $1 or $2::boolean is null";
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const mine = await cache.query(select, ["ours", null], options);
      const reference = await pglite.query(select, ["ours", null], options);
      expect(mine).toEqual(reference);
    }
    const [row] = (await cache.query<Record<string, unknown>>(select, ["ours", false])).rows;
    expect(row).toMatchObject({
      name: "ours",
      at: new Date("2026-11-27T10:00:00Z"),
      data: { a: [1, 2] },
      raw: new Uint8Array([1, 2, 3]),
      tags: ["x", "y"],
      flag: true,
    });

    const update = await cache.query("update items set flag = $1 where flag", [false]);
    expect(update).toEqual(
      expect.objectContaining({ rows: [], fields: [], affectedRows: 2, rowCount: 2 }),
    );
  });

  it("keeps the parsers a caller passes (Drizzle keeps dates as text)", async () => {
    const asText = { parsers: { 1184: (value: string) => value } };
    const { rows } = await cache.query<{ at: unknown }>(
      "select at from items where name = $1",
      ["ours"],
      asText,
    );
    expect(rows).toEqual([{ at: "2026-11-27 10:00:00+00" }]);
  });

  it("parses a statement once and reuses it", async () => {
    const before = await preparedNames();
    for (let index = 0; index < 5; index++) {
      await cache.query("select $1::int + 1 as next", [index]);
    }
    const after = await preparedNames();
    expect(after.length - before.length).toBe(1);
    expect((await cache.query("select $1::int + 1 as next", [41])).rows).toEqual([{ next: 42 }]);
  });

  it("gives PostgreSQL's errors with the statement and values on them, and goes on after one", async () => {
    const duplicate = cache.query("insert into items (name) values ($1)", ["ours"]);
    await expect(duplicate).rejects.toMatchObject({
      code: "23505",
      constraint: "items_name_key",
      query: "insert into items (name) values ($1)",
      params: ["ours"],
    });
    await expect(cache.query("selec 1", [])).rejects.toMatchObject({ code: "42601" });
    expect((await cache.query("select count(*)::int as n from items", [])).rows).toEqual([
      { n: 2 },
    ]);
  });

  it("waits for a transaction under way, and runs inside it when asked", async () => {
    let statementOnItsOwn: Promise<unknown> | undefined;
    await pglite.transaction(async (tx) => {
      await cache.queryInTransaction("insert into items (name) values ($1)", ["in transaction"]);
      const inside = await cache.queryInTransaction(
        "select count(*)::int as n from items where name = $1",
        ["in transaction"],
      );
      expect(inside.rows).toEqual([{ n: 1 }]);
      statementOnItsOwn = cache.query("select count(*)::int as n from items where name = $1", [
        "in transaction",
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.rollback();
    });
    // It ran after the transaction ended (rolled back), not inside it.
    expect(await statementOnItsOwn).toMatchObject({ rows: [{ n: 0 }] });
  });

  it("prepares a statement again when a change of schema made its plan stale", async () => {
    await pglite.exec("create table stale (value int)");
    await pglite.exec("insert into stale values (1)");
    expect((await cache.query("select * from stale where $1::boolean", [true])).rows).toEqual([
      { value: 1 },
    ]);
    await pglite.exec("alter table stale alter column value type text");
    expect((await cache.query("select * from stale where $1::boolean", [true])).rows).toEqual([
      { value: "1" },
    ]);
    await pglite.exec("deallocate all");
    expect((await cache.query("select * from stale where $1::boolean", [true])).rows).toEqual([
      { value: "1" },
    ]);
  });

  it("closes the least recently used statement beyond its capacity", async () => {
    const small = createStatementCache(pglite, { capacity: 2 });
    await pglite.exec("deallocate all");
    await small.query("select $1::int as a", [1]);
    await small.query("select $1::int as b", [1]);
    await small.query("select $1::int as a", [1]);
    await small.query("select $1::int as c", [1]); // drops b, used least recently
    expect(small.size).toBe(2);
    await small.query("select $1::int as a", [1]); // closes b on the way
    expect((await preparedNames()).length).toBe(2);
    expect((await small.query("select $1::int as b", [2])).rows).toEqual([{ b: 2 }]);
  });
});
