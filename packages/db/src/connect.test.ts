import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./connect";
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

  it.skipIf(testEngine() !== "pglite")(
    "keeps committed data in DATA_DIR when the process is killed with SIGKILL",
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "heritage-durability-"));
      dataDirs.push(dataDir);
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
