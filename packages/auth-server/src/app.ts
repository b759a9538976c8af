/**
 * The auth platform's HTTP API as a Hono sub-app, mounted by apps/server at `/api/v1` and
 * `/api/latest`. This file is its table of contents: the request pipeline, then one `app.route` per
 * endpoint family.
 * @module
 */
import type { Database, DatabaseConnection } from "@heritage/db";
import { type Context, Hono } from "hono";
import { type AccessTokenVerifier, createAccessTokenVerifier } from "./access-token-verifier";
import { type AuthConfig, checkAuthSettingsForMode } from "./config";
import { parseBody } from "./http/body-parser";
import type { AuthEnv, RouteDeps } from "./http/context";
import { createErrorHandler, notFoundResponse } from "./http/error-response";
import { rejectUnstorableText } from "./http/input-guard";
import { authenticate } from "./http/project-access";
import { forgetProjectsAfterAdminWrites } from "./http/project-cache-own-writes";
import { protocolHeaders } from "./http/protocol-headers";
import { writeActivityBeforeReads } from "./http/session-activity-reads";
import { answerUnknownRoutes } from "./http/unknown-routes";
import { forgetUsersAfterWrites } from "./http/user-cache-own-writes";
import { createSigningKeyStore } from "./keys/signing-keys";
import {
  allowsPrivateNetworks,
  createOutgoingPolicy,
  type OutgoingPolicy,
} from "./outgoing/outgoing-policy";
import { createProjectCache, type ProjectCache } from "./project-cache/project-cache";
import { createAnonymousRoutes } from "./routes/auth/anonymous";
import { createCliAuthRoutes } from "./routes/auth/cli";
import { createMfaRoutes } from "./routes/auth/mfa";
import { createAppleNativeSignInRoutes } from "./routes/auth/oauth-apple-native";
import { createOAuthCrossDomainRoutes } from "./routes/auth/oauth-cross-domain";
import { createOAuthFlowRoutes } from "./routes/auth/oauth-flow";
import { createOAuthTokenRoutes } from "./routes/auth/oauth-token";
import { createOtpRoutes } from "./routes/auth/otp";
import { createPasskeyRoutes } from "./routes/auth/passkey";
import { createPasswordRoutes } from "./routes/auth/password";
import { createSessionRoutes } from "./routes/auth/sessions";
import { createCheckFeatureSupportRoutes } from "./routes/check-feature-support";
import {
  createEmailQueueStepRoutes,
  createFailedEmailsDigestRoutes,
} from "./routes/email/email-cron";
import { createEmailDeliveryRoutes } from "./routes/email/email-delivery";
import { createEmailTemplateRoutes, createEmailThemeRoutes } from "./routes/email/email-designs";
import { createEmailDraftRoutes } from "./routes/email/email-drafts";
import { createEmailOutboxRoutes } from "./routes/email/email-outbox";
import {
  createEmailRoutes,
  createSendTestEmailRoutes,
  createSentEmailRoutes,
} from "./routes/email/emails";
import { createManagedEmailOnboardingRoutes } from "./routes/email/managed-email-onboarding";
import { createTemplateSourceRewriteRoutes } from "./routes/email/template-source-rewrite";
import { createCredentialScanningRoutes } from "./routes/integrations/credential-scanning";
import {
  createCustomIntegrationRoutes,
  createNeonIntegrationRoutes,
} from "./routes/integrations/integration-routes";
import { createResendWebhookRoutes } from "./routes/integrations/resend-webhooks";
import { createComponentVersionRoutes } from "./routes/internal/component-versions";
import { createFeedbackRoutes } from "./routes/internal/feedback";
import { createInternalApiKeyRoutes } from "./routes/internal/internal-api-keys";
import { createInternalConfigRoutes } from "./routes/internal/internal-config";
import { createInternalMetricsRoutes } from "./routes/internal/internal-metrics";
import { createInternalPaymentRoutes } from "./routes/internal/internal-payments";
import { createInternalProjectRoutes } from "./routes/internal/internal-projects";
import { createLocalEmulatorRoutes } from "./routes/internal/local-emulator";
import { createSignInInvitationRoutes } from "./routes/internal/sign-in-invitations";
import { createSignUpRulesTestRoutes } from "./routes/internal/sign-up-rules-test";
import { createMigrationTestRoutes } from "./routes/migration-tests";
import { createPaymentRoutes } from "./routes/payments/payments";
import { createStripeCheckoutRoutes } from "./routes/payments/payments-stripe-checkout";
import { createStripeWebhookRoutes } from "./routes/payments/stripe-webhooks";
import { createTestModeCheckoutRoutes } from "./routes/payments/test-mode-checkout";
import { createProbeRoutes } from "./routes/probe";
import { createDataVaultRoutes } from "./routes/projects/data-vault";
import { createJwksRoutes } from "./routes/projects/jwks";
import { createProjectRoutes } from "./routes/projects/projects";
import { createPermissionDefinitionRoutes } from "./routes/teams/permission-definitions";
import {
  createProjectPermissionRoutes,
  createTeamPermissionRoutes,
} from "./routes/teams/permissions";
import { createTeamInvitationRoutes } from "./routes/teams/team-invitations";
import { createTeamMemberProfileRoutes } from "./routes/teams/team-member-profiles";
import { createTeamMembershipRoutes } from "./routes/teams/team-memberships";
import { createTeamRoutes } from "./routes/teams/teams";
import { createApiKeyRoutes } from "./routes/users/api-keys";
import { createConnectedAccountRoutes } from "./routes/users/connected-accounts";
import { createContactChannelRoutes } from "./routes/users/contact-channels";
import { createOAuthProviderRoutes } from "./routes/users/oauth-providers";
import { createUserRoutes } from "./routes/users/users";
import { createSendTestWebhookRoutes, createWebhookRoutes } from "./routes/webhooks/webhooks";
import { holdEmailQueueWorker } from "./services/email/email-queue";
import { unsubscribeLinkMaker } from "./services/email/unsubscribe-links";
import { createEmailSender } from "./services/email-delivery/emails";
import type { RenderPoolOptions } from "./services/email-sandbox/render-pool";
import { createEmailRenderer, type EmailRenderer } from "./services/email-sandbox/tsx-sandbox";
import type { ProfileImageStore } from "./services/images/profile-image-store";
import { resolveManagedEmailProvider } from "./services/managed-email/managed-email-settings";
import { createProviderClient, type OAuthSettings } from "./services/oauth/provider-client";
import { type Argon2Parameters, createPasswordHasher } from "./services/password-hashing/passwords";
import { secretBoxFromSettings } from "./services/secrets/secret-box";
import { defaultIdGenerators, type IdGenerators } from "./services/secrets/secrets";
import type { AuthEvents } from "./services/shared/auth-events";
import { type AuthLogger, silentLogger } from "./services/shared/auth-logger";
import { holdWebhookWorker } from "./services/webhooks/webhook-delivery";
import { createSessionActivity, type SessionActivity } from "./session-activity/session-activity";
import { createSvixApi, type SvixApi } from "./svix-api/svix-api";
import { createUserCache, type UserCache } from "./user-cache/user-cache";

export { initAuthPlatform } from "./services/admin/platform-init";

export interface CreateAuthApiOptions {
  db: Database;
  /**
   * The database's change notifications (`DatabaseConnection`'s listen and notify). With them,
   * projects and their keys are kept in memory and forgotten when the database announces a change
   * (project-cache/project-cache.ts); without them every request reads them from the database.
   */
  notifications?: Pick<DatabaseConnection, "listen" | "notify">;
  config: AuthConfig;
  /** The public origin of the server, e.g. `https://example.org`; the JWT `iss` starts with it. */
  baseUrl: string;
  logger?: AuthLogger;
  /** Defaults to the system clock; tests inject one to expire tokens without sleeping. */
  clock?: () => Date;
  /** Development or test: enables the development override key and error details in 500 bodies. */
  isDevelopment?: boolean;
  /** Behind a reverse proxy: rate limits take the client IP from `x-forwarded-for`. */
  trustProxy?: boolean;
  /** Tests only: cheaper argon2id parameters. Production always uses the OWASP defaults. */
  passwordHashing?: Argon2Parameters;
  /** Tests only: predictable ids and tokens. */
  ids?: IdGenerators;
  /**
   * The process's `SMTP_URL` (e.g. `smtp://user:pass@host:587`). Without it, e-mails are only stored
   * in `auth.email_outbox` (status `queued`).
   */
  smtpUrl?: string;
  /** The process's `EMAIL_FROM` sender address; default `noreply@example.com`. */
  emailFrom?: string;
  /** OAuth providers: shared development credentials; tests also redirect provider endpoints. */
  oauth?: OAuthSettings;
  /**
   * How often the webhook worker looks for due deliveries (retries, and those a previous process
   * left pending). Unset: only right after an event is emitted and when a retry falls due.
   */
  webhookPollIntervalMs?: number;
  /**
   * How often the send queue looks for due e-mails besides being woken by this process's inserts
   * and its own timers (mail another process queued and did not send); default one minute.
   */
  emailQueuePollIntervalMs?: number;
  /** The TSX e-mail sandboxes' limits and queues (decision 028); unset: the defaults. */
  emailRendering?: Partial<RenderPoolOptions>;
  /**
   * Where profile images and project logos sent as data URLs are kept as files (apps/server: its
   * media storage); unset: they are kept and answered as data URLs.
   */
  profileImages?: ProfileImageStore;
  /** Told of sign-ins and failed password sign-ins (apps/server: the site's audit log). */
  events?: AuthEvents;
  /**
   * Tests only: a resolver instead of DNS and a wider notion of a public address, to show the
   * outgoing-request policy at work without sending anything beyond loopback.
   */
  outgoing?: Partial<Pick<OutgoingPolicy, "resolveHost" | "isPublicAddress">>;
}

/** The auth API's routes, plus the background work (webhook deliveries, e-mail queue) they start. */
export type AuthApi = Hono<AuthEnv> & {
  /** This API's projects in memory (tests wait on `catchUp()` after writing the database directly). */
  projects: ProjectCache;
  /** This API's signed-in users in memory (tests wait on `catchUp()` after writing them directly). */
  users: UserCache;
  /** Refreshes' times of activity, written in batches (tests `flush()` before reading the rows). */
  sessionActivity: SessionActivity;
  /**
   * The Svix-compatible API over the same webhook endpoints and delivery log (svix-api/, decision
   * 025): routes at `/api/v1/app/...`, for a listener of its own (apps/server: SVIX_API_PORT).
   */
  svixApi: SvixApi;
  /** This API's TSX e-mail renderer (a queue worker a test drives itself renders with it). */
  emailRenderer: EmailRenderer;
  /** Its answer to an error a handler threw (its `onError`; `mountAuthApi` gives it to a host). */
  answerError: (error: unknown, c: Context<AuthEnv>) => Response;
  /**
   * Verifies access tokens in process over this API's own signing keys: the embedder's other
   * checks (apps/server: the site's sessions, the content API's admin guard) use it, so a process
   * keeps one set of keys.
   */
  accessTokens: AccessTokenVerifier;
  /**
   * Stops the background work and waits for a delivery pass under way; call it before the
   * database closes (afterwards no pass runs). Idempotent.
   */
  close(): Promise<void>;
};

/** Builds the auth API; routes are relative (`/auth/password/sign-in`, `/users/me`, ...). */
export function createAuthApi(options: CreateAuthApiOptions): AuthApi {
  // Again here for embedders other than apps/server: outside development, refuse to start.
  const refused = checkAuthSettingsForMode(options.config, !(options.isDevelopment ?? false));
  if (refused) throw new Error(`Invalid auth configuration: ${refused}`);
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const ids = options.ids ?? defaultIdGenerators;
  const secrets = secretBoxFromSettings(options.config);
  const outgoing = createOutgoingPolicy({
    allowPrivateNetworks: allowsPrivateNetworks(
      options.config.OUTGOING_ALLOW_PRIVATE_NETWORKS,
      options.isDevelopment ?? false,
    ),
    resolveHost: options.outgoing?.resolveHost,
    isPublicAddress: options.outgoing?.isPublicAddress,
  });
  const projects = createProjectCache({
    db: options.db,
    secrets,
    notifications: options.notifications,
  });
  const users = createUserCache({ db: options.db, notifications: options.notifications });
  const sessionActivity = createSessionActivity({
    db: options.db,
    logger,
    // The batch's users are written: this process reads them again at once (others on the
    // announcement their trigger sends).
    onUsersWritten: (userIds) => {
      for (const userId of userIds) users.forgetUser(userId);
    },
  });
  const deps: RouteDeps = {
    db: options.db,
    projects,
    users,
    sessionActivity,
    config: options.config,
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    clock,
    logger,
    ids,
    passwords: createPasswordHasher(options.passwordHashing),
    signingKeys: createSigningKeyStore(options.db, {
      clock,
      tokenLifetimeSeconds: options.config.STACK_ACCESS_TOKEN_EXPIRATION_TIME,
      secrets,
    }),
    secrets,
    emailRenderer: createEmailRenderer(options.emailRendering),
    profileImages: options.profileImages,
    events: options.events,
    emails: createEmailSender({
      db: options.db,
      clock,
      generateId: ids.generateId,
      logger,
      smtpUrl: options.smtpUrl,
      emailFrom: options.emailFrom,
    }),
    outgoing,
    isDevelopment: options.isDevelopment ?? false,
    trustProxy: options.trustProxy ?? false,
    managedEmail: resolveManagedEmailProvider(options.config, options.isDevelopment ?? false),
  };

  const mockServerUrl = options.config.STACK_OAUTH_MOCK_URL;
  const oauthClient = createProviderClient(
    {
      sharedCredentials: options.config.STACK_SHARED_OAUTH_PROVIDERS,
      mockServerUrl,
      // The mock's tokens stand for no one's real account: hand them out, as the reference's
      // development settings do (STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true beside the mock).
      allowSharedAccessTokens: mockServerUrl !== undefined,
      ...options.oauth,
    },
    outgoing,
  );
  // One worker per database in this process, however many APIs are built on it.
  const webhookWorker = holdWebhookWorker({
    db: options.db,
    clock,
    logger,
    secrets,
    outgoing,
    ...(options.webhookPollIntervalMs === undefined
      ? {}
      : { pollIntervalMs: options.webhookPollIntervalMs }),
  });
  const emailQueue = holdEmailQueueWorker({
    db: options.db,
    clock,
    logger,
    outgoing,
    secrets,
    emailRenderer: deps.emailRenderer,
    pollIntervalMs: options.emailQueuePollIntervalMs ?? 60_000,
    capacityPerHour: deps.config.STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR,
    unsubscribeLink: unsubscribeLinkMaker(deps),
  });
  const app = new Hono<AuthEnv>();
  app.use("*", protocolHeaders());
  app.use("*", forgetProjectsAfterAdminWrites(projects));
  app.use("*", forgetUsersAfterWrites(users));
  app.use("*", answerUnknownRoutes(app));
  // Ahead of the body parser: the webhook signature covers the raw body.
  app.route("/integrations/stripe/webhooks", createStripeWebhookRoutes(deps));
  app.route("/integrations/resend/webhooks", createResendWebhookRoutes(deps));
  app.use("*", parseBody());
  app.use("*", rejectUnstorableText());
  app.use("*", authenticate(deps));
  app.use("*", writeActivityBeforeReads(sessionActivity));

  app.route("/", createProbeRoutes());
  app.route("/check-feature-support", createCheckFeatureSupportRoutes(deps));
  app.route("/", createMigrationTestRoutes(deps));
  app.route("/auth/password", createPasswordRoutes(deps));
  app.route("/auth/oauth", createOAuthTokenRoutes(deps));
  app.route("/auth/oauth", createOAuthFlowRoutes(deps, oauthClient));
  app.route("/auth/oauth", createOAuthCrossDomainRoutes(deps));
  app.route("/auth/oauth", createAppleNativeSignInRoutes(deps, oauthClient));
  app.route("/auth/sessions", createSessionRoutes(deps));
  app.route("/auth/cli", createCliAuthRoutes(deps));
  app.route("/auth/mfa", createMfaRoutes(deps));
  app.route("/auth/passkey", createPasskeyRoutes(deps));
  app.route("/auth/otp", createOtpRoutes(deps));
  app.route("/auth/anonymous", createAnonymousRoutes(deps));
  app.route("/users", createUserRoutes(deps));
  app.route("/contact-channels", createContactChannelRoutes(deps));
  app.route("/connected-accounts", createConnectedAccountRoutes(deps, oauthClient));
  app.route("/oauth-providers", createOAuthProviderRoutes(deps));
  app.route("/user-api-keys", createApiKeyRoutes(deps, "user"));
  app.route("/team-api-keys", createApiKeyRoutes(deps, "team"));
  app.route("/integrations/credential-scanning", createCredentialScanningRoutes(deps));
  app.route("/integrations/neon", createNeonIntegrationRoutes(deps));
  app.route("/integrations/custom", createCustomIntegrationRoutes(deps));
  app.route("/teams", createTeamRoutes(deps));
  app.route("/team-memberships", createTeamMembershipRoutes(deps));
  app.route("/team-invitations", createTeamInvitationRoutes(deps));
  app.route("/team-member-profiles", createTeamMemberProfileRoutes(deps));
  app.route("/team-permissions", createTeamPermissionRoutes(deps));
  app.route("/project-permissions", createProjectPermissionRoutes(deps));
  app.route("/team-permission-definitions", createPermissionDefinitionRoutes(deps, "team"));
  app.route("/project-permission-definitions", createPermissionDefinitionRoutes(deps, "project"));
  app.route("/projects", createProjectRoutes());
  app.route("/internal/projects", createInternalProjectRoutes(deps));
  app.route("/internal/api-keys", createInternalApiKeyRoutes(deps));
  app.route("/internal/config", createInternalConfigRoutes(deps));
  app.route("/internal/metrics", createInternalMetricsRoutes(deps));
  app.route("/internal/payments", createInternalPaymentRoutes(deps));
  app.route("/webhooks", createWebhookRoutes(deps));
  app.route("/internal/send-test-webhook", createSendTestWebhookRoutes(deps));
  app.route("/data-vault", createDataVaultRoutes(deps));
  app.route("/payments/test-mode-checkout", createTestModeCheckoutRoutes(deps));
  app.route("/payments/stripe-checkout", createStripeCheckoutRoutes(deps));
  app.route("/payments", createPaymentRoutes(deps));
  app.route("/emails", createEmailRoutes(deps));
  app.route("/internal/email-templates", createEmailTemplateRoutes(deps));
  app.route("/internal/email-themes", createEmailThemeRoutes(deps));
  app.route("/internal/email-drafts", createEmailDraftRoutes(deps));
  app.route("/internal/rewrite-template-source", createTemplateSourceRewriteRoutes(deps));
  app.route("/internal/local-emulator", createLocalEmulatorRoutes());
  app.route("/internal/component-versions", createComponentVersionRoutes());
  app.route("/internal/feedback", createFeedbackRoutes(deps));
  app.route("/internal/send-test-email", createSendTestEmailRoutes(deps));
  app.route("/internal/send-sign-in-invitation", createSignInInvitationRoutes(deps));
  app.route("/internal/sign-up-rules-test", createSignUpRulesTestRoutes());
  app.route("/internal/emails/managed-onboarding", createManagedEmailOnboardingRoutes(deps));
  app.route("/internal/emails", createSentEmailRoutes(deps));
  app.route("/emails/outbox", createEmailOutboxRoutes(deps));
  app.route("/emails", createEmailDeliveryRoutes(deps));
  app.route("/internal/email-queue-step", createEmailQueueStepRoutes(deps, emailQueue.worker));
  app.route("/internal/failed-emails-digest", createFailedEmailsDigestRoutes(deps));
  app.route("/", createJwksRoutes(deps));

  // Paths the table above matches but Hono does not (a trailing slash) end here.
  app.all("*", (c) => notFoundResponse(new URL(c.req.url).pathname));
  const answerError = createErrorHandler(deps);
  app.onError(answerError);
  const close = async () => {
    // Before the workers and caches stop: the last refreshes' times go to the database.
    await sessionActivity.close();
    await Promise.all([
      webhookWorker.release(),
      emailQueue.release(),
      projects.close(),
      users.close(),
    ]);
    // After the queue's last pass, which may have been rendering.
    deps.emailRenderer.stop();
  };
  const svixApi = createSvixApi(deps);
  return Object.assign(app, {
    close,
    projects,
    users,
    sessionActivity,
    svixApi,
    emailRenderer: deps.emailRenderer,
    answerError,
    accessTokens: createAccessTokenVerifier(options.db, {
      baseUrl: deps.baseUrl,
      clock,
      signingKeys: deps.signingKeys,
    }),
  });
}
