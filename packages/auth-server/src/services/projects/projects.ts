/**
 * Projects: loading with their parsed configuration, the client project object (contract §1.9) and
 * `ensureProject`, which lets another module (the site) create its own project on first start.
 * @module
 */
import type { ClientProject } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import type { SecretBox } from "../secrets/secret-box";
import { defaultIdGenerators, type IdGenerators } from "../secrets/secrets";
import {
  mergeProjectConfig,
  type ProjectConfig,
  type ProjectConfigOverride,
  parseProjectConfig,
} from "./project-config";
import { createProjectKeySet, hasProjectKey, type ProjectKeys } from "./project-keys";
import { mapConfigSecrets, openConfigSecrets, sealConfigSecrets } from "./project-secrets";

/** The platform's own project: its users are the dashboard's admins, its teams own the other projects. */
export const internalProjectId = "internal";

export interface LoadedProject {
  id: string;
  displayName: string;
  description: string;
  ownerTeamId: string | null;
  isProductionMode: boolean;
  createdAt: Date;
  config: ProjectConfig;
  logoUrl: string | null;
  logoFullUrl: string | null;
  logoDarkModeUrl: string | null;
  logoFullDarkModeUrl: string | null;
  onboardingStatus: string;
}

/**
 * The project as stored, its configuration's secrets still sealed (project-secrets.ts): for work
 * that never reads them (users, teams, ownership). Everything else uses findProject.
 */
export async function findProjectSealed(
  db: Database,
  projectId: string,
): Promise<LoadedProject | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    displayName: row.displayName,
    description: row.description,
    ownerTeamId: row.ownerTeamId,
    isProductionMode: row.isProductionMode,
    createdAt: row.createdAt,
    config: parseProjectConfig(row.config),
    logoUrl: row.logoUrl,
    logoFullUrl: row.logoFullUrl,
    logoDarkModeUrl: row.logoDarkModeUrl,
    logoFullDarkModeUrl: row.logoFullDarkModeUrl,
    onboardingStatus: row.onboardingStatus,
  };
}

/** The project with its configuration's secrets opened, as the API works with it. */
export async function findProject(
  db: Database,
  secrets: SecretBox,
  projectId: string,
): Promise<LoadedProject | null> {
  const project = await findProjectSealed(db, projectId);
  if (!project) return null;
  return { ...project, config: openConfigSecrets(project.config, project.id, secrets) };
}

export function toClientProject(
  project: LoadedProject,
  toClientConfig: (config: ProjectConfig) => ClientProject["config"],
): ClientProject {
  return {
    id: project.id,
    display_name: project.displayName,
    config: toClientConfig(project.config),
  };
}

/** The defaults of a new project (contract §5.2: like the reference's new projects). */
export const newProjectConfigDefaults: ProjectConfigOverride = {
  auth: { allowSignUp: true, password: { allowSignIn: true } },
  domains: { allowLocalhost: true },
  rbac: {
    defaultPermissions: { teamCreator: ["team_admin"], teamMember: ["team_member"], signUp: [] },
  },
};

function sealedConfig(config: ProjectConfig, projectId: string, secrets: SecretBox | undefined) {
  if (secrets) return sealConfigSecrets(config, projectId, secrets);
  mapConfigSecrets(config, () => {
    throw new Error("A project configuration with secrets needs the secret box to be stored");
  });
  return config;
}

export interface EnsureProjectOptions {
  /** Project id; a new UUID when omitted (then every call creates a new project). */
  id?: string;
  displayName: string;
  description?: string;
  ownerTeamId?: string | null;
  /** Applied over the new-project defaults, only when the project is created. */
  config?: ProjectConfigOverride;
  /** Seals the configuration's secrets (project-secrets.ts); needed only when it holds some. */
  secrets?: SecretBox;
  /**
   * Keys to register (e.g. from the site's environment); registering is idempotent. When omitted and
   * the project is new, a publishable and a secret key are generated and returned (once).
   */
  keys?: ProjectKeys;
  /**
   * False: a new project gets no keys when `keys` is omitted. The dashboard's project creation
   * (`POST /internal/projects`) shows no keys, so, as the reference, it makes none: its admin
   * creates key sets at `/internal/api-keys`.
   */
  generateKeys?: boolean;
  now?: Date;
  ids?: IdGenerators;
}

export interface EnsureProjectResult {
  projectId: string;
  created: boolean;
  /** Only present when a key was generated or registered by this call. */
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

/**
 * Creates a project if it does not exist yet (idempotent; concurrent callers with the same id create
 * it once) and registers or generates its keys.
 */
export async function ensureProject(
  db: Database,
  options: EnsureProjectOptions,
): Promise<EnsureProjectResult> {
  const ids = options.ids ?? defaultIdGenerators;
  const projectId = options.id ?? ids.generateId();
  const config = mergeProjectConfig(newProjectConfigDefaults, options.config ?? {});
  const inserted = await db
    .insert(projects)
    .values({
      id: projectId,
      displayName: options.displayName,
      description: options.description ?? "",
      ownerTeamId: options.ownerTeamId ?? null,
      config: sealedConfig(parseProjectConfig(config), projectId, options.secrets),
      ...(options.now ? { createdAt: options.now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: projects.id });
  const created = inserted.length > 0;
  const result: EnsureProjectResult = { projectId, created };

  if (options.keys) {
    const wanted: ProjectKeys = {};
    const { publishableClientKey, secretServerKey, superSecretAdminKey } = options.keys;
    if (
      publishableClientKey &&
      !(await hasProjectKey(db, projectId, "publishable_client_key", publishableClientKey))
    ) {
      wanted.publishableClientKey = publishableClientKey;
    }
    if (
      secretServerKey &&
      !(await hasProjectKey(db, projectId, "secret_server_key", secretServerKey))
    ) {
      wanted.secretServerKey = secretServerKey;
    }
    if (
      superSecretAdminKey &&
      !(await hasProjectKey(db, projectId, "super_secret_admin_key", superSecretAdminKey))
    ) {
      wanted.superSecretAdminKey = superSecretAdminKey;
    }
    if (Object.keys(wanted).length > 0) {
      const { keys } = await createProjectKeySet(db, ids, {
        projectId,
        description: "Registered at start",
        keys: wanted,
      });
      Object.assign(result, keys);
    }
  } else if (created && options.generateKeys !== false) {
    const { keys } = await createProjectKeySet(db, ids, {
      projectId,
      description: "Generated at project creation",
      keys: { publishableClientKey: true, secretServerKey: true },
    });
    Object.assign(result, keys);
  }
  return result;
}
