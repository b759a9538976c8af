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
  function logged(
    error: unknown,
    request = new Request("http://127.0.0.1:3000/contact", { method: "POST" }),
  ): string {
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
        request,
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

  it("logs a form posted from another site once, as a warning without a stack (issue 28)", () => {
    // What React Router hands over when its origin check refuses an action (document request).
    const refusal = new Error(
      "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
    );
    for (const origin of ["https://evil.example", "null"]) {
      const request = new Request("http://127.0.0.1:3000/contact", {
        method: "POST",
        headers: { origin },
      });
      const lines = logged(refusal, request).trim().split("\n");
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0] ?? "");
      expect(line).toMatchObject({ level: 40, origin, path: "/contact" });
      expect(line.stack).toBeUndefined();
      // The .data request's refusal is a bare "Bad Request": the same one line.
      expect(logged(new Error("Bad Request"), request)).toContain('"level":40');
    }
    // A post from the site itself that fails is still an error, with its stack.
    const ownOrigin = new Request("http://127.0.0.1:3000/contact", {
      method: "POST",
      headers: { origin: "http://127.0.0.1:3000" },
    });
    expect(logged(new Error("database down"), ownOrigin)).toContain('"level":50');
  });
});
