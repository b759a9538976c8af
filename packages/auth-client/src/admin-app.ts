/**
 * @module
 * The admin access level: a super secret admin key, or the session of an internal-project user who
 * administers the project (sent as `x-hexclave-admin-access-token`, refreshed by that session).
 */
import { serverUserSchema } from "@heritage/auth-protocol";
import { type AdminPlatformCalls, createAdminPlatformCalls } from "./admin/admin-platform-calls";
import { type AdminProjectCalls, createAdminProjectCalls } from "./admin/admin-project-calls";
import {
  createEmailAdminCalls,
  createEmailDraftCalls,
  createEmailSendCalls,
  createNotificationPreferenceCalls,
  type EmailAdminCalls,
  type EmailDraftCalls,
  type EmailSendCalls,
  type NotificationPreferenceCalls,
} from "./admin/email-calls";
import { createServerPaymentCalls, type ServerPaymentCalls } from "./admin/payment-calls";
import {
  type AppOptions,
  createAppCore,
  createUserFacingApp,
  type UserFacingApp,
} from "./app-core";
import { createDataVaultCalls, type DataVaultCalls } from "./data-vault/data-vault-calls";
import { createUserManagement, type UserManagement } from "./server-app";
import type { AuthSession } from "./session";
import { type AdminTeamAccess, createAdminTeamAccess } from "./teams/team-access";
import { type ApiKeyServerCalls, createApiKeyServerCalls } from "./users/api-key-calls";
import { type AuthServerUser, toAuthServerUser } from "./users/users";

export interface AdminAppOptions extends AppOptions {
  /** The project's super secret admin key; or give `projectOwnerSession`. */
  superSecretAdminKey?: string;
  /** Session of an internal-project user, e.g. `createClientApp({ projectId: "internal" }).session`. */
  projectOwnerSession?: AuthSession;
  secretServerKey?: string;
}

export interface AdminApp
  extends UserFacingApp<AuthServerUser>,
    UserManagement,
    AdminTeamAccess,
    ServerPaymentCalls,
    ApiKeyServerCalls,
    AdminProjectCalls,
    AdminPlatformCalls,
    DataVaultCalls,
    EmailAdminCalls,
    EmailDraftCalls,
    EmailSendCalls,
    NotificationPreferenceCalls {
  /** `GET /internal/projects/current`: the project with its admin view (returned as sent). */
  getAdminProject(): Promise<unknown>;
}

export function createAdminApp(options: AdminAppOptions): AdminApp {
  if (options.superSecretAdminKey === undefined && options.projectOwnerSession === undefined) {
    throw new Error("createAdminApp needs a superSecretAdminKey or a projectOwnerSession.");
  }
  const core = createAppCore(options, {
    accessType: "admin",
    // The SDK sends both key headers from an admin app, empty when it has no key.
    secretServerKey: options.secretServerKey ?? "",
    superSecretAdminKey: options.superSecretAdminKey ?? "",
    adminSession: options.projectOwnerSession,
    defaultTokenStore: "memory",
  });
  return {
    ...createUserFacingApp(core, serverUserSchema, toAuthServerUser),
    ...createUserManagement(core),
    ...createAdminTeamAccess(core),
    // As the SDK's StackAdminApp extends its server app: items, checkout URLs, quantity changes.
    ...createServerPaymentCalls(core),
    ...createApiKeyServerCalls(core),
    ...createAdminProjectCalls(core),
    ...createDataVaultCalls(core),
    ...createAdminPlatformCalls(core),
    ...createEmailAdminCalls(core),
    ...createEmailDraftCalls(core),
    ...createEmailSendCalls(core),
    ...createNotificationPreferenceCalls(core),
    async getAdminProject() {
      const response = await core.send("/internal/projects/current");
      return response.json();
    },
  };
}
