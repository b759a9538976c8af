/**
 * SVIX_API_PORT (decision 025): the Svix-compatible API answers on a listener of its own and never
 * on the public port; the variable is refused when it names the public or the metrics port.
 */
import { testSecretsKey } from "@heritage/auth-server/testing";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { type SvixApiServer, startSvixApiServer } from "./svix-api-server";

const silentLogger = pino({ level: "silent" });

describe("the Svix API's own port", () => {
  let database: DatabaseConnection;
  let app: ReturnType<typeof createApp>;
  let own: SvixApiServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      { baseUrl: "http://localhost:3000", logger: silentLogger },
    );
    app = createApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, SVIX_API_PORT: "4113" }),
      database,
      logger: silentLogger,
      migrationSets,
      siteAuth,
    });
    own = await startSvixApiServer(app.svixApi, { host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await own?.close(1_000);
    await app?.close();
    await database?.close();
  });

  it("answers Svix's routes there, in Svix's error shape", async () => {
    const response = await fetch(`http://127.0.0.1:${own.port}/api/v1/app/internal/endpoint`, {
      headers: { authorization: "Bearer whmt_not-a-token" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: "authentication_failed",
      detail: "Incorrect authentication credentials.",
    });
    const unknown = await fetch(`http://127.0.0.1:${own.port}/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: "not_found", detail: "Entity not found" });
  });

  it("is not on the public port", async () => {
    const response = await app.request("/api/v1/app/internal/endpoint", {
      headers: { authorization: "Bearer whmt_not-a-token" },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("authentication_failed");
  });

  it("refuses SVIX_API_PORT equal to PORT or METRICS_PORT, or out of range", () => {
    expect(() =>
      loadConfig({ SECRETS_KEY: testSecretsKey, PORT: "8080", SVIX_API_PORT: "8080" }),
    ).toThrow(/SVIX_API_PORT: expected a port other than PORT/);
    expect(() =>
      loadConfig({ SECRETS_KEY: testSecretsKey, METRICS_PORT: "9464", SVIX_API_PORT: "9464" }),
    ).toThrow(/SVIX_API_PORT: expected a port other than METRICS_PORT/);
    expect(() => loadConfig({ SECRETS_KEY: testSecretsKey, SVIX_API_PORT: "70000" })).toThrow(
      /SVIX_API_PORT/,
    );
    expect(loadConfig({ SECRETS_KEY: testSecretsKey }).SVIX_API_PORT).toBeUndefined();
  });
});
