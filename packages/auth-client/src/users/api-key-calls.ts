/**
 * @module
 * User and team API keys (contract §2.12; spec §3 "API key", §4 valid / expired / revoked): the
 * signed-in user's keys and the keys of their teams on every app, plus, with server access, keys of
 * any user or team and the server-side check of a key a caller presented.
 */
import {
  isKnownErrorInFamily,
  teamApiKeyFirstViewSchema,
  teamApiKeyListSchema,
  teamApiKeySchema,
  userApiKeyFirstViewSchema,
  userApiKeyListSchema,
  userApiKeySchema,
  type TeamApiKey as WireTeamApiKey,
  type TeamApiKeyFirstView as WireTeamApiKeyFirstView,
  type UserApiKey as WireUserApiKey,
  type UserApiKeyFirstView as WireUserApiKeyFirstView,
} from "@heritage/auth-protocol";
import { type AppCore, parseResponse } from "../calls-core";
import type { AuthSession } from "../session";

export type ApiKeyType = "user" | "team";

/** Why a key no longer works, or null while it is valid. */
export type ApiKeyInvalidReason = "manually-revoked" | "expired" | null;

export interface ApiKeyUpdate {
  description?: string;
  /** null: never expires. */
  expiresAt?: Date | null;
  /** Only `true`: a revoked key stays revoked. */
  revoked?: true;
}

interface ApiKeyBase<Value> {
  id: string;
  description: string;
  createdAt: Date;
  /** null: never expires. */
  expiresAt: Date | null;
  manuallyRevokedAt: Date | null;
  isPublic: boolean;
  /** The full key right after creation (shown once); later only its last four characters. */
  value: Value;
  /** Valid = neither revoked nor expired, judged by the app's clock now. */
  isValid(): boolean;
  whyInvalid(): ApiKeyInvalidReason;
  /** `PATCH /{type}-api-keys/{id}`; resolves with the updated key. */
  update(update: ApiKeyUpdate): Promise<ApiKey>;
  revoke(): Promise<ApiKey>;
}

export type UserApiKey = ApiKeyBase<{ lastFour: string }> & { type: "user"; userId: string };
export type TeamApiKey = ApiKeyBase<{ lastFour: string }> & { type: "team"; teamId: string };
export type ApiKey = UserApiKey | TeamApiKey;
export type UserApiKeyFirstView = ApiKeyBase<string> & { type: "user"; userId: string };
export type TeamApiKeyFirstView = ApiKeyBase<string> & { type: "team"; teamId: string };

export interface ApiKeyCreation {
  description: string;
  /** null: never expires. */
  expiresAt: Date | null;
  /** A public key is meant to be seen (e.g. in a browser); secret scanners cannot revoke it. */
  isPublic?: boolean;
}

/** What every app can do with the signed-in user's keys and their teams' keys. */
export interface ApiKeyCalls {
  /** `POST /user-api-keys` for the signed-in user; the result's `value` is the full key (once). */
  createApiKey(options: ApiKeyCreation): Promise<UserApiKeyFirstView>;
  /** `GET /user-api-keys?user_id=me`, newest first. */
  listApiKeys(): Promise<UserApiKey[]>;
  /** `POST /team-api-keys`; with client access the user needs `$manage_api_keys` in the team. */
  createTeamApiKey(teamId: string, options: ApiKeyCreation): Promise<TeamApiKeyFirstView>;
  /** `GET /team-api-keys?team_id=`, newest first. */
  listTeamApiKeys(teamId: string): Promise<TeamApiKey[]>;
}

/** Server and admin access: any user's keys, and the check of a presented key. */
export interface ApiKeyServerCalls {
  /** `POST /user-api-keys` for a user id. */
  createUserApiKey(userId: string, options: ApiKeyCreation): Promise<UserApiKeyFirstView>;
  /** `GET /user-api-keys?user_id=`, newest first. */
  listUserApiKeys(userId: string): Promise<UserApiKey[]>;
  /** `POST /user-api-keys/check`: the key when it is valid, null when unknown, revoked or expired. */
  checkUserApiKey(apiKey: string): Promise<UserApiKey | null>;
  /** `POST /team-api-keys/check`: as `checkUserApiKey` for team keys. */
  checkTeamApiKey(apiKey: string): Promise<TeamApiKey | null>;
}

type WireKey = WireUserApiKey | WireTeamApiKey | WireUserApiKeyFirstView | WireTeamApiKeyFirstView;
type AnyApiKey = ApiKeyBase<string | { lastFour: string }> &
  ({ type: "user"; userId: string } | { type: "team"; teamId: string });

const toDate = (millis: number | undefined) => (millis === undefined ? null : new Date(millis));

function createApiKeyToolkit(core: AppCore): ApiKeyCalls & ApiKeyServerCalls {
  const { send, runtime } = core;

  function toApiKey(wire: WireUserApiKey, session: AuthSession | null): UserApiKey;
  function toApiKey(wire: WireTeamApiKey, session: AuthSession | null): TeamApiKey;
  function toApiKey(
    wire: WireUserApiKeyFirstView,
    session: AuthSession | null,
  ): UserApiKeyFirstView;
  function toApiKey(
    wire: WireTeamApiKeyFirstView,
    session: AuthSession | null,
  ): TeamApiKeyFirstView;
  function toApiKey(wire: WireKey, session: AuthSession | null): AnyApiKey {
    const path = `/${wire.type}-api-keys/${encodeURIComponent(wire.id)}`;
    const whyInvalid = (): ApiKeyInvalidReason => {
      if (wire.manually_revoked_at_millis !== undefined) return "manually-revoked";
      if (wire.expires_at_millis !== undefined && wire.expires_at_millis <= runtime.now()) {
        return "expired";
      }
      return null;
    };
    const update = async (changes: ApiKeyUpdate): Promise<ApiKey> => {
      const body: Record<string, unknown> = {};
      if (changes.description !== undefined) body.description = changes.description;
      if (changes.expiresAt !== undefined) {
        body.expires_at_millis = changes.expiresAt === null ? null : changes.expiresAt.getTime();
      }
      if (changes.revoked) body.revoked = true;
      const response = await send(path, { method: "PATCH", body, session });
      return wire.type === "user"
        ? toApiKey(await parseResponse(response, userApiKeySchema), session)
        : toApiKey(await parseResponse(response, teamApiKeySchema), session);
    };
    const base = {
      id: wire.id,
      description: wire.description,
      createdAt: new Date(wire.created_at_millis),
      expiresAt: toDate(wire.expires_at_millis),
      manuallyRevokedAt: toDate(wire.manually_revoked_at_millis),
      isPublic: wire.is_public,
      value: typeof wire.value === "string" ? wire.value : { lastFour: wire.value.last_four },
      isValid: () => whyInvalid() === null,
      whyInvalid,
      update,
      revoke: () => update({ revoked: true }),
    };
    return wire.type === "user"
      ? { ...base, type: "user", userId: wire.user_id }
      : { ...base, type: "team", teamId: wire.team_id };
  }

  const creationBody = (options: ApiKeyCreation) => ({
    description: options.description,
    expires_at_millis: options.expiresAt === null ? null : options.expiresAt.getTime(),
    ...(options.isPublic === undefined ? {} : { is_public: options.isPublic }),
  });

  const createUserKey = async (
    userId: string,
    options: ApiKeyCreation,
    session: AuthSession | null,
  ): Promise<UserApiKeyFirstView> => {
    const response = await send("/user-api-keys", {
      method: "POST",
      body: { ...creationBody(options), user_id: userId },
      session,
    });
    return toApiKey(await parseResponse(response, userApiKeyFirstViewSchema), session);
  };

  const listUserKeys = async (userId: string, session: AuthSession | null) => {
    const response = await send("/user-api-keys", { query: { user_id: userId }, session });
    const list = await parseResponse(response, userApiKeyListSchema);
    return list.items.map((item) => toApiKey(item, session));
  };

  /** A check answers null for every API_KEY_NOT_VALID error (unknown, wrong type, revoked, expired). */
  const check = async <W>(
    type: ApiKeyType,
    apiKey: string,
    schema: {
      safeParse(data: unknown): { success: true; data: W } | { success: false; error: unknown };
    },
  ): Promise<W | null> => {
    try {
      const response = await send(`/${type}-api-keys/check`, {
        method: "POST",
        body: { api_key: apiKey },
      });
      return await parseResponse(response, schema);
    } catch (error) {
      if (isKnownErrorInFamily(error, "API_KEY_NOT_VALID")) return null;
      throw error;
    }
  };

  return {
    createApiKey: (options) => createUserKey("me", options, core.session),
    listApiKeys: () => listUserKeys("me", core.session),
    async createTeamApiKey(teamId, options) {
      const response = await send("/team-api-keys", {
        method: "POST",
        body: { ...creationBody(options), team_id: teamId },
        session: core.session,
      });
      return toApiKey(await parseResponse(response, teamApiKeyFirstViewSchema), core.session);
    },
    async listTeamApiKeys(teamId) {
      const response = await send("/team-api-keys", {
        query: { team_id: teamId },
        session: core.session,
      });
      const list = await parseResponse(response, teamApiKeyListSchema);
      return list.items.map((item) => toApiKey(item, core.session));
    },
    createUserApiKey: (userId, options) => createUserKey(userId, options, null),
    listUserApiKeys: (userId) => listUserKeys(userId, null),
    async checkUserApiKey(apiKey) {
      const wire = await check("user", apiKey, userApiKeySchema);
      return wire ? toApiKey(wire, null) : null;
    },
    async checkTeamApiKey(apiKey) {
      const wire = await check("team", apiKey, teamApiKeySchema);
      return wire ? toApiKey(wire, null) : null;
    },
  };
}

/** The signed-in user's and their teams' keys (every access level). */
export function createApiKeyCalls(core: AppCore): ApiKeyCalls {
  const { createApiKey, listApiKeys, createTeamApiKey, listTeamApiKeys } =
    createApiKeyToolkit(core);
  return { createApiKey, listApiKeys, createTeamApiKey, listTeamApiKeys };
}

/** Keys of any user and the server-side check (server and admin access only). */
export function createApiKeyServerCalls(core: AppCore): ApiKeyServerCalls {
  const { createUserApiKey, listUserApiKeys, checkUserApiKey, checkTeamApiKey } =
    createApiKeyToolkit(core);
  return { createUserApiKey, listUserApiKeys, checkUserApiKey, checkTeamApiKey };
}
