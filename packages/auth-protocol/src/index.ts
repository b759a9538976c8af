/**
 * `@heritage/auth-protocol`: what the auth server and its clients must agree on (Stack Auth wire
 * protocol): the known-error catalogue, header names, access-token claims and wire object schemas.
 * @module
 */

export { preferredLanguage, readersOfBosnian } from "./accept-language";
export type {
  AccessType,
  HeaderSpelling,
  ProtocolHeaderSuffix,
  ProtocolHeaders,
} from "./headers";
export {
  accessTypeSchema,
  accessTypes,
  actualStatusHeaderNames,
  corsAllowHeaders,
  corsAllowMethods,
  corsExposeHeaders,
  corsMaxAgeSeconds,
  getProtocolHeaderNames,
  knownErrorHeaderNames,
  protocolHeaderSuffixes,
  readProtocolHeader,
  readProtocolHeaders,
  readProtocolHeadersOf,
  requestHeaderSpelling,
  requestIdHeaderNames,
  responseHeaderName,
} from "./headers";
export type { AccessTokenClaims, AccessTokenKind } from "./jwt-claims";
export {
  accessTokenClaimsSchema,
  audienceForProject,
  issuerForProject,
} from "./jwt-claims";
export type {
  AbstractKnownErrorCode,
  KnownErrorCode,
  KnownErrorCodeInFamily,
  KnownErrorConstructorArgs,
  KnownErrorConstructors,
  KnownErrorDetails,
  KnownErrorFamilyCode,
  WireKnownError,
} from "./known-errors";
export {
  abstractKnownErrorCodes,
  getKnownErrorAncestors,
  isKnownError,
  isKnownErrorCode,
  isKnownErrorInFamily,
  KnownError,
  knownErrorCodes,
  knownErrors,
  parseWireError,
  toWireError,
} from "./known-errors";
export type { StandardOAuthProviderId } from "./oauth-providers";
export { standardOAuthProviderIds } from "./oauth-providers";
export { maxPasswordLength, minPasswordLength } from "./password-limits";
export {
  isRefreshTokenFormat,
  refreshTokenAlphabet,
  refreshTokenLength,
  refreshTokenPattern,
} from "./refresh-token-format";
export type { AdminMetrics } from "./wire/admin-metrics";
export { adminMetricsSchema } from "./wire/admin-metrics";
export type {
  AdminOAuthProvider,
  AdminProject,
  AdminProjectConfig,
  AdminProjectCreate,
  AdminProjectUpdate,
  EmailConfig,
  InternalApiKey,
  InternalApiKeyCreate,
  InternalApiKeyFirstView,
} from "./wire/admin-projects";
export {
  adminDomainSchema,
  adminOAuthProviderSchema,
  adminOAuthProviderUpdateSchema,
  adminProjectConfigSchema,
  adminProjectCreateSchema,
  adminProjectSchema,
  adminProjectUpdateSchema,
  emailConfigSchema,
  internalApiKeyCreateSchema,
  internalApiKeyFirstViewSchema,
  internalApiKeySchema,
  internalApiKeyUpdateSchema,
  maxImageUrlLength,
  oauthAccountMergeStrategySchema,
  onboardingStatuses,
  onboardingStatusSchema,
  projectTransferSchema,
  requireStandardProviderCredentials,
} from "./wire/admin-projects";
export type {
  ApiKeyType,
  ParsedApiKey,
  TeamApiKey,
  TeamApiKeyFirstView,
  UserApiKey,
  UserApiKeyFirstView,
} from "./wire/api-keys";
export {
  apiKeyMarker,
  apiKeySuffix,
  parseApiKeyFormat,
  teamApiKeyFirstViewSchema,
  teamApiKeyListSchema,
  teamApiKeySchema,
  userApiKeyFirstViewSchema,
  userApiKeyListSchema,
  userApiKeySchema,
} from "./wire/api-keys";
export type {
  CliAuthCheckResponse,
  CliAuthClaimResponse,
  CliAuthInitResponse,
  CliAuthPollResponse,
} from "./wire/cli-auth";
export {
  cliAuthCheckResponseSchema,
  cliAuthClaimResponseSchema,
  cliAuthInitResponseSchema,
  cliAuthPollResponseSchema,
} from "./wire/cli-auth";
export type { ListEnvelope } from "./wire/list";
export { listEnvelopeSchema } from "./wire/list";
export type { OtpSignInResponse, SendSignInCodeResponse } from "./wire/otp";
export { otpSignInResponseSchema, sendSignInCodeResponseSchema } from "./wire/otp";
export type {
  PermissionDefinition,
  ProjectPermission,
  TeamPermission,
} from "./wire/permissions";
export {
  permissionDefinitionSchema,
  projectPermissionSchema,
  teamPermissionSchema,
} from "./wire/permissions";
export type { ClientProject, ClientProjectConfig, ProjectDomain } from "./wire/projects";
export {
  clientProjectConfigSchema,
  clientProjectSchema,
  enabledOAuthProviderSchema,
  projectDomainSchema,
} from "./wire/projects";
export type {
  CreateSessionResponse,
  EndUserIpInfo,
  RefreshGrantResponse,
  RefreshSessionResponse,
  Session,
  SessionListResponse,
  SignInResponse,
} from "./wire/sessions";
export {
  createSessionResponseSchema,
  endUserIpInfoSchema,
  refreshGrantResponseSchema,
  refreshSessionResponseSchema,
  sessionListResponseSchema,
  sessionSchema,
  signInResponseSchema,
} from "./wire/sessions";
export type {
  ClientTeamMemberProfile,
  ServerTeamMemberProfile,
  TeamInvitation,
  TeamInvitationDetails,
  TeamMembership,
} from "./wire/team-members";
export {
  clientTeamMemberProfileSchema,
  sendTeamInvitationResponseSchema,
  serverTeamMemberProfileSchema,
  teamInvitationDetailsSchema,
  teamInvitationSchema,
  teamMembershipSchema,
} from "./wire/team-members";
export type { ClientTeam, ServerTeam } from "./wire/teams";
export { clientTeamSchema, serverTeamSchema } from "./wire/teams";
export type {
  ClientUser,
  RestrictedReason,
  RestrictedReasonType,
  ServerUser,
  UserOAuthProvider,
  UserRiskScores,
} from "./wire/users";
export {
  clientUserSchema,
  restrictedReasonSchema,
  restrictedReasonTypes,
  serverUserSchema,
  userOAuthProviderSchema,
  userRiskScoresSchema,
} from "./wire/users";
export type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from "./wire/webhooks";
export {
  createdWebhookEndpointSchema,
  svixTokenResponseSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEventTypes,
} from "./wire/webhooks";
