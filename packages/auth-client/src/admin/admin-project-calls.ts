/**
 * @module
 * Project administration (contract §3.1 to §3.3; spec §3 "Project", "Internal API key"): the admin
 * reads, updates and deletes its project and manages the project's own API keys; an internal-project
 * user lists, creates and transfers the projects their teams own.
 */
import {
  type AdminProject,
  type AdminProjectCreate,
  type AdminProjectUpdate,
  adminProjectSchema,
  internalApiKeyFirstViewSchema,
  internalApiKeySchema,
  isKnownError,
  listEnvelopeSchema,
  type InternalApiKey as WireInternalApiKey,
  type InternalApiKeyFirstView as WireInternalApiKeyFirstView,
} from "@heritage/auth-protocol";
import { type AppOptions, createAppCore } from "../app-core";
import { type AppCore, parseResponse, type ResponseSchema } from "../calls-core";
import { AuthProtocolError } from "../errors";
import type { AuthSession } from "../session";

export type { AdminProject, AdminProjectCreate, AdminProjectUpdate };

export type InternalApiKeyInvalidReason = "manually-revoked" | "expired" | null;

interface InternalApiKeyBase<Key> {
  id: string;
  description: string;
  createdAt: Date;
  /** null: never expires (keys registered from the environment). */
  expiresAt: Date | null;
  manuallyRevokedAt: Date | null;
  /** The full keys right after creation (shown once); later only their last four characters. */
  publishableClientKey: Key | null;
  secretServerKey: Key | null;
  superSecretAdminKey: Key | null;
  isValid(): boolean;
  whyInvalid(): InternalApiKeyInvalidReason;
  /** `PATCH /internal/api-keys/{id}` with `revoked: true`: every key of the set stops working. */
  revoke(): Promise<InternalApiKey>;
}
export type InternalApiKey = InternalApiKeyBase<{ lastFour: string }>;
export type InternalApiKeyFirstView = InternalApiKeyBase<string>;

export interface InternalApiKeyCreation {
  description: string;
  expiresAt: Date;
  hasPublishableClientKey?: boolean;
  hasSecretServerKey?: boolean;
  hasSuperSecretAdminKey?: boolean;
}

export type ConfigLevel = "project" | "branch" | "environment";

/** Server access (branch level only) and admin access: dot-notation config overrides. */
export interface ConfigOverrideCalls {
  /**
   * `PATCH /internal/config/override/{level}`: each key is a config path (`"auth.otp.allowSignIn"`),
   * its value replaces what is there and `null` removes it. Server apps may only use `branch`.
   */
  updateConfigOverride(level: ConfigLevel, override: Record<string, unknown>): Promise<void>;
  /** `GET /internal/config/override/{level}`: what that level has set (dot-notation keys). */
  getConfigOverride(level: ConfigLevel): Promise<Record<string, unknown>>;
  /**
   * `PUT /internal/config/override/{level}`: the level's override becomes exactly this one; the
   * branch level needs the source of the pushed config.
   */
  replaceConfigOverride(
    level: ConfigLevel,
    override: Record<string, unknown>,
    source?: PushedConfigSource,
  ): Promise<void>;
  /** `POST /internal/config/override/{level}/reset-keys`: these keys fall back to the levels below. */
  resetConfigOverrideKeys(level: "branch" | "environment", keys: string[]): Promise<void>;
}

export type PushedConfigSource =
  | {
      type: "pushed-from-github";
      owner: string;
      repo: string;
      branch: string;
      commit_hash: string;
      config_file_path: string;
      workflow_path?: string;
    }
  | { type: "pushed-from-unknown" }
  | { type: "unlinked" };

const githubSourceFields = ["owner", "repo", "branch", "commit_hash", "config_file_path"] as const;

function isPushedConfigSource(value: unknown): value is PushedConfigSource {
  if (typeof value !== "object" || value === null) return false;
  const source = value as Record<string, unknown>;
  if (source.type === "unlinked" || source.type === "pushed-from-unknown") return true;
  return (
    source.type === "pushed-from-github" &&
    githubSourceFields.every((field) => typeof source[field] === "string") &&
    (source.workflow_path === undefined || typeof source.workflow_path === "string")
  );
}

/** `GET /internal/config/source` answers `{source}`. */
const configSourceResponseSchema: ResponseSchema<{ source: PushedConfigSource }> = {
  safeParse(data) {
    const source = (data as { source?: unknown } | null)?.source;
    return isPushedConfigSource(source)
      ? { success: true, data: { source } }
      : { success: false, error: new Error("The answer has no valid `source`.") };
  },
};

export function createConfigOverrideCalls(core: AppCore): ConfigOverrideCalls {
  return {
    async updateConfigOverride(level, override) {
      await core.send(`/internal/config/override/${level}`, {
        method: "PATCH",
        body: { config_override_string: JSON.stringify(override) },
      });
    },
    async getConfigOverride(level) {
      const response = await core.send(`/internal/config/override/${level}`);
      return readConfigString(response);
    },
    async replaceConfigOverride(level, override, source) {
      await core.send(`/internal/config/override/${level}`, {
        method: "PUT",
        body: { config_string: JSON.stringify(override), ...(source ? { source } : {}) },
      });
    },
    async resetConfigOverrideKeys(level, keys) {
      await core.send(`/internal/config/override/${level}/reset-keys`, {
        method: "POST",
        body: { keys },
      });
    },
  };
}

/** `{config_string}` responses carry a JSON object as text. */
async function readConfigString(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as { config_string?: unknown };
  if (typeof body.config_string !== "string") {
    throw new AuthProtocolError(`Unexpected response from ${response.url || "the auth server"}`);
  }
  return JSON.parse(body.config_string) as Record<string, unknown>;
}

/** Admin access: the current project, its rendered config and its keys. */
export interface AdminProjectCalls extends ConfigOverrideCalls {
  /** `GET /internal/config`: the whole rendered config (parsed from `config_string`). */
  getRenderedConfig(): Promise<Record<string, unknown>>;
  /** `GET /internal/projects/current`. */
  readAdminProject(): Promise<AdminProject>;
  /** `PATCH /internal/projects/current`: any subset of fields and of the legacy config object. */
  updateAdminProject(update: AdminProjectUpdate): Promise<AdminProject>;
  /** `DELETE /internal/projects/current`: the project and everything in it. */
  deleteAdminProject(): Promise<void>;
  /** `POST /internal/api-keys`; the result holds the full keys, shown this once. */
  createInternalApiKey(options: InternalApiKeyCreation): Promise<InternalApiKeyFirstView>;
  /** `GET /internal/api-keys`, newest first. */
  listInternalApiKeys(): Promise<InternalApiKey[]>;
  /** `GET /internal/api-keys/{id}`; null when the project has no such key set. */
  getInternalApiKey(id: string): Promise<InternalApiKey | null>;
  /** `PATCH /internal/api-keys/{id}` with a new `description` (the keys stay as they are). */
  updateInternalApiKey(id: string, update: { description: string }): Promise<InternalApiKey>;
  /** `PATCH /internal/api-keys/{id}` with `revoked: true`. */
  revokeInternalApiKey(id: string): Promise<InternalApiKey>;
  /**
   * `GET /internal/config/source`: where the pushed branch config came from (`{type: "unlinked"}`
   * until a branch-level `replaceConfigOverride` gives a source).
   */
  getPushedConfigSource(): Promise<PushedConfigSource>;
  /** `DELETE /internal/config/source`: the source becomes `unlinked`; the pushed config stays. */
  unlinkPushedConfigSource(): Promise<void>;
}

const toDate = (millis: number | undefined) => (millis === undefined ? null : new Date(millis));
const internalApiKeyListSchema = listEnvelopeSchema(internalApiKeySchema);

export function createAdminProjectCalls(core: AppCore): AdminProjectCalls {
  const { send, runtime } = core;

  const revoke = async (id: string): Promise<InternalApiKey> => {
    const response = await send(`/internal/api-keys/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: { revoked: true },
    });
    return toKey(await parseResponse(response, internalApiKeySchema));
  };

  function base(wire: WireInternalApiKey | WireInternalApiKeyFirstView) {
    const whyInvalid = (): InternalApiKeyInvalidReason => {
      if (wire.manually_revoked_at_millis !== undefined) return "manually-revoked";
      if (wire.expires_at_millis !== undefined && wire.expires_at_millis <= runtime.now()) {
        return "expired";
      }
      return null;
    };
    return {
      id: wire.id,
      description: wire.description,
      createdAt: new Date(wire.created_at_millis),
      expiresAt: toDate(wire.expires_at_millis),
      manuallyRevokedAt: toDate(wire.manually_revoked_at_millis),
      isValid: () => whyInvalid() === null,
      whyInvalid,
      revoke: () => revoke(wire.id),
    };
  }

  function toKey(wire: WireInternalApiKey): InternalApiKey {
    const hidden = (key: { last_four: string } | undefined) =>
      key ? { lastFour: key.last_four } : null;
    return {
      ...base(wire),
      publishableClientKey: hidden(wire.publishable_client_key),
      secretServerKey: hidden(wire.secret_server_key),
      superSecretAdminKey: hidden(wire.super_secret_admin_key),
    };
  }

  return {
    ...createConfigOverrideCalls(core),
    async getRenderedConfig() {
      return readConfigString(await send("/internal/config"));
    },
    async readAdminProject() {
      return parseResponse(await send("/internal/projects/current"), adminProjectSchema);
    },
    async updateAdminProject(update) {
      const response = await send("/internal/projects/current", { method: "PATCH", body: update });
      return parseResponse(response, adminProjectSchema);
    },
    async deleteAdminProject() {
      await send("/internal/projects/current", { method: "DELETE" });
    },
    async createInternalApiKey(options) {
      const response = await send("/internal/api-keys", {
        method: "POST",
        body: {
          description: options.description,
          expires_at_millis: options.expiresAt.getTime(),
          has_publishable_client_key: options.hasPublishableClientKey ?? false,
          has_secret_server_key: options.hasSecretServerKey ?? false,
          has_super_secret_admin_key: options.hasSuperSecretAdminKey ?? false,
        },
      });
      const wire = await parseResponse(response, internalApiKeyFirstViewSchema);
      return {
        ...base(wire),
        publishableClientKey: wire.publishable_client_key ?? null,
        secretServerKey: wire.secret_server_key ?? null,
        superSecretAdminKey: wire.super_secret_admin_key ?? null,
      };
    },
    async listInternalApiKeys() {
      const list = await parseResponse(await send("/internal/api-keys"), internalApiKeyListSchema);
      return list.items.map(toKey);
    },
    async getInternalApiKey(id) {
      try {
        const response = await send(`/internal/api-keys/${encodeURIComponent(id)}`);
        return toKey(await parseResponse(response, internalApiKeySchema));
      } catch (error) {
        if (isKnownError(error, "API_KEY_NOT_FOUND")) return null;
        throw error;
      }
    },
    async updateInternalApiKey(id, update) {
      const response = await send(`/internal/api-keys/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: { description: update.description },
      });
      return toKey(await parseResponse(response, internalApiKeySchema));
    },
    revokeInternalApiKey: revoke,
    async getPushedConfigSource() {
      const response = await send("/internal/config/source");
      return (await parseResponse(response, configSourceResponseSchema)).source;
    },
    async unlinkPushedConfigSource() {
      await send("/internal/config/source", { method: "DELETE" });
    },
  };
}

/** What an internal-project user does with the projects their teams own. */
export interface ProjectOwnerCalls {
  /** `GET /internal/projects`. */
  listOwnedProjects(): Promise<AdminProject[]>;
  /** `POST /internal/projects`; `owner_team_id` must be a team the user belongs to. */
  createProject(input: AdminProjectCreate): Promise<AdminProject>;
  /** `POST /internal/projects/transfer` to another team of the user. */
  transferProject(projectId: string, newTeamId: string): Promise<void>;
}

const adminProjectListSchema = listEnvelopeSchema(adminProjectSchema);

/**
 * Calls on the `internal` project with the signed-in dashboard user's session (e.g. the session of
 * `createClientApp({ projectId: "internal" })`); `options.projectId` is ignored.
 */
export function createProjectOwnerCalls(
  options: Omit<AppOptions, "projectId">,
  ownerSession: AuthSession,
): ProjectOwnerCalls {
  const core = createAppCore(
    { ...options, projectId: "internal", tokenStore: "memory" },
    { accessType: "client", defaultTokenStore: "memory" },
  );
  const session = ownerSession;
  return {
    async listOwnedProjects() {
      const response = await core.send("/internal/projects", { session });
      return (await parseResponse(response, adminProjectListSchema)).items;
    },
    async createProject(input) {
      const response = await core.send("/internal/projects", {
        method: "POST",
        body: input,
        session,
      });
      return parseResponse(response, adminProjectSchema);
    },
    async transferProject(projectId, newTeamId) {
      await core.send("/internal/projects/transfer", {
        method: "POST",
        body: { project_id: projectId, new_team_id: newTeamId },
        session,
      });
    },
  };
}
