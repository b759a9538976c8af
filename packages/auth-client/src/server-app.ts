/**
 * @module
 * The server access level (secret server key): everything a client can do, with the server view of
 * users, plus user management (`/users` create, list, get, update, delete). Never ship it to browsers.
 */
import {
  isKnownError,
  listEnvelopeSchema,
  type ServerUser,
  serverUserSchema,
} from "@heritage/auth-protocol";
import { type ConfigOverrideCalls, createConfigOverrideCalls } from "./admin/admin-project-calls";
import {
  createEmailSendCalls,
  createNotificationPreferenceCalls,
  type EmailSendCalls,
  type NotificationPreferenceCalls,
} from "./admin/email-calls";
import {
  attachCustomerCalls,
  type CustomerCalls,
  createServerPaymentCalls,
  type ServerItem,
  type ServerPaymentCalls,
} from "./admin/payment-calls";
import {
  type AppOptions,
  createAppCore,
  createUserFacingApp,
  type UserFacingApp,
} from "./app-core";
import { type AppCore, parseResponse } from "./calls-core";
import { createDataVaultCalls, type DataVaultCalls } from "./data-vault/data-vault-calls";
import { createServerSessionCalls, type ServerSessionCalls } from "./sign-in/session-calls";
import { createServerTeamAccess, type ServerTeamAccess } from "./teams/team-access";
import { type ApiKeyServerCalls, createApiKeyServerCalls } from "./users/api-key-calls";
import {
  createOAuthProviderCalls,
  createOAuthProviderManagement,
  type OAuthProviderCalls,
  type OAuthProviderManagement,
} from "./users/oauth-provider-calls";
import {
  type AuthServerUser,
  type ServerUserCreate,
  type ServerUserUpdate,
  toAuthServerUser,
  toUserWireBody,
} from "./users/users";

export interface ServerAppOptions extends AppOptions {
  secretServerKey: string;
}

export interface ListUsersOptions {
  /** `nextCursor` of the previous page. */
  cursor?: string;
  limit?: number;
  /** Default `signedUpAt`. */
  orderBy?: "signedUpAt" | "lastActiveAt";
  desc?: boolean;
  /** Free text: a user id, or part of a display name or e-mail. */
  query?: string;
  includeRestricted?: boolean;
  includeAnonymous?: boolean;
  /** Requires `includeAnonymous`. */
  onlyAnonymous?: boolean;
  /** Only members of this team. */
  teamId?: string;
}

/** A user as server access sees it; also a payment customer (`getItem`, `createCheckoutUrl`). */
export type ServerCustomerUser = AuthServerUser & CustomerCalls<ServerItem>;

export interface UserPage {
  items: ServerCustomerUser[];
  /** Pass as `cursor` for the next page; null on the last page (or without `limit`). */
  nextCursor: string | null;
}

/** User management over `/users` (server and admin access). */
/** User management, including sessions created for a user (impersonation). */
export interface UserManagement extends ServerSessionCalls, OAuthProviderManagement {
  /** `POST /users`. */
  createUser(input?: ServerUserCreate): Promise<ServerCustomerUser>;
  /** `GET /users` with every paging and filter option. */
  listUsers(options?: ListUsersOptions): Promise<UserPage>;
  /** `GET /users/{id}`; null when there is no such user. */
  getUserById(userId: string): Promise<ServerCustomerUser | null>;
  /** `PATCH /users/{id}`. */
  updateUserById(userId: string, update: ServerUserUpdate): Promise<ServerCustomerUser>;
  /** `DELETE /users/{id}`. */
  deleteUserById(userId: string): Promise<void>;
}

export type ServerApp = UserFacingApp<ServerCustomerUser> &
  OAuthProviderCalls &
  ServerPaymentCalls &
  UserManagement &
  ServerTeamAccess &
  ApiKeyServerCalls &
  ConfigOverrideCalls &
  DataVaultCalls &
  EmailSendCalls &
  NotificationPreferenceCalls;

const userListSchema = listEnvelopeSchema(serverUserSchema);

const orderByWireNames = { signedUpAt: "signed_up_at", lastActiveAt: "last_active_at" } as const;

const flag = (value: boolean | undefined) => (value ? "true" : undefined);

export function createUserManagement(core: AppCore): UserManagement {
  const { send } = core;
  const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;
  const payments = createServerPaymentCalls(core);
  const toUser = (wire: ServerUser) =>
    attachCustomerCalls(toAuthServerUser(wire), payments, { userId: wire.id });
  return {
    ...createServerSessionCalls(core),
    ...createOAuthProviderManagement(core),
    async createUser(input = {}) {
      const response = await send("/users", { method: "POST", body: toUserWireBody(input) });
      return toUser(await parseResponse(response, serverUserSchema));
    },
    async listUsers(options = {}) {
      const response = await send("/users", {
        query: {
          cursor: options.cursor,
          limit: options.limit?.toString(),
          desc: options.desc?.toString(),
          team_id: options.teamId,
          order_by: options.orderBy ? orderByWireNames[options.orderBy] : undefined,
          query: options.query || undefined,
          include_restricted: flag(options.includeRestricted),
          include_anonymous: flag(options.includeAnonymous),
          only_anonymous: flag(options.onlyAnonymous),
        },
      });
      const page = await parseResponse(response, userListSchema);
      return {
        items: page.items.map(toUser),
        nextCursor: page.is_paginated ? page.pagination.next_cursor : null,
      };
    },
    async getUserById(userId) {
      try {
        const response = await send(userPath(userId));
        return toUser(await parseResponse(response, serverUserSchema));
      } catch (error) {
        if (isKnownError(error, "USER_NOT_FOUND")) return null;
        throw error;
      }
    },
    async updateUserById(userId, update) {
      const response = await send(userPath(userId), {
        method: "PATCH",
        body: toUserWireBody(update),
      });
      return toUser(await parseResponse(response, serverUserSchema));
    },
    async deleteUserById(userId) {
      await send(userPath(userId), { method: "DELETE", body: {} });
    },
  };
}

/**
 * Creates a server app (trusted code only: it holds the secret server key). For server rendering,
 * create one per request with `tokenStore: createRequestCookieTokenStore({ projectId, request })`.
 */
export function createServerApp(options: ServerAppOptions): ServerApp {
  const core = createAppCore(options, {
    accessType: "server",
    secretServerKey: options.secretServerKey,
    defaultTokenStore: "memory",
  });
  const payments = createServerPaymentCalls(core);
  return {
    ...createUserFacingApp(core, serverUserSchema, (wire) =>
      attachCustomerCalls(toAuthServerUser(wire), payments, { userId: wire.id }),
    ),
    ...createOAuthProviderCalls(core),
    ...createUserManagement(core),
    ...createServerTeamAccess(core),
    ...payments,
    ...createApiKeyServerCalls(core),
    ...createConfigOverrideCalls(core),
    ...createDataVaultCalls(core),
    ...createEmailSendCalls(core),
    ...createNotificationPreferenceCalls(core),
  };
}
