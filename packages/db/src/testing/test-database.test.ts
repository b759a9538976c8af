import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeServerActivity, testEngine } from "./test-database";

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
