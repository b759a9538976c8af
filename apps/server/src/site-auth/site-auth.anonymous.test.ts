/**
 * Anonymous users and the site's project (issue 14, defect 5): anonymous sign-up follows the
 * project's sign-up setting, which is off for the site, and an anonymous user (one made before
 * that rule, or by the operator's own server) never stands in for the first admin.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth, type SiteAuth } from "./site-auth";

const openApps = new Set<ReturnType<typeof createApp>>();
/** `createApp`, remembered so that the tests can close every app they made. */
function openApp(deps: AppDeps): ReturnType<typeof createApp> {
  const app = createApp(deps);
  openApps.add(app);
  return app;
}

const logger = pino({ level: "silent" });
const baseUrl = "http://localhost:3000";

describe("anonymous users on the site's project", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    // Each app holds the auth platform's webhook worker: stopped before the database closes.
    await Promise.all([...openApps].map((app) => app.close()));
    await database.close();
  });

  /** The site's project, one of its own per test, given by SITE_AUTH_* as an operator would. */
  async function freshSiteAuth(): Promise<SiteAuth> {
    const suffix = randomUUID().replaceAll("-", "");
    return ensureSiteAuth(
      database.db,
      {
        SITE_AUTH_PROJECT_ID: randomUUID(),
        SITE_AUTH_PUBLISHABLE_CLIENT_KEY: `pck_${suffix}`,
        SITE_AUTH_SECRET_SERVER_KEY: `ssk_${suffix}`,
      },
      { baseUrl, logger },
    );
  }

  function appFor(siteAuth: SiteAuth) {
    const config = loadConfig({ SECRETS_KEY: "a secrets key for the anonymous-user tests only" });
    return openApp({ config, database, logger, migrationSets, siteAuth });
  }

  it("cannot be made by a visitor: anonymous sign-up answers SIGN_UP_NOT_ENABLED", async () => {
    const siteAuth = await freshSiteAuth();
    const response = await appFor(siteAuth).request("/api/v1/auth/anonymous/sign-up", {
      method: "POST",
      headers: {
        "x-stack-access-type": "client",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-publishable-client-key": siteAuth.publishableClientKey,
      },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-stack-known-error")).toBe("SIGN_UP_NOT_ENABLED");
    await expect(siteAuth.hasUsers()).resolves.toBe(false);
  });

  it("do not block the first admin when one exists", async () => {
    const siteAuth = await freshSiteAuth();
    const created = await appFor(siteAuth).request("/api/v1/users", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "server",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-secret-server-key": siteAuth.secretServerKey,
      },
      body: JSON.stringify({ is_anonymous: true }),
    });
    expect(created.status).toBe(201);

    await expect(siteAuth.hasUsers()).resolves.toBe(false);
    const admin = await siteAuth.createFirstAdmin({
      email: "first-admin@example.org",
      password: "a long enough password",
      displayName: null,
    });
    expect(admin).not.toBeNull();
    await expect(siteAuth.hasUsers()).resolves.toBe(true);
  });
});
