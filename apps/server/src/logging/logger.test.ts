import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";

describe("the process's logger", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("writes a failed query's error without its parameters (issue 14)", async () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const personal = "A message from ana.horvat@example.org";
    const error = await database.db.execute(sql`select ${personal}::int`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);

    logger.error({ err: error }, "upload failed");
    const [line = ""] = lines;
    const entry = JSON.parse(line) as { err: { type: string; message: string } };
    expect(entry.err.type).toBe("DrizzleQueryError");
    expect(entry.err.message).toContain("Failed query: select $1::int");
    expect(line).not.toContain("ana.horvat@example.org");
  });

  it("writes to stdout asynchronously and loses no line when the process exits at once", () => {
    // The lines wait up to 25 ms to be written together (decision 045): an exit at once must
    // still write all of them, the last one included.
    const logger = fileURLToPath(new URL("./logger.ts", import.meta.url));
    const script = `
      const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger("info");
      for (let i = 0; i < 2000; i++) log.info({ i }, "line");
      process.exit(0);
    `;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
      },
    );
    expect(child.status).toBe(0);
    const lines = child.stdout.trim().split("\n");
    expect(lines).toHaveLength(2000);
    expect(JSON.parse(lines[1999] ?? "{}")).toMatchObject({ i: 1999, msg: "line" });
  });
});
