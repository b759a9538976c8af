import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../connect";
import { createTestDatabase, describeServerActivity, testEngine } from "./test-database";

describe("createTestDatabase", () => {
  // On PGlite the copies of one process share the template, PGlite's module and its file bundle
  // (decision 047): what one copy writes must stay its own.
  it("gives each caller its own copy of the template, alive at the same time", async () => {
    const open: DatabaseConnection[] = [];
    const openOne = async () => {
      const database = await createTestDatabase();
      open.push(database);
      return database;
    };
    const closeOne = async (database: DatabaseConnection) => {
      open.splice(open.indexOf(database), 1);
      await database.close();
    };
    try {
      const [first, second] = [await openOne(), await openOne()];
      const tables = sql`select count(*)::int as n from information_schema.tables where table_schema in ('auth', 'content')`;
      const count = async (database: DatabaseConnection) =>
        (await database.db.execute<{ n: number }>(tables)).rows[0]?.n;
      const migrated = (await count(first)) ?? 0;
      expect(migrated).toBeGreaterThan(10);
      await first.db.execute(sql`create table content.only_in_the_first (id int)`);
      expect(await count(first)).toBe(migrated + 1);
      expect(await count(second)).toBe(migrated);
      // A copy made after another was changed and closed starts from the template again.
      await closeOne(first);
      const third = await openOne();
      expect(await count(third)).toBe(migrated);
      expect(await count(second)).toBe(migrated);
    } finally {
      await Promise.all(open.map((database) => database.close()));
    }
  });
});

describe.skipIf(testEngine() !== "postgres")("describeServerActivity", () => {
  it("names a session that waits, what it runs and which session blocks it", async () => {
    const databaseUrl = process.env.DATABASE_URL ?? "";
    const holder = new pg.Client({ connectionString: databaseUrl });
    const waiter = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await waiter.connect();
    try {
      const lockKey = 740_321_987;
      await holder.query("select pg_advisory_lock($1)", [lockKey]);
      const holderPid = (await holder.query<{ pid: number }>("select pg_backend_pid() as pid"))
        .rows[0]?.pid;
      const waiting = waiter.query("select pg_advisory_lock($1) /* the stuck one */", [lockKey]);
      let activity = "";
      for (let attempt = 0; attempt < 50 && !activity.includes('"Lock"'); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        activity = await describeServerActivity(databaseUrl);
      }
      const stuck = activity.split("\n").find((line) => line.includes("the stuck one")) ?? "";
      expect(stuck).toContain('"wait_event_type":"Lock"');
      expect(stuck).toContain(`"blocked_by":[${holderPid}]`);
      await holder.query("select pg_advisory_unlock($1)", [lockKey]);
      await waiting;
    } finally {
      await holder.end();
      await waiter.end();
    }
  });
});
