/**
 * "Create the first admin account" (issue 6) is serialised: submissions sent at the same time, and
 * a submission racing the ADMIN_EMAIL bootstrap of a starting process, never leave two first
 * admins. The calls below really run at once (on PostgreSQL, on separate pool connections).
 */
import { randomUUID } from "node:crypto";
import { testSecretsKey } from "@heritage/auth-server/testing";
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
const password = "a long enough password";

describe("the first admin of the site's project", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    // Each app holds the auth platform's webhook worker: stopped before the database closes.
    await Promise.all([...openApps].map((app) => app.close()));
    await database.close();
  });

  /** A project of its own per test, given by SITE_AUTH_* as an operator would. */
  function freshProjectSettings() {
    const suffix = randomUUID().replaceAll("-", "");
    return {
      SITE_AUTH_PROJECT_ID: randomUUID(),
      SITE_AUTH_PUBLISHABLE_CLIENT_KEY: `pck_${suffix}`,
      SITE_AUTH_SECRET_SERVER_KEY: `ssk_${suffix}`,
    };
  }

  /** The project's users' addresses as the auth API lists them, oldest first. */
  async function listEmails(siteAuth: SiteAuth): Promise<string[]> {
    return (await listUsers(siteAuth)).map((user) => user.primary_email);
  }

  /** The project's users as the auth API lists them, oldest first. */
  async function listUsers(
    siteAuth: SiteAuth,
  ): Promise<{ primary_email: string; client_read_only_metadata: unknown }[]> {
    const app = openApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey }),
      database,
      logger,
      migrationSets,
      siteAuth,
    });
    const response = await app.request("/api/v1/users?order_by=signed_up_at&desc=false", {
      headers: {
        "x-stack-access-type": "server",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-secret-server-key": siteAuth.secretServerKey,
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      items: { primary_email: string; client_read_only_metadata: unknown }[];
    };
    return body.items;
  }

  it("is created by exactly one of several submissions sent at once", async () => {
    const siteAuth = await ensureSiteAuth(database.db, freshProjectSettings(), {
      baseUrl,
      logger,
    });
    await expect(siteAuth.hasUsers()).resolves.toBe(false);

    const emails = ["one", "two", "three", "four"].map((name) => `${name}@example.org`);
    const results = await Promise.all(
      emails.map((email) => siteAuth.createFirstAdmin({ email, password, displayName: null })),
    );

    const winners = emails.filter((_email, index) => results[index] !== null);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result === null)).toHaveLength(emails.length - 1);
    await expect(listEmails(siteAuth)).resolves.toEqual(winners);
    await expect(siteAuth.hasUsers()).resolves.toBe(true);
  });

  it("is refused to a later submission once one exists", async () => {
    const siteAuth = await ensureSiteAuth(database.db, freshProjectSettings(), {
      baseUrl,
      logger,
    });
    const first = await siteAuth.createFirstAdmin({
      email: "first@example.org",
      password,
      displayName: "First",
    });
    expect(first).not.toBeNull();
    await expect(
      siteAuth.createFirstAdmin({ email: "second@example.org", password, displayName: null }),
    ).resolves.toBeNull();
    await expect(listEmails(siteAuth)).resolves.toEqual(["first@example.org"]);
    // The first admin is an admin, stored as such (decision 032).
    const [user] = await listUsers(siteAuth);
    expect(user?.client_read_only_metadata).toEqual({ role: "admin" });
  });

  it("races the ADMIN_EMAIL bootstrap of a starting process without a second first admin", async () => {
    for (let round = 0; round < 3; round += 1) {
      const project = freshProjectSettings();
      const siteAuth = await ensureSiteAuth(database.db, project, { baseUrl, logger });
      const [, formResult] = await Promise.all([
        ensureSiteAuth(
          database.db,
          { ...project, ADMIN_EMAIL: "ops@example.org", ADMIN_PASSWORD: password },
          { baseUrl, logger },
        ),
        siteAuth.createFirstAdmin({ email: "form@example.org", password, displayName: null }),
      ]);
      const emails = await listEmails(siteAuth);
      if (formResult === null) {
        // The bootstrap came first: the form is refused.
        expect(emails).toEqual(["ops@example.org"]);
      } else {
        // The form came first; ADMIN_EMAIL still creates its own admin (no user with that
        // email existed), after it, as the configuration documents.
        expect(emails).toEqual(["form@example.org", "ops@example.org"]);
      }
    }
  });
});
