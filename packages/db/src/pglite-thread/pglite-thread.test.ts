/**
 * The embedded database on its worker thread (decision 014): what Drizzle and connect() rely on
 * works across the thread boundary as it does on PGlite itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseConnection } from "../connect";
import { createTestPgliteDirectory } from "../testing/pglite-template";
import { type PGliteThread, startPGliteThread } from "./pglite-thread";

let thread: PGliteThread;
const dataDirs: string[] = [];

/**
 * A data folder holding the run's migrated template: opening it skips the `initdb` (seconds) that
 * a new folder or an in-memory database costs.
 */
async function templatedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-thread-"));
  dataDirs.push(dataDir);
  await createTestPgliteDirectory(dataDir);
  return dataDir;
}

beforeAll(async () => {
  thread = await startPGliteThread({ dataDir: await templatedDataDir() });
  await thread.exec(`
    create table items (id serial primary key, name text unique not null, at timestamptz,
      data jsonb, raw bytea, flag boolean);
  `);
});
afterAll(async () => {
  await thread?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("PGlite on a worker thread", () => {
  it("answers statements with parameters, as objects or arrays, keeping what Drizzle keeps as text", async () => {
    const inserted = await thread.query<{ id: number }>(
      "insert into items (name, at, data, raw, flag) values ($1, $2, $3, $4, $5) returning id",
      [
        "first",
        "2026-11-27T10:00:00Z",
        JSON.stringify({ a: [1, 2] }),
        new Uint8Array([1, 2, 3]),
        true,
      ],
    );
    expect(inserted.rows).toEqual([{ id: 1 }]);
    expect(inserted.affectedRows).toBe(1);

    const asObjects = await thread.query(
      "select name, data, raw, flag from items where id = $1",
      [1],
    );
    expect(asObjects.rows).toEqual([
      { name: "first", data: { a: [1, 2] }, raw: new Uint8Array([1, 2, 3]), flag: true },
    ]);
    const asArrays = await thread.query("select id, at from items", [], {
      rowMode: "array",
      parsers: { 1184: (value: string) => value },
    });
    expect(asArrays.rows).toEqual([[1, "2026-11-27 10:00:00+00"]]);
    expect(asArrays.fields.map((field) => field.name)).toEqual(["id", "at"]);
  });

  it("refuses a parser that changes the text, which could not run on the other thread", async () => {
    await expect(
      thread.query("select 1", [], { parsers: { 1184: (value: string) => new Date(value) } }),
    ).rejects.toThrow(/cannot run on the database's thread/);
  });

  it("passes PostgreSQL's error fields back (what tells a unique violation apart)", async () => {
    const error = await thread
      .query("insert into items (name) values ($1)", ["first"])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_name_key" });
    // The database goes on.
    expect((await thread.query("select count(*)::int as n from items")).rows).toEqual([{ n: 1 }]);
  });

  it("commits a transaction, and makes statements from elsewhere wait until it ends", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into items (name) values ($1)", ["in transaction"]);
      order.push("inserted");
      await held;
      order.push("committing");
    });
    // Sent while the transaction holds the database: it must not see or join it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = thread
      .query<{ n: number }>("select count(*)::int as n from items")
      .then((r) => {
        order.push("outside read");
        return r.rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(2);
    expect(order).toEqual(["inserted", "committing", "outside read"]);
  });

  it("rolls a transaction back when its callback fails, and answers with that failure", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items (name) values ($1)", ["rolled back"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(
      (await thread.query("select count(*)::int as n from items where name = $1", ["rolled back"]))
        .rows,
    ).toEqual([{ n: 0 }]);
  });

  it("delivers notifications to listeners on the main thread", async () => {
    const heard: string[] = [];
    const stop = await thread.listen("changes", (payload) => heard.push(payload));
    await thread.query("select pg_notify('changes', 'hello')");
    await expect.poll(() => heard).toEqual(["hello"]);
    await stop();
  });
});

describe("connect() on the embedded database", () => {
  let connection: DatabaseConnection;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await templatedDataDir();
    connection = await connect({ dataDir });
  });
  afterAll(async () => {
    await connection?.close();
  });

  it("runs Drizzle's transactions and savepoints on the thread, and keeps the data on disk", async () => {
    await connection.db.execute(sql`create table notes (id int primary key, body text)`);
    await connection.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into notes values (2, 'undone')`);
          throw new Error("inner only");
        })
        .catch(() => {});
    });
    await connection.close();

    connection = await connect({ dataDir });
    const { rows } = await connection.db.execute<{ id: number; body: string }>(
      sql`select id, body from notes order by id`,
    );
    expect(rows).toEqual([{ id: 1, body: "kept" }]);
    expect(await connection.ping()).toBe(true);
  });

  it("refuses statements once closed, with a clear error", async () => {
    const closing = await connect({ dataDir: await templatedDataDir() });
    await closing.close();
    const error = await closing.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    // Drizzle names the statement and keeps the driver's error as the cause.
    expect(error).toMatchObject({ cause: { message: expect.stringMatching(/database stopped/) } });
  });
});
