/**
 * The plain-text errors (contract §1.4 "other errors"): every answer the API gives as a bare status
 * and `text/plain` message, with no known-error header, as the Stack Auth reference does for its
 * plain errors. Beside the known-error catalogue (`knownErrors` of @heritage/auth-protocol) this is
 * the API's whole error vocabulary: call sites throw `plainErrors.name(...)`, never a StatusError of
 * their own (plain-errors.test.ts fails the build when one does). The texts are matched byte for
 * byte by clients and by the reference's own end-to-end suite: change one only on purpose.
 *
 * Each entry makes a fresh StatusError (its own stack); entries with parameters format them here.
 * @module
 */
import { StatusError } from "./status-error";

const plain = (status: number, message: string) => new StatusError(status, message);

/** A list of problems, one per line under a heading. */
const problemList = (heading: string, problems: readonly string[]) =>
  `${heading}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`;

export const plainErrors = {
  // --- Request authentication (http/project-access.ts)
  adminTokenUserGone: () =>
    plain(
      401,
      "The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.",
    ),
  developmentOverrideNotAllowed: () =>
    plain(401, "Development key override is only allowed in development or test environments"),
  invalidDevelopmentOverride: () => plain(401, "Invalid development key override"),

  // --- Client access acting for someone else
  clientApiKeysOfOthers: () => plain(403, "Client can only manage their own api keys"),
  clientSessionsOfOthers: () => plain(403, "Client can only list sessions for their own user."),
  clientConnectedAccountsOfOthers: () =>
    plain(403, "Client can only access its own connected accounts"),
  clientConnectedAccountListOfOthers: () =>
    plain(403, "Client can only list connected accounts for their own user."),
  /** `action`: read, create, update, delete or list. */
  clientContactChannelsOfOthers: (action: string) =>
    plain(403, `Client can only ${action} contact channels for their own user.`),
  /** `action`: read, update, delete or list. */
  clientOAuthProvidersOfOthers: (action: string) =>
    plain(403, `Client can only ${action} OAuth providers for their own user.`),
  clientPermissionsOfOthers: () =>
    plain(
      403,
      'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user',
    ),
  clientTeamsOfOthers: () =>
    plain(
      403,
      'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user',
    ),
  clientInvitationsAcceptOfOthers: () =>
    plain(403, "Client can only accept invitations for their own user."),
  clientVerificationCodeOfOthers: () =>
    plain(400, "Can only send verification code for your own user"),
  clientProfileOfOthers: () => plain(403, "Cannot update another user's profile"),
  notificationPreferencesReadOfOthers: () =>
    plain(403, "You can only view your own notification preferences"),
  notificationPreferencesWriteOfOthers: () =>
    plain(403, "You can only manage your own notification preferences"),
  teamCreatorNotYourself: () =>
    plain(
      403,
      "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.",
    ),
  clientItemsOfOthers: () => plain(403, "Clients can only access their own user or team items."),
  clientProductsOfOthers: () =>
    plain(403, "Clients can only access their own user or team products."),
  clientPurchaseUrlsOfOthers: () =>
    plain(
      403,
      "Clients can only create purchase URLs for their own user or teams they have admin access to.",
    ),

  // --- Users (services/records/, services/accounts/, routes/users/users.ts)
  restrictedReasonWithoutRestriction: () =>
    plain(400, "restricted_by_admin_reason requires restricted_by_admin=true"),
  restrictedDetailsWithoutRestriction: () =>
    plain(400, "restricted_by_admin_private_details requires restricted_by_admin=true"),
  primaryEmailAuthWithoutEmail: () =>
    plain(400, "primary_email_auth_enabled cannot be true without primary_email"),
  primaryEmailVerifiedWithoutEmail: () =>
    plain(400, "primary_email_verified cannot be true without primary_email"),
  otpAuthNotEnabled: () => plain(400, "OTP auth not enabled in the project"),
  passwordAuthNotEnabled: () => plain(400, "Password auth not enabled in the project"),
  passwordAndHashTogether: () =>
    plain(400, "Cannot set both password and password_hash at the same time."),
  invalidPasswordHash: () =>
    plain(
      400,
      "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
    ),
  anonymousForExistingUser: () =>
    plain(400, "Cannot set is_anonymous to true for an existing user"),
  passkeyAuthNotManual: () =>
    plain(
      400,
      "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method",
    ),
  invalidProfileImageUrl: () => plain(400, "Invalid profile image URL"),
  // The reference's answer when its image check cannot read a data URL's bytes.
  invalidImageData: () => plain(400, "Invalid image format or corrupted image data"),
  clientUserDeletionDisabled: () =>
    plain(400, "Client user deletion is not enabled for this project"),
  onlyAnonymousWithoutIncludeAnonymous: () =>
    plain(400, "only_anonymous=true requires include_anonymous=true"),
  passwordAlreadySet: () => plain(400, "User already has a password set."),

  // --- Contact channels
  contactChannelExists: () => plain(400, "Contact channel already exists"),
  contactChannelNotFound: () => plain(404, "Contact channel not found"),
  /** `GET /contact-channels/{user_id}/{id}`: the reference's wording ends with a full stop. */
  contactChannelToReadNotFound: () => plain(404, "Contact channel not found."),
  /** Updating or deleting a channel that is not there answers 400, as the reference does. */
  contactChannelToChangeNotFound: () => plain(400, "Contact channel not found"),
  verifiedContactChannelGone: () =>
    plain(400, "Contact channel not found. Was your contact channel deleted?"),

  // --- Sign-in: sessions, OTP, rate limits
  sessionNotFound: () => plain(404, "Session not found."),
  otpSignInNotEnabled: () => plain(403, "OTP sign-in is not enabled for this project"),
  /** Over a rate limit; `Retry-After` says when the window ends (contract §1.1). */
  tooManyRequests: (retryAfterSeconds: number) =>
    new StatusError(429, "Too many requests. Please try again later.", {
      "retry-after": String(retryAfterSeconds),
    }),

  /** The project's e-mail render queue is full (render-pool.ts); its own renders must end first. */
  emailRendererBusy: (retryAfterSeconds: number) =>
    new StatusError(
      429,
      "Too many of this project's e-mails are waiting to be rendered. Please try again later.",
      { "retry-after": String(retryAfterSeconds) },
    ),

  // --- CLI sign-in
  cliRefreshTokenRequired: () => plain(400, "refresh_token is required when mode is 'complete'"),
  invalidAnonRefreshToken: () => plain(400, "Invalid anon refresh token"),
  anonRefreshTokenOfOtherProject: () =>
    plain(400, "Anon refresh token does not belong to this project"),
  anonRefreshTokenExpired: () => plain(400, "The provided anon refresh token has expired"),
  anonRefreshTokenWithoutUser: () => plain(400, "User not found for provided refresh token"),
  refreshTokenNotAnonymous: () =>
    plain(400, "The provided refresh token does not belong to an anonymous user"),
  invalidCliLoginCode: () => plain(400, "Invalid login code or the code has expired"),
  cliNoAnonymousSession: () => plain(400, "No anonymous session associated with this code"),
  /** The CLI's anonymous session was signed out or expired before the browser claimed it. */
  cliAnonymousSessionGone: () => plain(400, "Anonymous session is no longer valid"),
  refreshTokenOfOtherProject: () => plain(400, "Refresh token does not belong to this project"),
  invalidRefreshToken: () => plain(400, "Invalid refresh token"),

  // --- OAuth
  oauthLinkTokenMissing: () => plain(400, "?token= query parameter is required for link type"),
  oauthAccessTokenOfOtherProject: () =>
    plain(403, "The access token is not valid for this project"),
  invalidOAuthState: () => plain(400, "Invalid OAuth state. Please try signing in again."),
  innerOAuthCookieMissing: () =>
    plain(
      400,
      "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again",
    ),
  oauthCallbackWithoutCode: () =>
    plain(400, "The provider's callback carries no authorization code."),
  oauthInvalidGrant: () =>
    plain(400, "Inner OAuth callback failed due to invalid grant. Please try again."),
  oauthUnusableProfile: () =>
    plain(400, "The OAuth provider returned a profile that cannot be used."),
  handoffWithoutSession: () =>
    plain(
      400,
      "Cross-domain auth handoff requires a refresh-token-bound session. Please sign in again.",
    ),
  handoffRefreshTokenMissing: () =>
    plain(400, "Cross-domain auth handoff requires passing the current refresh token."),
  handoffRefreshTokenMismatch: () =>
    plain(401, "Cross-domain auth handoff refresh token does not match the authenticated session."),
  handoffRefreshTokenInvalid: () =>
    plain(401, "Cross-domain auth handoff refresh token is not valid."),
  oauthRedirectUriMismatch: () =>
    plain(
      400,
      "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code.",
    ),
  oauthSignInTurnedOff: () =>
    plain(
      400,
      "This provider account is linked to the user, but signing in with it is turned off.",
    ),
  /** A provider id the project does not configure, in a user's `oauth_providers`. */
  oauthProviderNotFound: (providerId: string) =>
    plain(400, `OAuth provider ${providerId} not found`),
  oauthProviderNotConfigured: (providerConfigId: string) =>
    plain(404, `OAuth provider ${providerConfigId} not found or not configured`),
  userOAuthProviderNotFound: (providerId: string, userId: string) =>
    plain(404, `OAuth provider ${providerId} for user ${userId} not found`),
  oauthProviderSignInTypeExists: () =>
    plain(400, "The same provider type with sign-in enabled already exists for this user."),
  oauthProviderAccountExists: () =>
    plain(400, "The same provider type with the same account ID already exists for this user."),
  oauthProviderListedTwice: (providerId: string) =>
    plain(400, `OAuth provider ${providerId} is listed more than once.`),

  // --- API keys
  apiKeysNotEnabled: (type: "user" | "team") =>
    plain(
      400,
      type === "user"
        ? "User API keys are not enabled for this project."
        : "Team API keys are not enabled for this project.",
    ),
  emptyApiKeySet: () => plain(400, "An API key set must hold at least one key."),
  invalidApiKeyExpiry: () => plain(400, "expires_at_millis must be a valid time."),

  // --- Teams and invitations
  invitationTeamAndUser: () => plain(400, "Cannot specify both team_id and user_id"),
  invitationTeamOrUser: () => plain(400, "Must specify either team_id or user_id"),
  invitationDeleteWithoutTeam: () =>
    plain(400, "team_id is required for deleting a team invitation"),
  teamInvitationNotFound: () => plain(404, "Team invitation not found."),
  clientProfilesWithoutTeam: () => plain(400, "team_id is required for access type client"),
  clientTeamCreationDisabled: () => plain(403, "Client team creation is disabled for this project"),

  // --- Projects and their config
  projectNotFound: () => plain(404, "Project not found"),
  serverBranchConfigOnly: () =>
    plain(403, "Server access can only manage branch config overrides."),
  invalidEmailTheme: () => plain(400, "Invalid email theme"),
  duplicateDomain: (domain: string) => plain(400, `Duplicate domain found: ${domain}`),
  internalProjectNotDeletable: () => plain(400, "The internal project cannot be deleted."),
  internalProjectNotTransferable: () => plain(400, "The internal project cannot be transferred."),
  transferWithoutOwnerTeam: () => plain(400, "Project must have an owner team to be transferred"),
  invalidConfigKey: (key: string) => plain(400, `Invalid config key: ${key}`),
  /** `key`: as the override names it; `missing`: its shortest prefix the config does not have. */
  unknownConfigKey: (key: string, missing: string) =>
    plain(
      400,
      `The key ${JSON.stringify(key)} is not valid (nested object not found in schema: ${JSON.stringify(missing)}).`,
    ),
  invalidConfigJson: () => plain(400, "Invalid config JSON"),
  branchConfigSourceRequired: () => plain(400, "source is required for branch level config"),
  /** Secrets and deployment details (domains, e-mail server, OAuth credentials) are per environment. */
  environmentOnlyConfigKey: (key: string) =>
    plain(
      400,
      `The key ${JSON.stringify(key)} can only be set at the environment level, not the branch level.`,
    ),
  /** `path`: the provider's type key; `types`: the preset types, in the reference's order. */
  unknownOAuthProviderType: (path: string, types: readonly string[]) =>
    plain(400, `${path} must be one of the following values: ${types.join(", ")}`),
  configLevelCannotHold: (level: string, path: readonly string[]) =>
    plain(400, `The ${level} config level cannot hold ${path.join(".")}.`),
  configOverrideNotObject: () => plain(400, "A config override must be a JSON object."),
  invalidConfigOverride: (problems: readonly string[]) =>
    plain(400, problemList("Invalid config override", problems)),
  notProductionReady: (problems: readonly string[]) =>
    plain(400, problemList("The project cannot be in production mode", problems)),
  unreachableConfigTargets: (problems: readonly string[]) =>
    plain(400, problemList("The config aims the server at a target it does not reach", problems)),
  dataVaultSecretMissing: () =>
    plain(500, "The data vault needs STACK_DATA_VAULT_SECRET to be set."),

  // --- Integrations (services/integrations/): projects provisioned by Neon or another client
  /** `clientLabel`: "Neon client" or "external project", as the reference words it. */
  integrationTransferRefused: (clientLabel: string) =>
    plain(
      400,
      `This project either doesn't exist or the current ${clientLabel} is not authorized to transfer it. Note that projects can only be transferred once.`,
    ),
  /** `provisionedBy`: " by Neon" or "", as the reference words it. */
  integrationTransferGone: (provisionedBy: string) =>
    plain(
      400,
      `The project to transfer was not provisioned${provisionedBy} or has already been transferred.`,
    ),
  transferOutsideInternalProject: () =>
    plain(400, "This endpoint is only available for internal projects."),
  integrationTransferProjectGone: () => plain(400, "The project to transfer was not found."),
  integrationProjectAlreadyOwned: () =>
    plain(400, "The project to transfer has already been transferred."),
  neonConnectionStringsUnsupported: () =>
    plain(
      400,
      "This server keeps every project's data in its own database: connection_strings (a Neon database for the project) are not supported. Provision without them.",
    ),
  tooManyTrustedDomains: () =>
    plain(
      400,
      "This project has more than 1000 trusted domains. This is not supported. Please delete some domains to add a new one, or use wildcard domains instead.",
    ),
  integrationOAuthProviderExists: () => plain(400, "OAuth provider already exists"),
  integrationOAuthProviderNotFound: () => plain(404, "OAuth provider not found"),

  // --- E-mail
  outboxEmailNotFound: () => plain(404, "Email not found"),
  /** A scheduler or monitor call (`CRON_SECRET`, ...) without the right bearer token. */
  bearerSecretUnauthorized: () => plain(401, "Unauthorized"),
  outboxInvalidLimit: () => plain(400, "Invalid limit parameter"),
  outboxLimitTooLarge: (max: number) => plain(400, `Limit cannot exceed ${max}`),
  /** `POST /emails/render-email` names an unknown theme (400, where the admin's CRUD says 404). */
  renderThemeNotFound: () => plain(400, "No theme found with given id"),
  invalidUnsubscribeCode: () => plain(400, "Invalid code"),
  /** `POST /internal/local-emulator/project`: this server is never the reference's local emulator. */
  localEmulatorOnly: () =>
    plain(
      400,
      "This endpoint is only available in local emulator mode (set NEXT_PUBLIC_STACK_IS_LOCAL_EMULATOR=true).",
    ),
  renderTemplateNotFound: () => plain(400, "No template found with given id"),
  templateNotFound: () => plain(404, "No template found with given id"),
  themeNotFound: () => plain(404, "No theme found with given id"),
  draftNotFound: () => plain(404, "No draft found with given id"),
  sendDraftNotFound: () => plain(400, "No draft found with given draft_id"),
  notificationCategoryNotFound: () => plain(404, "Notification category not found"),
  sendCategoryNotFound: (categoryName: string) =>
    plain(400, `Notification category "${categoryName}" not found`),
  /** send-email's `notification_category_name`, as the reference words it. */
  sendCategoryNameNotFound: () => plain(400, "Notification category not found with given name"),
  sendTemplateNotFound: () => plain(400, "No template found with given template_id"),

  // --- Webhooks
  webhookEndpointNotFound: () => plain(404, "Webhook endpoint not found"),
  invalidWebhookManagementToken: () => plain(401, "Invalid or expired webhook management token"),
  invalidWebhookUrl: (refusal: string) => plain(400, `Invalid webhook URL: ${refusal}.`),

  // --- Payments
  invalidProductsCursor: () => plain(400, "Invalid cursor"),
  stripeAccountNotSet: () => plain(400, "Stripe account ID is not set"),
  purchaseCodeOfOtherProject: () => plain(400, "The purchase code belongs to another project"),
  testModeNotEnabled: () => plain(403, "Test mode is not enabled for this project"),
  priceNotOnProduct: () =>
    plain(400, "Price not found on product associated with this purchase code"),
  productIdAndInline: () => plain(400, "Cannot specify both product_id and product_inline!"),
  productInlineFromClient: () =>
    plain(
      400,
      "Cannot specify product_inline when calling from client! Please call with a server API key, or use the product_id parameter.",
    ),
  productIdOrInline: () => plain(400, "Must specify either product_id or product_inline!"),
  productWithoutStripePrice: (currencyCodes: readonly string[]) =>
    plain(
      400,
      `This product has no price Stripe can charge: a price needs an amount in one of ${currencyCodes.join(", ")} and must not be server-only.`,
    ),
  stripeRefused: (stripeMessage: string) =>
    plain(502, `Stripe refused the request: ${stripeMessage}`),
  stripeWebhooksNotConfigured: () =>
    plain(
      503,
      "Stripe webhooks are not configured on this server: STRIPE_WEBHOOK_SECRET is not set.",
    ),
  invalidStripeSignature: (refusal: string) =>
    plain(400, `Invalid Stripe webhook signature: ${refusal}.`),
  notAStripeEvent: () =>
    plain(400, "The webhook body is not a Stripe event (JSON with id, type and data.object)."),

  // --- Managed e-mail onboarding (services/managed-email/); the first five are the reference's texts
  invalidManagedSubdomain: () =>
    plain(400, "subdomain must be a fully-qualified domain name like mail.example.com"),
  invalidManagedSenderLocalPart: () => plain(400, "sender_local_part is invalid"),
  managedSubdomainTrackedWithOtherSender: () =>
    plain(409, "This subdomain is already tracked with a different sender local part"),
  managedSetupNotFound: () => plain(404, "Managed domain setup not found for this project/branch"),
  managedDomainNotFound: () => plain(404, "Managed domain not found for this project/branch"),
  managedDomainNotVerified: () => plain(409, "Managed domain is not verified yet"),
  managedSubdomainAtResend: () =>
    plain(
      409,
      "This subdomain already exists in Resend. If this is from another project, choose a different subdomain.",
    ),
  managedOnboardingOff: () =>
    plain(
      400,
      "Managed e-mail onboarding is not available on this server: its operator has not set STACK_RESEND_API_KEY, STACK_DNSIMPLE_API_TOKEN and STACK_DNSIMPLE_ACCOUNT_ID.",
    ),
  /** `step`: the call that failed, e.g. "Resend: creating the domain" (the answer is logged). */
  managedProviderFailed: (step: string) =>
    plain(
      502,
      `Setting up the sending domain failed (${step}). The server's log has the details; try again later.`,
    ),
  resendWebhooksNotConfigured: () =>
    plain(
      503,
      "Resend webhooks are not configured on this server: STACK_RESEND_WEBHOOK_SECRET is not set.",
    ),
  invalidResendSignature: () => plain(400, "Invalid Resend webhook signature"),
  missingResendSignatureHeaders: () =>
    plain(400, "Missing Svix signature headers for Resend webhook"),
  invalidResendPayload: () => plain(400, "Invalid JSON payload in Resend webhook"),
} as const;

export type PlainErrorName = keyof typeof plainErrors;
