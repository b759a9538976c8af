/**
 * `@heritage/auth-client`: the client library of the auth platform, wire-compatible with the
 * official Stack Auth SDK (`@stackframe/js` 2.8.108). Three access levels (`createClientApp`,
 * `createServerApp`, `createAdminApp`), token stores (memory, browser cookies shared with the SDK,
 * request cookies for server rendering) and the request layer (headers, refresh, retries, 429).
 *
 * Expected failures are `KnownError`s from `@heritage/auth-protocol`: sign-in and sign-up return them
 * in an `AuthResult` (`{ status: "error", error }`), every other call throws them.
 * @module
 */

export type { AdminPlatformCalls, WebhookEndpointInput } from "./admin/admin-platform-calls";
export type {
  AdminProject,
  AdminProjectCalls,
  AdminProjectCreate,
  AdminProjectUpdate,
  ConfigLevel,
  ConfigOverrideCalls,
  InternalApiKey,
  InternalApiKeyCreation,
  InternalApiKeyFirstView,
  InternalApiKeyInvalidReason,
  ProjectOwnerCalls,
  PushedConfigSource,
} from "./admin/admin-project-calls";
export { createProjectOwnerCalls } from "./admin/admin-project-calls";
export type {
  EmailAdminCalls,
  EmailDraftCalls,
  EmailDraftChanges,
  EmailDraftInfo,
  EmailPreview,
  EmailPreviewOptions,
  EmailSendCalls,
  EmailTemplateInfo,
  EmailThemeInfo,
  NotificationPreference,
  NotificationPreferenceCalls,
  SendEmailOptions,
  SentEmail,
  SmtpSettings,
} from "./admin/email-calls";
export type {
  CheckoutOptions,
  CustomerCalls,
  CustomerRef,
  InlineProduct,
  Item,
  ItemQuantityChange,
  PaymentCalls,
  ServerItem,
  ServerPaymentCalls,
} from "./admin/payment-calls";
export type { AdminApp, AdminAppOptions } from "./admin-app";
export { createAdminApp } from "./admin-app";
export type {
  AppOptions,
  AuthChangeEvent,
  SignInInput,
  SignUpInput,
  UserFacingApp,
} from "./app-core";
export { clientVersion } from "./app-core";
export type { AuthResult } from "./calls-core";
export type { ClientApp, ClientAppOptions } from "./client-app";
export { createClientApp } from "./client-app";
export type {
  CurrentUserState,
  CurrentUserStore,
  CurrentUserStoreOptions,
} from "./current-user-store";
export { createCurrentUserStore } from "./current-user-store";
export type {
  DataVaultCalls,
  DataVaultSecretOption,
  DataVaultStore,
} from "./data-vault/data-vault-calls";
export {
  dataVaultKeyIterations,
  decryptDataVaultValue,
  encryptDataVaultValue,
  hashDataVaultKey,
} from "./data-vault/data-vault-crypto";
export { AuthHttpError, AuthNetworkError, AuthOfflineError, AuthProtocolError } from "./errors";
export type { AuthRuntime, FetchFunction } from "./runtime";
export type {
  ListUsersOptions,
  ServerApp,
  ServerAppOptions,
  UserManagement,
  UserPage,
} from "./server-app";
export { createServerApp } from "./server-app";
export type { AuthSession, GetSessionTokensOptions, SessionTokens } from "./session";
export type { AccountCredentialCalls, ContactChannel } from "./sign-in/account-credentials";
export type { AnonymousSignUpCalls } from "./sign-in/anonymous-sign-up";
export type { CliAuthCalls, PromptCliLoginOptions } from "./sign-in/cli-auth-calls";
export { defaultCliConfirmPath } from "./sign-in/cli-auth-calls";
export type { MagicLinkCalls } from "./sign-in/magic-link-calls";
export type { MfaCalls } from "./sign-in/mfa-calls";
export { createTotpUri, generateTotpSecret, getMfaAttemptCode } from "./sign-in/mfa-calls";
export type {
  ConnectedAccount,
  OAuthAuthorization,
  OAuthAuthorizationOptions,
  OAuthCallbackOptions,
  OAuthCallbackResult,
  OAuthCalls,
  SignInWithOAuthOptions,
} from "./sign-in/oauth-calls";
export type { PasskeyCalls, PasskeyCeremonies, PasskeyOptions } from "./sign-in/passkey-calls";
export { browserPasskeyCeremonies, passkeyRpIdPlaceholder } from "./sign-in/passkey-calls";
export type { ActiveSession, ServerSessionCalls, SessionCalls } from "./sign-in/session-calls";
export type { SignedIn } from "./sign-in/sign-in-response";
export type {
  GrantedPermission,
  ListPermissionsOptions,
  PermissionDefinitionCalls,
  PermissionDefinitionInfo,
  PermissionDefinitionInput,
  PermissionManagement,
  PermissionScope,
  PermissionScopeOptions,
  UserPermissionCalls,
} from "./teams/permissions";
export type { AdminTeamAccess, ClientTeamAccess, ServerTeamAccess } from "./teams/team-access";
export type {
  ClientTeamCalls,
  ClientTeamHandle,
  ProfileUpdate,
  ServerTeamCalls,
  ServerTeamCreate,
  ServerTeamHandle,
  ServerTeamMemberProfileInfo,
  ServerTeamUpdate,
  TeamCreate,
  TeamInvitationCodeCalls,
  TeamInvitationInfo,
  TeamMemberProfile,
  TeamUpdate,
} from "./teams/teams";
export type { CookieDocument, CookieTokenStoreOptions } from "./token-stores/cookie";
export { createCookieTokenStore } from "./token-stores/cookie";
export {
  accessCookieName,
  getCustomRefreshCookieName,
  getDefaultRefreshCookieName,
} from "./token-stores/cookie-format";
export { createMemoryTokenStore } from "./token-stores/memory";
export type {
  RequestCookieTokenStore,
  RequestCookieTokenStoreOptions,
} from "./token-stores/request-cookies";
export { createRequestCookieTokenStore } from "./token-stores/request-cookies";
export type { StoredTokens, TokenStore } from "./token-stores/token-store";
export type {
  ApiKey,
  ApiKeyCalls,
  ApiKeyCreation,
  ApiKeyInvalidReason,
  ApiKeyServerCalls,
  ApiKeyType,
  ApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyFirstView,
  UserApiKey,
  UserApiKeyFirstView,
} from "./users/api-key-calls";
export type { ContactChannelCalls } from "./users/contact-channel-calls";
export type {
  OAuthProvider,
  OAuthProviderCalls,
  OAuthProviderCreate,
  OAuthProviderManagement,
  OAuthProviderUpdate,
  ServerOAuthProvider,
  ServerOAuthProviderUpdate,
} from "./users/oauth-provider-calls";
export type {
  AuthProject,
  AuthServerTeam,
  AuthServerUser,
  AuthTeam,
  AuthUser,
  Metadata,
  ServerUserCreate,
  ServerUserUpdate,
  UserUpdate,
} from "./users/users";
