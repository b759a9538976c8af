import { testSecretsKey } from "@heritage/auth-server/testing";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth, withSiteSessions } from "./site-auth";

const openApps = new Set<ReturnType<typeof createApp>>();
/** `createApp`, remembered so that the tests can close every app they made. */
function openApp(deps: AppDeps): ReturnType<typeof createApp> {
  const app = createApp(deps);
  openApps.add(app);
  return app;
}

const logger = pino({ level: "silent" });
const baseUrl = "http://localhost:3000";
const keySettings = { SECRETS_KEY: testSecretsKey };

describe("the site's auth project", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    // Each app holds the auth platform's webhook worker: stopped before the database closes.
    await Promise.all([...openApps].map((app) => app.close()));
    await database.close();
  });

  it("is created once, with sign-up off, and found again on the next start", async () => {
    const first = await ensureSiteAuth(database.db, keySettings, { baseUrl, logger });
    const second = await ensureSiteAuth(database.db, keySettings, { baseUrl, logger });
    expect(second.projectId).toBe(first.projectId);
    expect(second.publishableClientKey).toBe(first.publishableClientKey);

    const app = openApp({
      config: loadConfig(keySettings),
      database,
      logger,
      migrationSets,
      siteAuth: first,
    });
    const signUp = await app.request("/api/v1/auth/password/sign-up", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": first.projectId,
        "x-stack-publishable-client-key": first.publishableClientKey,
      },
      body: JSON.stringify({ email: "visitor@example.org", password: "a long enough password" }),
    });
    expect(signUp.status).toBe(400);
    expect(signUp.headers.get("x-stack-known-error")).toBe("SIGN_UP_NOT_ENABLED");
  });

  it("creates the ADMIN_EMAIL admin once, who can sign in and whose token verifies", async () => {
    const settings = {
      ...keySettings,
      ADMIN_EMAIL: "first.admin@example.org",
      ADMIN_PASSWORD: "correct horse battery",
    };
    const siteAuth = await ensureSiteAuth(database.db, settings, { baseUrl, logger });
    await ensureSiteAuth(database.db, settings, { baseUrl, logger });

    const app = openApp({
      config: loadConfig(keySettings),
      database,
      logger,
      migrationSets,
      siteAuth,
    });
    const signIn = await app.request("/api/v1/auth/password/sign-in", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-publishable-client-key": siteAuth.publishableClientKey,
      },
      body: JSON.stringify({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: accessToken, user_id: userId } = (await signIn.json()) as {
      access_token: string;
      user_id: string;
    };
    // The session check the web app gets, over the app's one verifier (the auth API's keys).
    // The admin from ADMIN_EMAIL is an admin (decision 032).
    const sessions = withSiteSessions(siteAuth, app.accessTokens, app.siteRoleOf);
    await expect(sessions.verifyAccessToken(accessToken)).resolves.toEqual({
      userId,
      role: "admin",
    });
    await expect(sessions.verifyAccessToken(`${accessToken}x`)).resolves.toBeNull();

    const list = await app.request("/api/v1/users", {
      headers: {
        "x-stack-access-type": "server",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-secret-server-key": siteAuth.secretServerKey,
      },
    });
    const users = (await list.json()) as {
      items: { primary_email: string; client_read_only_metadata: unknown }[];
    };
    expect(users.items.map((user) => user.primary_email)).toEqual([settings.ADMIN_EMAIL]);
    expect(users.items[0]?.client_read_only_metadata).toEqual({ role: "admin" });
  });

  it("uses the project and keys given by SITE_AUTH_* variables", async () => {
    const settings = {
      SITE_AUTH_PROJECT_ID: "6f0f7a52-9a43-4b59-8a55-1df0f1b0c0de",
      SITE_AUTH_PUBLISHABLE_CLIENT_KEY: "pck_given_publishable_key_for_tests",
      SITE_AUTH_SECRET_SERVER_KEY: "ssk_given_secret_key_for_tests",
    };
    const siteAuth = await ensureSiteAuth(database.db, settings, { baseUrl, logger });
    expect(siteAuth.projectId).toBe(settings.SITE_AUTH_PROJECT_ID);
    const app = openApp({
      config: loadConfig(keySettings),
      database,
      logger,
      migrationSets,
      siteAuth,
    });
    const project = await app.request("/api/v1/projects/current", {
      headers: {
        "x-stack-access-type": "client",
        "x-stack-project-id": settings.SITE_AUTH_PROJECT_ID,
        "x-stack-publishable-client-key": settings.SITE_AUTH_PUBLISHABLE_CLIENT_KEY,
      },
    });
    expect(project.status).toBe(200);
    expect(
      ((await project.json()) as { config: { sign_up_enabled: boolean } }).config.sign_up_enabled,
    ).toBe(false);
  });

  it("rejects partial SITE_AUTH_* or ADMIN_* settings with one line", () => {
    expect(() => loadConfig({ SITE_AUTH_PROJECT_ID: "x" })).toThrow(
      "Invalid configuration: SITE_AUTH_PROJECT_ID: set it together with SITE_AUTH_PUBLISHABLE_CLIENT_KEY and SITE_AUTH_SECRET_SERVER_KEY, or none of them",
    );
    expect(() => loadConfig({ ADMIN_EMAIL: "a@example.org" })).toThrow(
      "Invalid configuration: ADMIN_EMAIL: set it together with ADMIN_PASSWORD, or neither",
    );
  });
});
