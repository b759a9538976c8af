import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
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

  /** What `handleError` writes for `error` (to stderr or the console). */
  function logged(error: unknown): string {
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
    return written.join("\n");
  }

  it("leaves out the client's mistakes React Router answers itself", () => {
    const noAction = new ErrorResponse(405, "Method Not Allowed", new Error("no action"), true);
    expect(logged(noAction)).toBe("");
    expect(logged(new ErrorResponse(500, "", new Error("render failed"), true))).toContain(
      "render failed",
    );
  });

  it("logs a loader's failed query without its parameters (issue 14)", async () => {
    const personal = "A message from ana.horvat@example.org";
    const error = await database.db.execute(sql`select ${personal}::int`).then(
      () => null,
      (failure: unknown) => failure,
    );
    const output = logged(error);
    expect(output).toContain("Failed query: select $1::int");
    expect(output).not.toContain("ana.horvat@example.org");
  });
});
