/**
 * The admin side of projects (contract §3.1, §3.2): the admin project object with its legacy
 * `config`, translating updates into the stored config keys (§3.2 "Mapping to config keys"),
 * production-mode checks, and the projects internal users own through their teams (list, create,
 * transfer, delete).
 * @module
 */
import { randomUUID } from "node:crypto";
import {
  type AdminOAuthProvider,
  type AdminProject,
  type AdminProjectCreate,
  type AdminProjectUpdate,
  knownErrors,
  onboardingStatuses,
} from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { projects, teamMembers } from "../../db/schema";
import { managedSmtpServer } from "../email/project-mail";
import { builtInThemes } from "../email-designs/email-designs";
import { keepProfileImage } from "../images/profile-image-store";
import { recordLevelEntries } from "../project-settings/config-overrides";
import {
  assertProductionModeAllowed,
  type ProjectWriteChecks,
} from "../project-settings/production-mode";
import { assertProjectTargetsAllowed } from "../project-settings/project-targets";
import {
  mergeProjectConfig,
  type ProjectConfig,
  parseProjectConfig,
} from "../projects/project-config";
import { sealConfigSecrets } from "../projects/project-secrets";
import {
  ensureProject,
  findProject,
  findProjectSealed,
  internalProjectId,
  type LoadedProject,
  newProjectConfigDefaults,
} from "../projects/projects";
import type { SecretBox } from "../secrets/secret-box";
import type { IdGenerators } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import {
  listPermissionDefinitions,
  type PermissionScope,
  requireTeamPermission,
} from "../teams/permissions";
import { isTeamMember } from "../teams/teams";

/** The reference's built-in "Default Light" theme; a project's own themes are in `emails.themes`. */
export const defaultEmailThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";

type OnboardingStatus = (typeof onboardingStatuses)[number];

function toOnboardingStatus(value: string): OnboardingStatus {
  return (onboardingStatuses as readonly string[]).includes(value)
    ? (value as OnboardingStatus)
    : "completed";
}

function toAdminProvider(
  configId: string,
  provider: ProjectConfig["auth"]["oauth"]["providers"][string],
): AdminOAuthProvider {
  const wire: AdminOAuthProvider = {
    provider_config_id: configId,
    id: provider.type,
    type: provider.isShared ? "shared" : "standard",
  };
  if (!provider.isShared) {
    if (provider.clientId !== undefined) wire.client_id = provider.clientId;
    if (provider.clientSecret !== undefined) wire.client_secret = provider.clientSecret;
    if (provider.facebookConfigId !== undefined)
      wire.facebook_config_id = provider.facebookConfigId;
    if (provider.microsoftTenantId !== undefined) {
      wire.microsoft_tenant_id = provider.microsoftTenantId;
    }
  }
  if (provider.appleBundles !== undefined) {
    // Stored as an object keyed by random ids, whose key order the database does not keep: sorted,
    // so the list reads the same on every engine and every read.
    wire.apple_bundle_ids = Object.values(provider.appleBundles)
      .map((bundle) => bundle.bundleId)
      .sort();
  }
  return wire;
}

/** A standard `email_config`'s fields, blanks where the config has none. */
function standardEmailConfig(server: {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  senderName?: string;
  senderEmail?: string;
}) {
  return {
    host: server.host ?? "",
    port: server.port ?? 0,
    username: server.username ?? "",
    password: server.password ?? "",
    sender_name: server.senderName ?? "",
    sender_email: server.senderEmail ?? "",
  };
}

export function toAdminProject(project: LoadedProject): AdminProject {
  const { config } = project;
  const providers = Object.entries(config.auth.oauth.providers)
    .map(([id, provider]) => ({ provider, wire: toAdminProvider(id, provider) }))
    .sort((a, b) => a.wire.provider_config_id.localeCompare(b.wire.provider_config_id));
  const server = config.emails.server;
  // As the reference renders them: only defaults whose definition (of that scope) exists, by id.
  const permissionRefs = (ids: string[], scope: PermissionScope) => {
    const defined = new Set(listPermissionDefinitions(config, scope).map((d) => d.id));
    return [...new Set(ids)]
      .filter((id) => defined.has(id))
      .sort()
      .map((id) => ({ id }));
  };
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    logo_url: project.logoUrl,
    logo_full_url: project.logoFullUrl,
    logo_dark_mode_url: project.logoDarkModeUrl,
    logo_full_dark_mode_url: project.logoFullDarkModeUrl,
    created_at_millis: project.createdAt.getTime(),
    is_production_mode: project.isProductionMode,
    // One environment per project here: every project is its own (development-capable) deployment.
    is_development_environment: false,
    owner_team_id: project.ownerTeamId,
    onboarding_status: toOnboardingStatus(project.onboardingStatus),
    config: {
      allow_localhost: config.domains.allowLocalhost,
      sign_up_enabled: config.auth.allowSignUp,
      credential_enabled: config.auth.password.allowSignIn,
      magic_link_enabled: config.auth.otp.allowSignIn,
      passkey_enabled: config.auth.passkey.allowSignIn,
      client_team_creation_enabled: config.teams.allowClientTeamCreation,
      client_user_deletion_enabled: config.users.allowClientUserDeletion,
      allow_user_api_keys: config.apiKeys.enabled.user,
      allow_team_api_keys: config.apiKeys.enabled.team,
      oauth_providers: providers.map((p) => p.wire),
      enabled_oauth_providers: providers.filter((p) => p.provider.allowSignIn).map((p) => p.wire),
      domains: Object.values(config.domains.trustedDomains).map((domain) => ({
        domain: domain.baseUrl,
        handler_path: domain.handlerPath,
      })),
      email_config: server.isShared
        ? { type: "shared" }
        : {
            type: "standard",
            // A managed sending domain's mail goes through Resend's SMTP service, as shown.
            ...standardEmailConfig(
              server.provider === "managed" ? (managedSmtpServer(server) ?? server) : server,
            ),
          },
      email_theme: config.emails.selectedThemeId ?? defaultEmailThemeId,
      create_team_on_sign_up: config.teams.createPersonalTeamOnSignUp,
      team_creator_default_permissions: permissionRefs(
        config.rbac.defaultPermissions.teamCreator,
        "team",
      ),
      team_member_default_permissions: permissionRefs(
        config.rbac.defaultPermissions.teamMember,
        "team",
      ),
      user_default_permissions: permissionRefs(config.rbac.defaultPermissions.signUp, "project"),
      oauth_account_merge_strategy: config.auth.oauth.accountMergeStrategy,
      require_email_verification: config.onboarding.requireEmailVerification,
    },
  };
}

type ConfigUpdate = NonNullable<AdminProjectUpdate["config"]>;

/** Default permissions must name definitions of the right scope (else KE PERMISSION_NOT_FOUND). */
function checkPermissionRefs(
  config: ProjectConfig,
  refs: { id: string }[] | undefined,
  scope: "team" | "project",
): string[] | undefined {
  if (!refs) return undefined;
  for (const { id } of refs) {
    if (config.rbac.permissions[id]?.scope !== scope) {
      throw knownErrors.permissionNotFound({ permission_id: id });
    }
  }
  return [...new Set(refs.map((ref) => ref.id))];
}

/**
 * The config document after a legacy `config` update (contract §3.2 mapping). Lists (providers,
 * domains, default permissions) replace the stored ones; settings a provider keeps beyond the legacy
 * fields (e.g. `allowConnectedAccounts`) survive when the same provider is sent again.
 */
export function applyLegacyConfigUpdate(
  config: ProjectConfig,
  update: ConfigUpdate,
): ProjectConfig {
  const theme = update.email_theme;
  // Any built-in theme (the reference's ids) or one of the project's own.
  if (theme !== undefined && !builtInThemes[theme] && !config.emails.themes[theme]) {
    throw plainErrors.invalidEmailTheme();
  }
  const override: Record<string, unknown> = {
    auth: {
      allowSignUp: update.sign_up_enabled,
      password: { allowSignIn: update.credential_enabled },
      otp: { allowSignIn: update.magic_link_enabled },
      passkey: { allowSignIn: update.passkey_enabled },
      oauth: { accountMergeStrategy: update.oauth_account_merge_strategy },
    },
    domains: { allowLocalhost: update.allow_localhost },
    teams: {
      allowClientTeamCreation: update.client_team_creation_enabled,
      createPersonalTeamOnSignUp: update.create_team_on_sign_up,
    },
    users: { allowClientUserDeletion: update.client_user_deletion_enabled },
    apiKeys: {
      enabled: { user: update.allow_user_api_keys, team: update.allow_team_api_keys },
    },
    onboarding: { requireEmailVerification: update.require_email_verification },
    emails: { selectedThemeId: update.email_theme },
    rbac: {
      defaultPermissions: {
        teamCreator: checkPermissionRefs(config, update.team_creator_default_permissions, "team"),
        teamMember: checkPermissionRefs(config, update.team_member_default_permissions, "team"),
        signUp: checkPermissionRefs(config, update.user_default_permissions, "project"),
      },
    },
  };
  const merged = parseProjectConfig(mergeProjectConfig(config, override));

  if (update.oauth_providers) {
    const providers: ProjectConfig["auth"]["oauth"]["providers"] = {};
    const seenTypes = new Set<string>();
    for (const provider of update.oauth_providers) {
      if (seenTypes.has(provider.id)) {
        throw plainErrors.oauthProviderListedTwice(provider.id);
      }
      seenTypes.add(provider.id);
      // The legacy list names providers by type; a provider stored under another config id (e.g.
      // an OIDC provider) keeps that id and its extra settings.
      const stored = config.auth.oauth.providers;
      const configId =
        stored[provider.id]?.type === provider.id
          ? provider.id
          : (Object.keys(stored).find((id) => stored[id]?.type === provider.id) ?? provider.id);
      const previous = stored[configId];
      const isShared = provider.type === "shared";
      providers[configId] = {
        type: provider.id,
        allowSignIn: previous?.allowSignIn ?? true,
        allowConnectedAccounts: previous?.allowConnectedAccounts ?? true,
        isShared,
        ...(previous?.issuerUrl ? { issuerUrl: previous.issuerUrl } : {}),
        // As the reference: each bundle id under a new id of its own.
        ...(provider.apple_bundle_ids
          ? {
              appleBundles: Object.fromEntries(
                provider.apple_bundle_ids.map((bundleId) => [randomUUID(), { bundleId }]),
              ),
            }
          : {}),
        ...(isShared
          ? {}
          : {
              clientId: provider.client_id,
              clientSecret: provider.client_secret,
              facebookConfigId: provider.facebook_config_id,
              microsoftTenantId: provider.microsoft_tenant_id,
            }),
      };
    }
    merged.auth.oauth.providers = providers;
  }
  if (update.domains) {
    const seen = new Set<string>();
    const trustedDomains: ProjectConfig["domains"]["trustedDomains"] = {};
    update.domains.forEach((domain, index) => {
      if (seen.has(domain.domain)) {
        throw plainErrors.duplicateDomain(domain.domain);
      }
      seen.add(domain.domain);
      trustedDomains[`domain-${index}`] = {
        baseUrl: domain.domain,
        handlerPath: domain.handler_path,
      };
    });
    merged.domains.trustedDomains = trustedDomains;
  }
  if (update.email_config) {
    const email = update.email_config;
    merged.emails.server =
      email.type === "shared"
        ? { isShared: true }
        : {
            isShared: false,
            host: email.host,
            port: email.port,
            username: email.username,
            password: email.password,
            senderName: email.sender_name,
            senderEmail: email.sender_email,
          };
  }
  return merged;
}

const logoFields = [
  "logo_url",
  "logo_full_url",
  "logo_dark_mode_url",
  "logo_full_dark_mode_url",
] as const;

/** The update with each logo sent as a data URL kept as a file (profile-image-store.ts). */
async function withStoredLogos<T extends AdminProjectUpdate>(
  update: T,
  checks: ProjectWriteChecks,
): Promise<T> {
  const stored = { ...update };
  for (const field of logoFields) {
    stored[field] = await keepProfileImage(checks.profileImages, "project-logos", update[field]);
  }
  return stored;
}

function rowUpdateFields(update: AdminProjectUpdate) {
  const fields: Partial<typeof projects.$inferInsert> = {};
  if (update.display_name !== undefined) fields.displayName = update.display_name;
  if (update.description !== undefined) fields.description = update.description ?? "";
  if (update.is_production_mode !== undefined) fields.isProductionMode = update.is_production_mode;
  if (update.onboarding_status !== undefined) fields.onboardingStatus = update.onboarding_status;
  if (update.logo_url !== undefined) fields.logoUrl = update.logo_url;
  if (update.logo_full_url !== undefined) fields.logoFullUrl = update.logo_full_url;
  if (update.logo_dark_mode_url !== undefined) fields.logoDarkModeUrl = update.logo_dark_mode_url;
  if (update.logo_full_dark_mode_url !== undefined) {
    fields.logoFullDarkModeUrl = update.logo_full_dark_mode_url;
  }
  return fields;
}

async function requireLoadedProject(
  db: Database,
  secrets: SecretBox,
  projectId: string,
): Promise<LoadedProject> {
  const project = await findProject(db, secrets, projectId);
  if (!project) throw knownErrors.projectNotFound({ project_id: projectId });
  return project;
}

/** `PATCH /internal/projects/current`: validates everything before writing anything. */
/** Where each legacy config field lives in the config (contract §3.2 "Mapping to config keys"). */
const legacyConfigPaths: Record<keyof ConfigUpdate, string> = {
  allow_localhost: "domains.allowLocalhost",
  sign_up_enabled: "auth.allowSignUp",
  credential_enabled: "auth.password.allowSignIn",
  magic_link_enabled: "auth.otp.allowSignIn",
  passkey_enabled: "auth.passkey.allowSignIn",
  client_team_creation_enabled: "teams.allowClientTeamCreation",
  client_user_deletion_enabled: "users.allowClientUserDeletion",
  allow_user_api_keys: "apiKeys.enabled.user",
  allow_team_api_keys: "apiKeys.enabled.team",
  oauth_providers: "auth.oauth.providers",
  domains: "domains.trustedDomains",
  email_config: "emails.server",
  email_theme: "emails.selectedThemeId",
  create_team_on_sign_up: "teams.createPersonalTeamOnSignUp",
  team_creator_default_permissions: "rbac.defaultPermissions.teamCreator",
  team_member_default_permissions: "rbac.defaultPermissions.teamMember",
  user_default_permissions: "rbac.defaultPermissions.signUp",
  oauth_account_merge_strategy: "auth.oauth.accountMergeStrategy",
  require_email_verification: "onboarding.requireEmailVerification",
};

/** The config keys a legacy update set, with their new values, as environment-level entries. */
function legacyEntries(update: ConfigUpdate, config: ProjectConfig): [string[], unknown][] {
  const entries: [string[], unknown][] = [];
  for (const [field, path] of Object.entries(legacyConfigPaths)) {
    if (update[field as keyof ConfigUpdate] === undefined) continue;
    const segments = path.split(".");
    let value: unknown = config;
    for (const segment of segments) value = (value as Record<string, unknown>)[segment];
    entries.push([segments, value ?? null]);
  }
  return entries;
}

export async function updateAdminProject(
  db: Database,
  project: LoadedProject,
  update: AdminProjectUpdate,
  now: Date,
  checks: ProjectWriteChecks,
): Promise<AdminProject> {
  const config = update.config ? applyLegacyConfigUpdate(project.config, update.config) : undefined;
  assertProductionModeAllowed(
    checks,
    project.id,
    update.is_production_mode ?? project.isProductionMode,
    config ?? project.config,
  );
  if (config) await assertProjectTargetsAllowed(project.config, config, checks.outgoing);
  const fields = rowUpdateFields(await withStoredLogos(update, checks));
  if (config) fields.config = sealConfigSecrets(config, project.id, checks.secrets);
  if (Object.keys(fields).length > 0) {
    await db.transaction(async (tx) => {
      await tx.update(projects).set(fields).where(eq(projects.id, project.id));
      if (config && update.config) {
        await recordLevelEntries(
          tx,
          checks.secrets,
          project.id,
          "environment",
          legacyEntries(update.config, config),
          now,
        );
      }
    });
  }
  return toAdminProject(await requireLoadedProject(db, checks.secrets, project.id));
}

/** `DELETE /internal/projects/current`; the platform's own project cannot be deleted. */
export async function deleteAdminProject(db: Database, projectId: string): Promise<void> {
  if (projectId === internalProjectId) {
    throw plainErrors.internalProjectNotDeletable();
  }
  await db.delete(projects).where(eq(projects.id, projectId));
}

/** Projects owned by a team (of the internal project) the user belongs to, oldest first. */
export async function listOwnedProjects(
  db: Database,
  secrets: SecretBox,
  userId: string,
): Promise<AdminProject[]> {
  const memberships = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, internalProjectId), eq(teamMembers.userId, userId)));
  if (memberships.length === 0) return [];
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      inArray(
        projects.ownerTeamId,
        memberships.map((m) => m.teamId),
      ),
    )
    .orderBy(asc(projects.createdAt), asc(projects.id));
  const loaded = await Promise.all(rows.map((row) => requireLoadedProject(db, secrets, row.id)));
  return loaded.map(toAdminProject);
}

async function requireInternalTeamMember(db: Database, teamId: string, userId: string) {
  if (!(await isTeamMember(db, internalProjectId, teamId, userId))) {
    throw knownErrors.teamMembershipNotFound({ team_id: teamId, user_id: userId });
  }
}

/** `POST /internal/projects`: a new project owned by a team of the user, without keys. */
export async function createOwnedProject(
  db: Database,
  ids: IdGenerators,
  userId: string,
  input: AdminProjectCreate,
  now: Date,
  checks: ProjectWriteChecks,
): Promise<AdminProject> {
  await requireInternalTeamMember(db, input.owner_team_id, userId);
  const projectId = ids.generateId();
  const base = parseProjectConfig(newProjectConfigDefaults);
  const config = input.config ? applyLegacyConfigUpdate(base, input.config) : base;
  assertProductionModeAllowed(checks, projectId, input.is_production_mode ?? false, config);
  await assertProjectTargetsAllowed(null, config, checks.outgoing);
  const stored = await withStoredLogos(input, checks);
  await ensureProject(db, {
    id: projectId,
    displayName: input.display_name,
    description: input.description ?? "",
    ownerTeamId: input.owner_team_id,
    config,
    secrets: checks.secrets,
    generateKeys: false,
    now,
    ids,
  });
  // Name, description, owner and config went in with the row; the rest is set like an update.
  const { display_name, description, owner_team_id, config: _config, ...rest } = stored;
  const fields = rowUpdateFields(rest);
  if (Object.keys(fields).length > 0) {
    await db.update(projects).set(fields).where(eq(projects.id, projectId));
  }
  return toAdminProject(await requireLoadedProject(db, checks.secrets, projectId));
}

/**
 * `POST /internal/projects/transfer`, checked in the reference's order: the project must exist and
 * have an owner team; the user must hold `team_admin` (directly or through a containing permission)
 * in that team (TEAM_MEMBERSHIP_NOT_FOUND for a non-member, else TEAM_PERMISSION_REQUIRED) and be a
 * member (no more) of the new team.
 */
export async function transferProject(
  db: Database,
  userId: string,
  projectId: string,
  newTeamId: string,
): Promise<void> {
  const project = await findProjectSealed(db, projectId);
  if (!project) throw knownErrors.projectNotFound({ project_id: projectId });
  // Its owner team holds the platform's own administrators; it never moves (nor is deleted).
  if (projectId === internalProjectId) {
    throw plainErrors.internalProjectNotTransferable();
  }
  if (project.ownerTeamId === null) {
    throw plainErrors.transferWithoutOwnerTeam();
  }
  const internal = await findProjectSealed(db, internalProjectId);
  if (!internal) throw knownErrors.projectNotFound({ project_id: internalProjectId });
  await requireTeamPermission(db, internal, {
    teamId: project.ownerTeamId,
    userId,
    permissionId: "team_admin",
  });
  await requireInternalTeamMember(db, newTeamId, userId);
  await db.update(projects).set({ ownerTeamId: newTeamId }).where(eq(projects.id, projectId));
}
