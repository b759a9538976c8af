import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

describe("the web app's error log", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("logs a loader's failed query without its parameters (issue 14)", async () => {
    const personal = "A message from ana.horvat@example.org";
    const error = await database.db.execute(sql`select ${personal}::int`).then(
      () => null,
      (failure: unknown) => failure,
    );
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    vi.spyOn(console, "error").mockImplementation((...args) => {
      written.push(args.map(String).join(" "));
    });
    try {
      handleError(error, {
        request: new Request("http://127.0.0.1:3000/contact", { method: "POST" }),
        params: {},
        context: {} as never,
      });
    } finally {
      vi.restoreAllMocks();
    }
    const output = written.join("\n");
    expect(output).toContain("Failed query: select $1::int");
    expect(output).not.toContain("ana.horvat@example.org");
  });
});
