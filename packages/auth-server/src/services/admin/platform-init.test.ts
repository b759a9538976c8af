import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { projectApiKeys, projects, signingKeys, teams } from "../../db/schema";
import { testSecretsKey } from "../../testing/test-auth-api";
import { parseProjectConfig, toClientProjectConfig } from "../projects/project-config";
import { isLiveProjectKey } from "../projects/project-keys";
import type { AuthLogger } from "../shared/auth-logger";
import { initAuthPlatform, internalOwnerTeamId } from "./platform-init";

let connection: DatabaseConnection;

/** The auth configuration of these variables, with the tests' secrets key. */
function configOf(env: Record<string, string>) {
  return parseAuthConfig({ SECRETS_KEY: testSecretsKey, ...env });
}

beforeEach(async () => {
  connection = await createTestDatabase();
});
afterEach(async () => {
  await connection.close();
});

function recordingLogger() {
  const entries: { level: string; data: Record<string, unknown>; message: string }[] = [];
  const logger: AuthLogger = {
    info: (data, message) => entries.push({ level: "info", data, message }),
    warn: (data, message) => entries.push({ level: "warn", data, message }),
    error: (data, message) => entries.push({ level: "error", data, message }),
  };
  return { logger, entries };
}

async function countRows() {
  const db = connection.db;
  const [projectCount] = await db.select({ value: count() }).from(projects);
  const [keyCount] = await db.select({ value: count() }).from(projectApiKeys);
  const [signingKeyCount] = await db.select({ value: count() }).from(signingKeys);
  const [teamCount] = await db.select({ value: count() }).from(teams);
  return {
    projects: projectCount?.value,
    keySets: keyCount?.value,
    signingKeys: signingKeyCount?.value,
    teams: teamCount?.value,
  };
}

describe("initAuthPlatform (happy)", () => {
  it("seeds the internal project, its owner team, env keys and signing keys, idempotently", async () => {
    const config = configOf({
      STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: "pck_from_environment",
      STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: "ssk_from_environment",
      STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: "sak_from_environment",
    });
    await Promise.all([1, 2, 3].map(() => initAuthPlatform(connection.db, config)));
    await initAuthPlatform(connection.db, config);
    expect(await countRows()).toEqual({ projects: 1, keySets: 1, signingKeys: 6, teams: 1 });
    const [project] = await connection.db.select().from(projects);
    expect(project).toMatchObject({
      id: "internal",
      displayName: "Stack Dashboard",
      ownerTeamId: internalOwnerTeamId,
    });
    const [team] = await connection.db.select().from(teams);
    expect(team?.displayName).toBe("Internal Team");
    expect(
      await isLiveProjectKey(
        connection.db,
        "internal",
        "secret_server_key",
        "ssk_from_environment",
        new Date(),
      ),
    ).toBe(true);
  });

  it("generates keys once when the environment has none, and logs them that one time", async () => {
    const { logger, entries } = recordingLogger();
    const config = configOf({});
    await initAuthPlatform(connection.db, config, logger);
    await initAuthPlatform(connection.db, config, logger);
    const warnings = entries.filter((entry) => entry.level === "warn");
    expect(warnings).toHaveLength(1);
    const generated = warnings[0]?.data ?? {};
    const adminKey = String(generated.STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY);
    expect(adminKey).toMatch(/^sak_[0-9a-z]{45}$/);
    expect(
      await isLiveProjectKey(
        connection.db,
        "internal",
        "super_secret_admin_key",
        adminKey,
        new Date(),
      ),
    ).toBe(true);
    const [stored] = await connection.db.select().from(projectApiKeys);
    expect(JSON.stringify(stored)).not.toContain(adminKey);
    expect(await countRows()).toMatchObject({ keySets: 1 });
  });

  it("applies sign-up and allow-localhost from the environment at every start", async () => {
    await initAuthPlatform(connection.db, configOf({}));
    await initAuthPlatform(
      connection.db,
      configOf({
        STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "false",
        STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: "false",
      }),
    );
    const [row] = await connection.db.select().from(projects).where(eq(projects.id, "internal"));
    const config = parseProjectConfig(row?.config);
    expect(config.auth.allowSignUp).toBe(false);
    expect(config.domains.allowLocalhost).toBe(false);
    expect(config.teams.createPersonalTeamOnSignUp).toBe(true);
  });

  it("seeds the shared OAuth providers that have platform credentials, only when it creates the project", async () => {
    const credentials = { clientId: "shared-id", clientSecret: "shared-secret" };
    await initAuthPlatform(
      connection.db,
      configOf({
        STACK_SHARED_OAUTH_PROVIDERS: JSON.stringify({
          github: credentials,
          spotify: credentials,
          // Not one of the dashboard's providers: stays off.
          discord: credentials,
        }),
      }),
    );
    const readConfig = async () => {
      const [row] = await connection.db.select().from(projects).where(eq(projects.id, "internal"));
      return parseProjectConfig(row?.config);
    };
    const seeded = await readConfig();
    expect(seeded.auth.oauth.providers).toEqual({
      github: expect.objectContaining({ type: "github", isShared: true, allowSignIn: true }),
      spotify: expect.objectContaining({ type: "spotify", isShared: true, allowSignIn: true }),
    });
    expect(toClientProjectConfig(seeded).enabled_oauth_providers).toEqual([
      { id: "github" },
      { id: "spotify" },
    ]);

    // Later starts leave the providers to the admin, whatever credentials appear.
    await initAuthPlatform(
      connection.db,
      configOf({
        STACK_SHARED_OAUTH_PROVIDERS: JSON.stringify({
          google: credentials,
          microsoft: credentials,
        }),
      }),
    );
    expect(Object.keys((await readConfig()).auth.oauth.providers).sort()).toEqual([
      "github",
      "spotify",
    ]);
  });

  it("seeds no OAuth providers without platform credentials", async () => {
    await initAuthPlatform(connection.db, configOf({}));
    const [row] = await connection.db.select().from(projects).where(eq(projects.id, "internal"));
    const config = parseProjectConfig(row?.config);
    expect(config.auth.oauth.providers).toEqual({});
    // Contract §5.2: the reference's plans, whose Free gives each new team one dashboard seat.
    expect(Object.keys(config.payments.items)).toContain("dashboard_admins");
    expect(config.payments.products.free?.includedItems.dashboard_admins?.quantity).toBe(1);
  });
});
