/**
 * `@heritage/auth-server`: the auth platform (Stack Auth-compatible REST API) as a mountable Hono
 * sub-app, its start-up seeding, configuration schema, and the in-process helpers other modules use.
 * @module
 */
export type { AccessTokenVerifier, VerifiedUserToken } from "./access-token-verifier";
export { createAccessTokenVerifier } from "./access-token-verifier";
export type { AuthApi, CreateAuthApiOptions } from "./app";
export { createAuthApi, initAuthPlatform } from "./app";
export type { AuthConfig } from "./config";
export { authConfigSchema, checkAuthSettingsForMode, parseAuthConfig } from "./config";
export type { ApiVersion } from "./http/api-versions";
export { apiVersions, authApiMountPaths } from "./http/api-versions";
export type { AuthEnv } from "./http/context";
export type { FinishedAnswerParts, FinishedAnswerVariables } from "./http/finished-answers";
export {
  finishedAnswerParts,
  headersForApiAnswers,
  isFinishedAnswer,
  markFinished,
} from "./http/finished-answers";
export { mountAuthApi } from "./http/mounting";
export { createUnknownApiRoutes } from "./http/unknown-routes";
export { authApiPathGroup, knownErrorBodySchema } from "./openapi/auth-api-description";
export type { OpenApiDocumentOptions, OpenApiPathGroup } from "./openapi/openapi-document";
export { buildOpenApiDocument, toOpenApiPath } from "./openapi/openapi-document";
export type {
  MountedEndpoint,
  RouteCaller,
  RouteDescription,
  RouteDescriptionVariables,
} from "./openapi/route-description";
export {
  describedSchemas,
  describeRoute,
  listMountedEndpoints,
  routeDescriptionOf,
} from "./openapi/route-description";
export type { EmailHealthOptions } from "./routes/email/email-health";
export { createEmailHealthRoutes } from "./routes/email/email-health";
export type { EmailQueueState } from "./services/email/email-queue-state";
export { readEmailQueueState } from "./services/email/email-queue-state";
export type { EmailOutboxRow } from "./services/email/outbox-listing";
export { listNewestOutboxEmails } from "./services/email/outbox-listing";
export type {
  ProfileImageFolder,
  ProfileImageStore,
} from "./services/images/profile-image-store";
export type { Argon2Parameters } from "./services/password-hashing/passwords";
export type { ProjectConfig, ProjectConfigOverride } from "./services/projects/project-config";
export type { EnsureProjectOptions, EnsureProjectResult } from "./services/projects/projects";
export { ensureProject } from "./services/projects/projects";
export type { SecretBox, SecretsKeySettings } from "./services/secrets/secret-box";
export {
  createSecretBox,
  keyMismatchError,
  secretBoxFromSettings,
  secretsKeyMinLength,
  UnreadableSecretError,
} from "./services/secrets/secret-box";
export type { AuthEvents, SignedInEvent, SignInFailedEvent } from "./services/shared/auth-events";
export type { AuthLogger } from "./services/shared/auth-logger";
export type { CreateUserWithPasswordOptions } from "./user-provisioning";
export {
  createFirstUserWithPassword,
  createUserWithPassword,
  findUserLabel,
  projectHasUsers,
} from "./user-provisioning";
