/**
 * @module
 * A user's OAuth providers (`/oauth-providers`, contract §3.9): the provider accounts linked to the
 * user, each with whether it signs the user in and whether the app may use its tokens (connected
 * accounts). The signed-in user manages their own (`me`); server access manages any user's and
 * links accounts without an OAuth flow. A provider account that already signs in another user
 * (`OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN`) and other known errors are `AuthResult`s;
 * plain-text refusals (e.g. a second sign-in account of one provider) reject with `AuthHttpError`.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { z } from "zod";
import { type AppCore, type AuthResult, parseResponse } from "../calls-core";
import { AuthHttpError } from "../errors";

const wireProviderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.string(),
  provider_config_id: z.string(),
  email: z.string().optional(),
  allow_sign_in: z.boolean(),
  allow_connected_accounts: z.boolean(),
  account_id: z.string().optional(),
});
type WireProvider = z.infer<typeof wireProviderSchema>;
const wireListSchema = z.object({ items: z.array(wireProviderSchema) });
const serverWireProviderSchema = wireProviderSchema.extend({ account_id: z.string() });
const serverWireListSchema = z.object({ items: z.array(serverWireProviderSchema) });

/** A linked provider account as the user sees it. */
export interface OAuthProvider {
  id: string;
  userId: string;
  /** The provider type, e.g. `github`. */
  type: string;
  /** The key of the provider in the project's config. */
  providerConfigId: string;
  /** The account's e-mail at the provider, when known. */
  email: string | null;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

/** As server access sees it: with the provider's account id. */
export interface ServerOAuthProvider extends OAuthProvider {
  accountId: string;
}

export interface OAuthProviderUpdate {
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
}

export interface ServerOAuthProviderUpdate extends OAuthProviderUpdate {
  email?: string;
  accountId?: string;
}

export interface OAuthProviderCreate {
  /** A user id, or `me` for the session's user. */
  userId: string;
  providerConfigId: string;
  accountId: string;
  email?: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

/** The signed-in user's own providers (every access level). */
export interface OAuthProviderCalls {
  /** `GET /oauth-providers?user_id=me`, oldest first. */
  listOAuthProviders(): Promise<OAuthProvider[]>;
  /** `GET /oauth-providers/me/{id}`; null when the user has no such provider. */
  getOAuthProvider(id: string): Promise<OAuthProvider | null>;
  /** `PATCH /oauth-providers/me/{id}`. */
  updateOAuthProvider(id: string, update: OAuthProviderUpdate): Promise<AuthResult<OAuthProvider>>;
  /** `DELETE /oauth-providers/me/{id}`; the account's stored provider tokens go with it. */
  deleteOAuthProvider(id: string): Promise<void>;
}

/** Any user's providers (server and admin access). */
export interface OAuthProviderManagement {
  /** `GET /oauth-providers?user_id=`; without a user, every provider of the project. */
  listUserOAuthProviders(userId?: string): Promise<ServerOAuthProvider[]>;
  /** `GET /oauth-providers/{user_id}/{id}`; null when that user has no such provider. */
  getUserOAuthProvider(userId: string, id: string): Promise<ServerOAuthProvider | null>;
  /** `POST /oauth-providers`: links a provider account to a user without an OAuth flow. */
  createOAuthProvider(input: OAuthProviderCreate): Promise<AuthResult<ServerOAuthProvider>>;
  /** `PATCH /oauth-providers/{user_id}/{id}`. */
  updateUserOAuthProvider(
    userId: string,
    id: string,
    update: ServerOAuthProviderUpdate,
  ): Promise<AuthResult<ServerOAuthProvider>>;
  /** `DELETE /oauth-providers/{user_id}/{id}`. */
  deleteUserOAuthProvider(userId: string, id: string): Promise<void>;
}

function toProvider(wire: WireProvider): OAuthProvider {
  return {
    id: wire.id,
    userId: wire.user_id,
    type: wire.type,
    providerConfigId: wire.provider_config_id,
    email: wire.email ?? null,
    allowSignIn: wire.allow_sign_in,
    allowConnectedAccounts: wire.allow_connected_accounts,
  };
}

function toServerProvider(wire: z.infer<typeof serverWireProviderSchema>): ServerOAuthProvider {
  return { ...toProvider(wire), accountId: wire.account_id };
}

function providerPath(userId: string, id: string): string {
  return `/oauth-providers/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`;
}

/** The server's text 404 for a provider the user does not have becomes null. */
async function nullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AuthHttpError && error.status === 404) return null;
    throw error;
  }
}

/** Known errors become results; anything else rejects. */
async function asResult<T>(run: () => Promise<T>): Promise<AuthResult<T>> {
  try {
    return { status: "ok", data: await run() };
  } catch (error) {
    if (isKnownError(error)) return { status: "error", error };
    throw error;
  }
}

function updateBody(update: ServerOAuthProviderUpdate): Record<string, unknown> {
  return {
    ...(update.allowSignIn === undefined ? {} : { allow_sign_in: update.allowSignIn }),
    ...(update.allowConnectedAccounts === undefined
      ? {}
      : { allow_connected_accounts: update.allowConnectedAccounts }),
    ...(update.email === undefined ? {} : { email: update.email }),
    ...(update.accountId === undefined ? {} : { account_id: update.accountId }),
  };
}

export function createOAuthProviderCalls(core: AppCore): OAuthProviderCalls {
  const { send, session } = core;
  return {
    async listOAuthProviders() {
      const response = await send("/oauth-providers", { query: { user_id: "me" }, session });
      return (await parseResponse(response, wireListSchema)).items.map(toProvider);
    },
    getOAuthProvider: (id) =>
      nullWhenMissing(async () => {
        const response = await send(providerPath("me", id), { session });
        return toProvider(await parseResponse(response, wireProviderSchema));
      }),
    updateOAuthProvider: (id, update) =>
      asResult(async () => {
        const response = await send(providerPath("me", id), {
          method: "PATCH",
          // Only the two fields a user may change, even if a caller passes more.
          body: updateBody({
            allowSignIn: update.allowSignIn,
            allowConnectedAccounts: update.allowConnectedAccounts,
          }),
          session,
        });
        return toProvider(await parseResponse(response, wireProviderSchema));
      }),
    async deleteOAuthProvider(id) {
      await send(providerPath("me", id), { method: "DELETE", body: {}, session });
    },
  };
}

export function createOAuthProviderManagement(core: AppCore): OAuthProviderManagement {
  const { send } = core;
  // The session's tokens go along only where `me` has to be resolved (as user management does).
  const sessionFor = (userId: string | undefined) => (userId === "me" ? core.session : null);
  return {
    async listUserOAuthProviders(userId) {
      const response = await send("/oauth-providers", {
        query: { user_id: userId },
        session: sessionFor(userId),
      });
      return (await parseResponse(response, serverWireListSchema)).items.map(toServerProvider);
    },
    getUserOAuthProvider: (userId, id) =>
      nullWhenMissing(async () => {
        const response = await send(providerPath(userId, id), { session: sessionFor(userId) });
        return toServerProvider(await parseResponse(response, serverWireProviderSchema));
      }),
    createOAuthProvider: (input) =>
      asResult(async () => {
        const response = await send("/oauth-providers", {
          method: "POST",
          body: {
            user_id: input.userId,
            provider_config_id: input.providerConfigId,
            account_id: input.accountId,
            ...(input.email === undefined ? {} : { email: input.email }),
            allow_sign_in: input.allowSignIn,
            allow_connected_accounts: input.allowConnectedAccounts,
          },
          session: sessionFor(input.userId),
        });
        return toServerProvider(await parseResponse(response, serverWireProviderSchema));
      }),
    updateUserOAuthProvider: (userId, id, update) =>
      asResult(async () => {
        const response = await send(providerPath(userId, id), {
          method: "PATCH",
          body: updateBody(update),
          session: sessionFor(userId),
        });
        return toServerProvider(await parseResponse(response, serverWireProviderSchema));
      }),
    async deleteUserOAuthProvider(userId, id) {
      await send(providerPath(userId, id), {
        method: "DELETE",
        body: {},
        session: sessionFor(userId),
      });
    },
  };
}
