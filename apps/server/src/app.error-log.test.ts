/**
 * What the app's last-resort error handler logs (issue 14): an error no route answered is
 * logged with its statement but without a failed query's parameters, which hold what a visitor
 * sent (the contact form's text reached the log this way).
 */
import { Writable } from "node:stream";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { loadConfig } from "./config/config";
import { migrationSets } from "./server";
import { ensureSiteAuth } from "./site-auth/site-auth";

describe("the app's error log", () => {
  let database: DatabaseConnection;
  let app: ReturnType<typeof createApp>;
  const lines: string[] = [];
  const personal = "Please call me on +387 61 000 000";

  beforeAll(async () => {
    database = await createTestDatabase();
    // A plain pino logger, as a test or another host may give the app: the app redacts itself.
    const logger = pino(
      { level: "error" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const secretsKey = { SECRETS_KEY: "this-secrets-key-is-for-the-error-log-test-only" };
    const siteAuth = await ensureSiteAuth(database.db, secretsKey, {
      baseUrl: "http://localhost",
      logger,
    });
    app = createApp({
      config: loadConfig(secretsKey),
      database,
      logger,
      migrationSets,
      siteAuth,
      web: {
        // A page whose loader runs a query that fails, with the visitor's text as a parameter.
        handler: async () => {
          await database.db.execute(sql`select ${personal}::int`);
          return new Response("unreachable");
        },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("names the failed statement, not the values it was given", async () => {
    const response = await app.request("/contact");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(personal);
    const logged = lines.find((line) => line.includes('"unhandled error"'));
    expect(logged).toContain("Failed query: select $1::int");
    expect(logged).not.toContain(personal);
  });
});
