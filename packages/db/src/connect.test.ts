import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./connect";
import { createTestPgliteDirectory } from "./testing/pglite-template";
import { createTestDatabase, testEngine } from "./testing/test-database";

const writerFixture = fileURLToPath(
  new URL("./testing/write-and-wait-fixture.ts", import.meta.url),
);
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("connect", () => {
  it("delivers notifications to listeners of the same database", async () => {
    const connection = await createTestDatabase();
    try {
      const received: string[] = [];
      const unsubscribe = await connection.listen("content_changed", (payload) =>
        received.push(payload),
      );
      await connection.notify("content_changed", "projects");
      for (let attempt = 0; attempt < 50 && received.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(received).toEqual(["projects"]);
      await unsubscribe();
      expect(await connection.ping()).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it.skipIf(testEngine() !== "postgres")(
    "keeps listening when the listening connection is cut, saying so before and after",
    async () => {
      const connection = await createTestDatabase();
      try {
        const events: string[] = [];
        let resumed = () => {};
        const whenResumed = new Promise<void>((resolve) => (resumed = resolve));
        await connection.listen("content_changed", (payload) => events.push(payload), {
          onInterrupted: () => events.push("(interrupted)"),
          onResumed: () => {
            events.push("(resumed)");
            resumed();
          },
        });
        // As an administrator or a server restart would: the listening backend is ended.
        const { rows } = await connection.db.execute<{ ended: boolean }>(
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
              where datname = current_database() and query ilike 'listen %'`,
        );
        expect(rows).toEqual([{ ended: true }]);
        await whenResumed;
        await connection.notify("content_changed", "after");
        await expect.poll(() => events).toEqual(["(interrupted)", "(resumed)", "after"]);
      } finally {
        await connection.close();
      }
    },
  );

  it.skipIf(testEngine() !== "postgres")(
    "resolves a second listener of a channel only once the channel's LISTEN has run",
    async () => {
      // A slow LISTEN (a busy server) opens the window: the first listener's LISTEN is still on
      // its way when a second listener of the same channel starts.
      const originalQuery = pg.Client.prototype.query;
      const slowListen = function (this: pg.Client, ...args: unknown[]) {
        const run = () => (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
        if (typeof args[0] === "string" && args[0].startsWith("LISTEN ")) {
          return new Promise((resolve) => setTimeout(resolve, 300)).then(run);
        }
        return run();
      };
      pg.Client.prototype.query = slowListen as typeof originalQuery;
      const connection = await createTestDatabase();
      try {
        const heard: string[] = [];
        const first = connection.listen("content_changed", () => {});
        await connection.listen("content_changed", (payload) => heard.push(payload));
        // Sent the moment the second listener says it listens: it must hear it.
        await connection.notify("content_changed", "marker");
        await expect.poll(() => heard, { timeout: 3_000 }).toEqual(["marker"]);
        await first;
      } finally {
        pg.Client.prototype.query = originalQuery;
        await connection.close();
      }
    },
  );

  it.skipIf(testEngine() !== "postgres")(
    "sends the LISTENs of listeners starting at once one after the other on its one client",
    async () => {
      // pg warns (and pg 9 refuses) when a client is given a query while another runs.
      const inFlight = new Map<object, number>();
      let overlapping = 0;
      const originalQuery = pg.Client.prototype.query;
      const countingQuery = function (this: pg.Client, ...args: unknown[]) {
        const running = (inFlight.get(this) ?? 0) + 1;
        inFlight.set(this, running);
        if (running > 1) overlapping++;
        const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
        const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
        if (result instanceof Promise) void result.then(done, done);
        else done();
        return result;
      };
      pg.Client.prototype.query = countingQuery as typeof originalQuery;
      const connection = await createTestDatabase();
      try {
        const stops = await Promise.all(
          ["first_channel", "second_channel", "third_channel"].map((channel) =>
            connection.listen(channel, () => {}),
          ),
        );
        await Promise.all(stops.map((stop) => stop()));
        expect(overlapping).toBe(0);
      } finally {
        pg.Client.prototype.query = originalQuery;
        await connection.close();
      }
    },
  );

  it("rejects channel names that are not plain identifiers", async () => {
    const connection = await createTestDatabase();
    try {
      await expect(connection.listen("x; drop table y", () => {})).rejects.toThrow(
        /Invalid notification channel/,
      );
    } finally {
      await connection.close();
    }
  });

  it("fails after connectTimeoutMs when the PostgreSQL server never answers", async () => {
    // A server that takes the connection and then says nothing, as a hung one does.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      // connect() checks the server with a first query, which waits for a connection.
      await expect(
        connect({
          databaseUrl: `postgres://postgres@127.0.0.1:${port}/nothing`,
          connectTimeoutMs: 300,
        }),
      ).rejects.toThrow(/timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.skipIf(testEngine() !== "pglite")(
    "keeps committed data in DATA_DIR when the process is killed with SIGKILL",
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "heritage-durability-"));
      dataDirs.push(dataDir);
      // Made beforehand from the run's template, as a server's earlier run leaves it: the writer's
      // own `initdb` cost 4 s of CPU, and what this test watches is the write and the kill.
      await createTestPgliteDirectory(dataDir);
      const child = spawn(process.execPath, ["--import", "tsx", writerFixture, dataDir], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += String(chunk);
      });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      for (let attempt = 0; attempt < 1200 && !output.includes("written"); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain("written");
      child.kill("SIGKILL");
      await exited;

      const reopened = await connect({ dataDir });
      try {
        const rows = await reopened.db.execute<{ note: string }>(
          sql`select note from durability_check`,
        );
        expect(rows.rows).toEqual([{ note: "survives kill -9" }]);
      } finally {
        await reopened.close();
      }
    },
  );
});
