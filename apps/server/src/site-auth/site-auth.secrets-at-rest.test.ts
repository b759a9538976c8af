/**
 * The site project's secret server key, kept in `content.site_settings` when the server created
 * the project itself, is stored encrypted with SECRETS_KEY (issue 14): never in the clear, a
 * plain value stored by an older version is encrypted at the next start, a rotation re-encrypts
 * it, and a start with a key that cannot open it refuses and changes nothing.
 */
import { createSecretBox, UnreadableSecretError } from "@heritage/auth-server";
import { testSecretsKey } from "@heritage/auth-server/testing";
import { getSiteSetting, setSiteSetting } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth, SITE_AUTH_PROJECT_SETTING, type SiteAuth } from "./site-auth";

const logger = pino({ level: "silent" });
const baseUrl = "http://localhost:3000";
const otherKey = "another-secrets-key-for-the-site-auth-tests";

let database: DatabaseConnection;
let apps: ReturnType<typeof createApp>[];

beforeEach(async () => {
  database = await createTestDatabase();
  apps = [];
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

interface StoredSetting {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
}

const readSetting = async () =>
  (await getSiteSetting(database.db, SITE_AUTH_PROJECT_SETTING)) as StoredSetting;

/** The key is the project's: the auth API accepts it for a server request. */
async function expectKeyWorks(siteAuth: SiteAuth) {
  const app = createApp({
    config: loadConfig({ SECRETS_KEY: testSecretsKey }),
    database,
    logger,
    migrationSets,
    siteAuth,
  });
  apps.push(app);
  const response = await app.request("/api/v1/users", {
    headers: {
      "x-stack-access-type": "server",
      "x-stack-project-id": siteAuth.projectId,
      "x-stack-secret-server-key": siteAuth.secretServerKey,
    },
  });
  expect(response.status).toBe(200);
}

it("stores the secret server key encrypted, never in the clear, and reads it back on the next start", async () => {
  const first = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    {
      baseUrl,
      logger,
    },
  );
  expect(first.secretServerKey).toMatch(/^ssk_/);
  const stored = await readSetting();
  expect(JSON.stringify(stored)).not.toContain(first.secretServerKey);
  expect(stored.secretServerKey).toMatch(
    new RegExp(`^enc:v1:${createSecretBox({ current: testSecretsKey }).keyId}:`),
  );
  expect(stored.publishableClientKey).toBe(first.publishableClientKey);

  const again = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    {
      baseUrl,
      logger,
    },
  );
  expect(again.secretServerKey).toBe(first.secretServerKey);
  await expectKeyWorks(again);
});

it("encrypts a key an older version stored in plain text at the next start, and the site still uses it", async () => {
  const first = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    {
      baseUrl,
      logger,
    },
  );
  // What a version before encryption at rest left in the database.
  await setSiteSetting(database.db, SITE_AUTH_PROJECT_SETTING, {
    ...(await readSetting()),
    secretServerKey: first.secretServerKey,
  });

  const upgraded = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    {
      baseUrl,
      logger,
    },
  );
  expect(upgraded.secretServerKey).toBe(first.secretServerKey);
  expect((await readSetting()).secretServerKey).toMatch(/^enc:v1:/);
  expect(JSON.stringify(await readSetting())).not.toContain(first.secretServerKey);
  await expectKeyWorks(upgraded);
});

it("re-encrypts with a new key when the old one is in SECRETS_KEY_PREVIOUS", async () => {
  const first = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    {
      baseUrl,
      logger,
    },
  );
  const rotated = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: otherKey, SECRETS_KEY_PREVIOUS: [testSecretsKey] },
    { baseUrl, logger },
  );
  expect(rotated.secretServerKey).toBe(first.secretServerKey);
  expect((await readSetting()).secretServerKey).toMatch(
    new RegExp(`^enc:v1:${createSecretBox({ current: otherKey }).keyId}:`),
  );
  const after = await ensureSiteAuth(database.db, { SECRETS_KEY: otherKey }, { baseUrl, logger });
  expect(after.secretServerKey).toBe(first.secretServerKey);
});

it("refuses to start with a key that cannot open the stored one, with one line, and changes nothing", async () => {
  await ensureSiteAuth(database.db, { SECRETS_KEY: testSecretsKey }, { baseUrl, logger });
  const before = await readSetting();
  const failure = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: otherKey },
    {
      baseUrl,
      logger,
    },
  ).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableSecretError);
  expect((failure as Error).message).toMatch(
    /^Stored secrets in content\.site_settings \(site_auth_project\) were encrypted with a key this process does not have \(key id [\w-]{8}; its SECRETS_KEY has key id [\w-]{8}\)\. Set SECRETS_KEY to the key the other processes use/,
  );
  expect((failure as Error).message).not.toContain("\n");
  expect(await readSetting()).toEqual(before);
  // And no second project was made in its place.
  expect((await readSetting()).projectId).toBe(before.projectId);
});
