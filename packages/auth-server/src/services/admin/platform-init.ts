/**
 * What runs when the platform starts: seed the `internal` project (contract §5.2, the parts Tier 1
 * needs), its owner team, its keys (from the environment, or generated and logged exactly once),
 * the signing keys, and every stored secret under the current `SECRETS_KEY` (seal-stored-secrets.ts).
 * Idempotent; an advisory lock makes concurrent starts of several processes safe.
 * @module
 */
import type { Database } from "@heritage/db";
import { eq, sql } from "drizzle-orm";
import type { AuthConfig } from "../../config";
import { projects, teams } from "../../db/schema";
import { ensureSigningKeys } from "../../keys/signing-keys";
import { dashboardPlansConfig } from "../product-grants/dashboard-plans";
import {
  defaultPermissionDefinitions,
  mergeProjectConfig,
  type ProjectConfigOverride,
  parseProjectConfig,
} from "../projects/project-config";
import {
  createProjectKeySet,
  hasLiveKeySet,
  hasProjectKey,
  type ProjectKeys,
} from "../projects/project-keys";
import { sealConfigSecrets } from "../projects/project-secrets";
import { internalProjectId } from "../projects/projects";
import { sealStoredSecrets } from "../projects/seal-stored-secrets";
import { secretBoxFromSettings } from "../secrets/secret-box";
import { defaultIdGenerators } from "../secrets/secrets";
import { type AuthLogger, silentLogger } from "../shared/auth-logger";
import { pruneRateLimitBuckets } from "../sign-in/rate-limits";

export const internalOwnerTeamId = "a23e1b7f-ab18-41fc-9ee6-7a9ca9fa543c";

// Any constant works; it only has to be the same in every process that starts the platform.
const initLockKey = 7_240_812;

// Contract §5.2 also names the payments item `dashboard_admins`: the internal project is made with the
// reference's plans, and each new team starts on Free (one seat). AUTH_DASHBOARD_SEAT_LIMITS=false
// lifts the seat check for a server whose operator does not bill for seats.
const internalProjectConfig: ProjectConfigOverride = {
  auth: { password: { allowSignIn: true } },
  teams: { createPersonalTeamOnSignUp: true, allowClientTeamCreation: true },
  onboarding: { requireEmailVerification: false },
  rbac: {
    // Contract §5.2: the dashboard's teams use the reference's member and admin permissions.
    permissions: structuredClone(defaultPermissionDefinitions),
    defaultPermissions: { teamCreator: ["team_admin"], teamMember: ["team_member"], signUp: [] },
  },
  payments: dashboardPlansConfig,
};

/** Contract §5.2: the dashboard's shared OAuth sign-in providers (the reference's development seed). */
const internalSharedProviderTypes = ["github", "google", "microsoft", "spotify"] as const;

/**
 * The internal project's shared providers whose platform credentials are set
 * (`STACK_SHARED_OAUTH_PROVIDERS`): without credentials a shared provider cannot sign anyone in, so
 * its button would only lead to an error.
 */
function internalSharedProviders(config: AuthConfig): ProjectConfigOverride {
  const providers = Object.fromEntries(
    internalSharedProviderTypes
      .filter((type) => Object.hasOwn(config.STACK_SHARED_OAUTH_PROVIDERS, type))
      .map((type) => [type, { type, isShared: true }]),
  );
  return { auth: { oauth: { providers } } };
}

async function seedInternalKeys(
  tx: Database,
  config: AuthConfig,
  log: AuthLogger,
  now: Date,
): Promise<void> {
  const fromEnv: ProjectKeys = {};
  const envKeys = {
    publishableClientKey: config.STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY,
    secretServerKey: config.STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY,
    superSecretAdminKey: config.STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY,
  };
  const kinds = {
    publishableClientKey: "publishable_client_key",
    secretServerKey: "secret_server_key",
    superSecretAdminKey: "super_secret_admin_key",
  } as const;
  const hasEnvKey = Object.values(envKeys).some((key) => key !== undefined);
  for (const name of Object.keys(kinds) as (keyof typeof kinds)[]) {
    const key = envKeys[name];
    if (key && !(await hasProjectKey(tx, internalProjectId, kinds[name], key))) {
      fromEnv[name] = key;
    }
  }
  if (Object.keys(fromEnv).length > 0) {
    await createProjectKeySet(tx, defaultIdGenerators, {
      projectId: internalProjectId,
      description: "Seeded from the environment",
      keys: fromEnv,
    });
    log.info(
      { projectId: internalProjectId },
      "Registered the internal project's keys from the environment",
    );
    return;
  }
  if (hasEnvKey || (await hasLiveKeySet(tx, internalProjectId, now))) return;
  const { keys } = await createProjectKeySet(tx, defaultIdGenerators, {
    projectId: internalProjectId,
    description: "Generated on first start",
    keys: { publishableClientKey: true, secretServerKey: true, superSecretAdminKey: true },
  });
  // Only digests are stored, so this is the one and only time these keys can be shown.
  log.warn(
    {
      projectId: internalProjectId,
      STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: keys.publishableClientKey,
      STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: keys.secretServerKey,
      STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: keys.superSecretAdminKey,
    },
    "Generated keys for the internal project. They are shown only this once: store them (e.g. in the environment variables named here).",
  );
}

/**
 * Prepares the platform on start: the internal project (display name "Stack Dashboard", owner team
 * "Internal Team", shared OAuth providers that have platform credentials), sign-up, OTP sign-in and
 * allow-localhost from the environment (applied at every start), its keys, and the signing keys.
 * Stored secrets are encrypted (plain ones from before encryption at rest) or re-encrypted (after a
 * key rotation) first; a secret of a key this process lacks stops the start with
 * UnreadableSecretError, before any signing key is made.
 */
export async function initAuthPlatform(
  db: Database,
  config: AuthConfig,
  log: AuthLogger = silentLogger,
  options: { now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const secrets = secretBoxFromSettings(config);
  const fromEnv: ProjectConfigOverride = {
    auth: {
      allowSignUp: config.STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED,
      otp: { allowSignIn: config.STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED },
    },
    domains: { allowLocalhost: config.STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST },
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${initLockKey})`);
    const sealed = await sealStoredSecrets(tx, secrets);
    if (sealed.encrypted + sealed.reencrypted > 0) {
      log.info(
        { ...sealed, keyId: secrets.keyId },
        "Stored secrets encrypted with SECRETS_KEY (plain ones from an older version, or under a previous key)",
      );
    }
    const [existing] = await tx
      .select({ config: projects.config })
      .from(projects)
      .where(eq(projects.id, internalProjectId));
    if (existing) {
      await tx
        .update(projects)
        .set({
          config: sealConfigSecrets(
            parseProjectConfig(mergeProjectConfig(existing.config, fromEnv)),
            internalProjectId,
            secrets,
          ),
        })
        .where(eq(projects.id, internalProjectId));
    } else {
      await tx.insert(projects).values({
        id: internalProjectId,
        displayName: "Stack Dashboard",
        description: "The project of the dashboard's own users",
        ownerTeamId: internalOwnerTeamId,
        // The OAuth providers only when the project is made (as the reference's seed): afterwards
        // they are the admin's to change.
        config: sealConfigSecrets(
          parseProjectConfig(
            mergeProjectConfig(
              mergeProjectConfig(internalProjectConfig, internalSharedProviders(config)),
              fromEnv,
            ),
          ),
          internalProjectId,
          secrets,
        ),
        createdAt: now,
      });
      log.info({ projectId: internalProjectId }, "Created the internal project");
    }
    await tx
      .insert(teams)
      .values({
        id: internalOwnerTeamId,
        projectId: internalProjectId,
        displayName: "Internal Team",
        createdAt: now,
      })
      .onConflictDoNothing();
    await seedInternalKeys(tx, config, log, now);
    await ensureSigningKeys(tx, secrets, now);
  });
  await pruneRateLimitBuckets({ db, config, clock: () => now });
}
