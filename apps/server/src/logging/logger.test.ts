import { Writable } from "node:stream";
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
});
