/**
 * The auth platform's tables (PostgreSQL schema "auth"). Secrets are never stored in the clear:
 * project keys and refresh tokens as SHA-256 hex digests, passwords as argon2id (or imported bcrypt)
 * hashes. Ids are UUIDs except project ids (`internal` or a UUID string).
 * @module
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Every table of the auth platform lives in this PostgreSQL schema. */
export const authSchema = pgSchema("auth");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const projects = authSchema.table("projects", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  description: text("description").notNull().default(""),
  /** A team of the `internal` project whose members administer this project. */
  ownerTeamId: uuid("owner_team_id"),
  isProductionMode: boolean("is_production_mode").notNull().default(false),
  logoUrl: text("logo_url"),
  logoFullUrl: text("logo_full_url"),
  logoDarkModeUrl: text("logo_dark_mode_url"),
  logoFullDarkModeUrl: text("logo_full_dark_mode_url"),
  /** The dashboard's onboarding step for this project (contract §3.2). */
  onboardingStatus: text("onboarding_status").notNull().default("completed"),
  /** The project configuration (see services/projects/project-config.ts); parsed with defaults on read. */
  config: jsonb("config").notNull().default({}),
  /**
   * The project's Stripe connected account (made by POST /internal/payments/setup); its payments
   * are taken on that account. Not in `config`: admins must not point it at another account.
   */
  stripeAccountId: text("stripe_account_id"),
  /** Until when the project's e-mail capacity is boosted (`POST /emails/capacity-boost`). */
  emailCapacityBoostExpiresAt: timestamp("email_capacity_boost_expires_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** A key set: up to three keys created together; each is shown once and stored as a hash. */
export const projectApiKeys = authSchema.table(
  "project_api_keys",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    description: text("description").notNull().default(""),
    publishableClientKeyHash: text("publishable_client_key_hash"),
    secretServerKeyHash: text("secret_server_key_hash"),
    superSecretAdminKeyHash: text("super_secret_admin_key_hash"),
    publishableClientKeyLastFour: text("publishable_client_key_last_four"),
    secretServerKeyLastFour: text("secret_server_key_last_four"),
    superSecretAdminKeyLastFour: text("super_secret_admin_key_last_four"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("project_api_keys_publishable_idx").on(table.publishableClientKeyHash),
    index("project_api_keys_secret_idx").on(table.secretServerKeyHash),
    index("project_api_keys_admin_idx").on(table.superSecretAdminKeyHash),
    index("project_api_keys_project_idx").on(table.projectId),
  ],
);

/**
 * What each config level (`project`, `branch`, `environment`; contract §3.7) has set, as dot-notation
 * keys. The effective config stays in `projects.config`; these records answer the per-level reads
 * and say what a reset or replace of a level takes back. The `branch` row also keeps where its
 * pushed config came from (`source`, set by PUT; null = unlinked).
 */
export const projectConfigOverrides = authSchema.table(
  "project_config_overrides",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    level: text("level").notNull(),
    override: jsonb("override").notNull().default({}),
    source: jsonb("source"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.level] })],
);

export const teams = authSchema.table(
  "teams",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    profileImageUrl: text("profile_image_url"),
    clientMetadata: jsonb("client_metadata"),
    clientReadOnlyMetadata: jsonb("client_read_only_metadata"),
    serverMetadata: jsonb("server_metadata"),
    createdAt: createdAt(),
  },
  (table) => [index("teams_project_idx").on(table.projectId)],
);

export const users = authSchema.table(
  "users",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    profileImageUrl: text("profile_image_url"),
    clientMetadata: jsonb("client_metadata"),
    clientReadOnlyMetadata: jsonb("client_read_only_metadata"),
    serverMetadata: jsonb("server_metadata"),
    selectedTeamId: uuid("selected_team_id").references(() => teams.id, { onDelete: "set null" }),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    restrictedByAdmin: boolean("restricted_by_admin").notNull().default(false),
    restrictedByAdminReason: text("restricted_by_admin_reason"),
    restrictedByAdminPrivateDetails: text("restricted_by_admin_private_details"),
    countryCode: text("country_code"),
    riskScoreBot: integer("risk_score_bot").notNull().default(0),
    riskScoreFreeTrialAbuse: integer("risk_score_free_trial_abuse").notNull().default(0),
    otpAuthEnabled: boolean("otp_auth_enabled").notNull().default(false),
    passkeyAuthEnabled: boolean("passkey_auth_enabled").notNull().default(false),
    /** Base64 TOTP secret; set means the user must pass MFA at sign-in. */
    totpSecretBase64: text("totp_secret_base64"),
    /** The 30-second TOTP step last accepted, so one code cannot be used twice (services/credentials/totp.ts). */
    totpLastUsedStep: bigint("totp_last_used_step", { mode: "number" }),
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("users_project_signed_up_idx").on(table.projectId, table.signedUpAt, table.id),
    index("users_project_last_active_idx").on(table.projectId, table.lastActiveAt, table.id),
  ],
);

/** One password per user: an argon2id hash (or an imported bcrypt hash until the next sign-in). */
export const passwordCredentials = authSchema.table("password_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const contactChannels = authSchema.table(
  "contact_channels",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** Emails are stored trimmed and lower-cased. */
    value: text("value").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    usedForAuth: boolean("used_for_auth").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    // Two accounts can never sign in with the same address (the race is settled here, not in code).
    uniqueIndex("contact_channels_auth_value_unique")
      .on(table.projectId, table.type, table.value)
      .where(sql`${table.usedForAuth}`),
    uniqueIndex("contact_channels_one_primary_unique")
      .on(table.userId, table.type)
      .where(sql`${table.isPrimary}`),
    unique("contact_channels_user_value_unique").on(table.userId, table.type, table.value),
    index("contact_channels_project_value_idx").on(table.projectId, table.value),
  ],
);

/** A session: one refresh token (stored only as its SHA-256 digest); `id` is the JWT's refresh_token_id. */
export const sessions = authSchema.table(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    isImpersonation: boolean("is_impersonation").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull(),
    lastActiveIp: text("last_active_ip"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * ES256 key pairs used to sign access tokens, one active pair per audience kind. A retired key stays
 * in the JWKS until every token it signed has expired.
 */
export const signingKeys = authSchema.table(
  "signing_keys",
  {
    /** The JWT `kid`. */
    id: text("id").primaryKey(),
    /** `normal`, `anonymous` or `restricted` (contract §1.5: separate key pair per audience). */
    audienceKind: text("audience_kind").notNull(),
    privateJwk: jsonb("private_jwk").notNull(),
    publicJwk: jsonb("public_jwk").notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * The kind's next key: published in the JWKS (cached for an hour by verifiers) before it signs
     * anything, so a rotation, which makes it the active key, breaks no cached key set.
     */
    isNext: boolean("is_next").notNull().default(false),
  },
  (table) => [
    uniqueIndex("signing_keys_one_active_per_kind")
      .on(table.audienceKind, table.isNext)
      .where(sql`${table.retiredAt} is null`),
  ],
);

export const teamMembers = authSchema.table(
  "team_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member's name in this team (contract §2.10); null falls back to the user's. */
    displayName: text("display_name"),
    /** The member's picture in this team; null falls back to the user's. */
    profileImageUrl: text("profile_image_url"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index("team_members_user_idx").on(table.userId),
  ],
);

/** A permission granted to a user, in a team (`team_id` set) or project-wide (`team_id` null). */
export const permissionGrants = authSchema.table(
  "permission_grants",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    permissionId: text("permission_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("permission_grants_unique")
      .on(table.userId, table.teamId, table.permissionId)
      .nullsNotDistinct(),
  ],
);

/** Fixed-window counters, shared by every process through the database. */
export const rateLimitBuckets = authSchema.table("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectApiKeyRow = typeof projectApiKeys.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ContactChannelRow = typeof contactChannels.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

/**
 * Every e-mail the platform sends, kept after sending: `queued` until delivered over SMTP (or for
 * good when no SMTP server is configured), then `sent` or `failed` with the transport's error.
 */
export const emailOutbox = authSchema.table(
  "email_outbox",
  {
    id: uuid("id").primaryKey(),
    /** Insertion order (timestamps come from the injectable clock and may tie). */
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").$type<"queued" | "sent" | "failed" | "skipped">().notNull(),
    /** The last delivery error; kept while a queued message waits for its retry. */
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** `send-email` `scheduled_at_millis`: not sent before this; null for mail sent at once. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** Due high-priority messages go out before the others (`send-email` `is_high_priority`). */
    isHighPriority: boolean("is_high_priority").notNull().default(false),
    /** Delivery attempts made by the send queue (services/email/email-queue.ts). */
    attemptCount: integer("attempt_count").notNull().default(0),
    /**
     * Set only on messages of the send queue (`send-email`, delivered through the project's own
     * server by the queue worker) while they wait for their first attempt or a retry; null once
     * sent or failed for good, and for mail sent at once by its flow.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /*
     * The lifecycle of a `send-email` message (`/emails/outbox`, services/email/outbox-entries.ts).
     * Such a message keeps its source and its recipient: the queue worker renders it at once (and
     * again after an edit), looks the recipient's address up again when it falls due, and an admin
     * may pause, edit or cancel it until it is sent. `to`, `subject`, `text` and `html` stay empty
     * until it is rendered. Mail a flow sends at once (sign-in codes, ...) has no source.
     */
    /** `{ type: "user-primary-email", user_id }` (the outbox API's recipient shape), or null. */
    recipient: jsonb("recipient").$type<OutboxRecipient>(),
    tsxSource: text("tsx_source"),
    /** The theme to render in; null: none. An id that no longer exists falls back to the project's. */
    themeId: text("theme_id"),
    variables: jsonb("variables").$type<Record<string, unknown>>(),
    overrideSubject: text("override_subject"),
    overrideCategoryName: text("override_category_name"),
    createdWith: text("created_with").$type<"draft" | "programmatic-call">(),
    emailDraftId: uuid("email_draft_id"),
    templateId: text("template_id"),
    isPaused: boolean("is_paused").notNull().default(false),
    /** Why the message was not sent (USER_HAS_NO_PRIMARY_EMAIL, MANUALLY_CANCELLED, ...). */
    skippedReason: text("skipped_reason"),
    skippedDetails: jsonb("skipped_details").$type<Record<string, unknown>>(),
    startedRenderingAt: timestamp("started_rendering_at", { withTimezone: true }),
    renderedAt: timestamp("rendered_at", { withTimezone: true }),
    renderError: text("render_error"),
    isTransactional: boolean("is_transactional"),
    notificationCategoryId: text("notification_category_id"),
    startedSendingAt: timestamp("started_sending_at", { withTimezone: true }),
    finishedSendingAt: timestamp("finished_sending_at", { withTimezone: true }),
    /** One entry per failed delivery attempt (the outbox API's `send_attempt_errors`). */
    sendAttemptErrors: jsonb("send_attempt_errors").$type<SendAttemptError[]>(),
  },
  (table) => [
    index("email_outbox_project_idx").on(table.projectId, table.createdAt),
    index("email_outbox_to_idx").on(table.to, table.createdAt),
    index("email_outbox_queue_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
  ],
);

/**
 * An admin's e-mail draft (`/internal/email-drafts`): markup in the template format
 * (services/email-designs/email-designs.ts) sent with `send-email` `draft_id`. `theme_mode` keeps the
 * reference's three choices apart: the project's selected theme, none, or `theme_id`.
 */
export const emailDrafts = authSchema.table(
  "email_drafts",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    themeMode: text("theme_mode").$type<"project" | "none" | "custom">().notNull(),
    themeId: text("theme_id"),
    tsxSource: text("tsx_source").notNull(),
    /** When it was last sent with `send-email`. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("email_drafts_project_idx").on(table.projectId, table.updatedAt)],
);

export type EmailDraftRow = typeof emailDrafts.$inferSelect;

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

export interface OutboxRecipient {
  type: "user-primary-email";
  user_id: string;
}

export interface SendAttemptError {
  attempt_number: number;
  timestamp: string;
  external_message: string;
  external_details: Record<string, unknown>;
  internal_message: string;
  internal_details: Record<string, unknown>;
}

/**
 * One-time codes sent by e-mail (contract §2.1): stored only as SHA-256 digests. `nonce_hash` is the
 * digest of the code's last 39 characters; attempts are counted per nonce so a short code sharing a
 * nonce cannot be guessed.
 */
export const verificationCodes = authSchema.table(
  "verification_codes",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `password_reset` or `contact_channel_verification`. */
    type: text("type").notNull(),
    codeHash: text("code_hash").notNull().unique(),
    nonceHash: text("nonce_hash").notNull(),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    attemptCount: integer("attempt_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("verification_codes_nonce_idx").on(table.projectId, table.type, table.nonceHash),
  ],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/**
 * A third-party account (OAuth provider) connected to a user (contract §2.16). `provider_config_id`
 * is the key of the provider in the project config (`auth.oauth.providers`), `provider_account_id`
 * the provider's stable user id (`sub`).
 */
export const oauthAccounts = authSchema.table(
  "oauth_accounts",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerConfigId: text("provider_config_id").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    email: text("email"),
    /** Whether signing in with this account signs in its user (false for accounts only linked). */
    allowSignIn: boolean("allow_sign_in").notNull().default(true),
    /** Whether the app may use the account's provider tokens (connected accounts). */
    allowConnectedAccounts: boolean("allow_connected_accounts").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    // One provider account signs in one user; accounts only linked (allow_sign_in false) may be
    // linked to several users, as the reference allows.
    uniqueIndex("oauth_accounts_provider_account_unique")
      .on(table.projectId, table.providerConfigId, table.providerAccountId)
      .where(sql`${table.allowSignIn}`),
    unique("oauth_accounts_user_provider_account_unique").on(
      table.projectId,
      table.providerConfigId,
      table.userId,
      table.providerAccountId,
    ),
    index("oauth_accounts_user_idx").on(table.userId),
  ],
);

/**
 * Tokens a provider issued for a connected account, kept so the app can call the provider's API
 * (connected accounts). `kind` is `access` or `refresh`; `scopes` what the provider granted. `token`
 * is sealed at rest (services/oauth/provider-token-seal.ts); rows written before that hold plain text.
 */
export const oauthTokens = authSchema.table(
  "oauth_tokens",
  {
    id: uuid("id").primaryKey(),
    oauthAccountId: uuid("oauth_account_id")
      .notNull()
      .references(() => oauthAccounts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"access" | "refresh">().notNull(),
    token: text("token").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** False once the provider rejected it (revoked access, failed refresh). */
    isValid: boolean("is_valid").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index("oauth_tokens_account_idx").on(table.oauthAccountId, table.kind)],
);

/**
 * Short-lived OAuth flow secrets, stored as SHA-256 digests: the outer flow of an authorize request
 * keyed by its inner state (`outer_flow`, 10 min) and our authorization codes (`authorization_code`,
 * 5 min, used once).
 */
export const oauthFlowCodes = authSchema.table(
  "oauth_flow_codes",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"outer_flow" | "authorization_code">().notNull(),
    codeHash: text("code_hash").notNull().unique(),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Expired rows are swept on write (flow-codes.ts), oldest first.
  (table) => [index("oauth_flow_codes_expires_at_idx").on(table.expiresAt)],
);

export type OAuthAccountRow = typeof oauthAccounts.$inferSelect;
export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
export type OAuthFlowCodeRow = typeof oauthFlowCodes.$inferSelect;

/**
 * A user's WebAuthn credential (contract §2.15: one passkey per user, a new registration replaces
 * it). Public keys are not secret; the credential id is what the authenticator hands back at sign-in.
 */
export const passkeyCredentials = authSchema.table(
  "passkey_credentials",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url credential id, as in the authenticator's responses. */
    credentialId: text("credential_id").notNull(),
    /** base64url COSE public key. */
    publicKey: text("public_key").notNull(),
    /** Signature counter (0 forever for authenticators that do not count). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("passkey_credentials_project_credential_unique").on(
      table.projectId,
      table.credentialId,
    ),
  ],
);

export type PasskeyCredentialRow = typeof passkeyCredentials.$inferSelect;

/**
 * User and team API keys (contract §2.12), issued by a project to its users and teams: each belongs
 * to exactly one user or one team. The key is shown once when created; only its SHA-256 digest and
 * last four characters are kept.
 */
export const customerApiKeys = authSchema.table(
  "customer_api_keys",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    secretHash: text("secret_hash").notNull().unique(),
    lastFour: text("last_four").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("customer_api_keys_one_owner", sql`("user_id" is null) <> ("team_id" is null)`),
    index("customer_api_keys_user_idx").on(table.projectId, table.userId),
    index("customer_api_keys_team_idx").on(table.projectId, table.teamId),
  ],
);

export type CustomerApiKeyRow = typeof customerApiKeys.$inferSelect;

/**
 * CLI sign-in attempts (contract §2.17). Both codes are stored as SHA-256 digests. Completing records
 * the signed-in user; the CLI's own session is only created when the poll collects it, so no refresh
 * token is ever stored here.
 */
export const cliAuthAttempts = authSchema.table(
  "cli_auth_attempts",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    pollingCodeHash: text("polling_code_hash").notNull().unique(),
    loginCodeHash: text("login_code_hash").notNull().unique(),
    /** The anonymous user of the CLI's `anon_refresh_token`, until claimed or completed. */
    anonUserId: uuid("anon_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The CLI's `anon_refresh_token`, sealed (services/secrets/secret-box.ts), until claimed or
     * completed: a claim hands this very session to the browser, as the reference does.
     */
    anonRefreshTokenSealed: text("anon_refresh_token_sealed"),
    /** The user who completed the sign-in in the browser. */
    completedUserId: uuid("completed_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * The browser's refresh token the sign-in was completed with, sealed, until the poll collects
     * it (then cleared): the CLI signs in with that session, as the reference's poll answers.
     */
    refreshTokenSealed: text("refresh_token_sealed"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the poll collected the session (the attempt is then spent). */
    usedAt: timestamp("used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("cli_auth_attempts_project_idx").on(table.projectId)],
);

export type CliAuthAttemptRow = typeof cliAuthAttempts.$inferSelect;

/**
 * Each user's choice per e-mail notification category (contract §3.4). A missing row means the
 * category's default (enabled); transactional mail ignores it.
 */
export const emailNotificationPreferences = authSchema.table(
  "email_notification_preferences",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: text("category_id").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.categoryId] })],
);

/**
 * Data vault entries (contract §3.5). The SDK already sends a hashed key and a client-encrypted
 * value; the server encrypts that value again at rest (services/data-vault/data-vault.ts) so a database dump
 * alone does not even reveal the client ciphertexts.
 */
export const dataVaultEntries = authSchema.table(
  "data_vault_entries",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    hashedKey: text("hashed_key").notNull(),
    /** base64 of version ‖ salt ‖ nonce ‖ AES-GCM ciphertext of the client's `encrypted_value`. */
    sealedValue: text("sealed_value").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.storeId, table.hashedKey] })],
);

/**
 * Webhook endpoints of a project (Standard Webhooks deliveries of user/team/membership events).
 * `secret` is the `whsec_` signing secret; it must be readable to sign, so it is stored as given.
 * `event_types` null means every event.
 */
export const webhookEndpoints = authSchema.table(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    secret: text("secret").notNull(),
    eventTypes: jsonb("event_types").$type<string[] | null>(),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("webhook_endpoints_project_idx").on(table.projectId, table.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Tokens of the webhook endpoint-management API (`POST /webhooks/svix-token`), stored as SHA-256
 * hex digests so every process on this database accepts them and they survive restarts. No foreign
 * key on `project_id`: a token of a deleted project must still be recognised, to answer
 * PROJECT_NOT_FOUND rather than "invalid token" (rows are purged once expired).
 */
export const webhookManagementTokens = authSchema.table(
  "webhook_management_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    projectId: text("project_id").notNull(),
    /**
     * The admin credential that asked for the token (services/admin/admin-credential.ts): the
     * token works only while that credential still would (issue 28). Null in tokens written before.
     */
    issuerKind: text("issuer_kind"),
    issuerRef: text("issuer_ref"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("webhook_management_tokens_expires_idx").on(table.expiresAt)],
);

/**
 * One event for one endpoint. Pending rows are the worker's queue (so a restart loses nothing):
 * `pending` until a 2xx answer (`succeeded`) or the last retry (`failed`).
 */
export const webhookDeliveries = authSchema.table(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header (`msg_…`), stable across retries. */
    id: text("id").primaryKey(),
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.sequence),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The delivery log: one row per HTTP attempt, with the receiver's status or the network error. */
export const webhookDeliveryAttempts = authSchema.table(
  "webhook_delivery_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (table) => [index("webhook_delivery_attempts_delivery_idx").on(table.deliveryId, table.id)],
);

export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

/**
 * Payments ledger (contract §3.6): every change of an item's quantity for one customer. A
 * customer's quantity is the sum of the changes that have not expired; granting a product adds one
 * row per included item. `customer_id` is text because custom customers have free-form ids.
 */
export const itemQuantityChanges = authSchema.table(
  "item_quantity_changes",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerType: text("customer_type").notNull(),
    customerId: text("customer_id").notNull(),
    itemId: text("item_id").notNull(),
    delta: integer("delta").notNull(),
    description: text("description"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The purchase whose product included this item; null for update-quantity calls. */
    purchaseId: uuid("purchase_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("item_quantity_changes_customer_idx").on(
      table.projectId,
      table.customerType,
      table.customerId,
      table.itemId,
    ),
  ],
);

/**
 * Products granted to a customer (test-mode checkout or a payment provider). `product` is the
 * product definition at purchase time, so later config edits do not rewrite past purchases.
 */
export const productPurchases = authSchema.table(
  "product_purchases",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    customerType: text("customer_type").notNull(),
    customerId: text("customer_id").notNull(),
    /** Null for an inline product. */
    productId: text("product_id"),
    product: jsonb("product").notNull(),
    /** `test_mode` (built-in checkout) or the provider that took the payment. */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("product_purchases_customer_idx").on(
      table.projectId,
      table.customerType,
      table.customerId,
    ),
  ],
);

/**
 * Pending checkouts behind a purchase URL. Only the SHA-256 of the one-time code is stored; the code
 * is spent (`used_at`) by the first confirmation.
 */
export const purchaseCodes = authSchema.table("purchase_codes", {
  id: uuid("id").primaryKey(),
  projectId: text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull().unique(),
  customerType: text("customer_type").notNull(),
  customerId: text("customer_id").notNull(),
  productId: text("product_id"),
  product: jsonb("product").notNull(),
  returnUrl: text("return_url"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  /**
   * The one Stripe Checkout Session of this code (outside test mode), made when the buyer first
   * continues to payment; the webhook grants by it, so a code is paid and granted at most once.
   */
  stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
  /** The session's hosted payment page, so a buyer who comes back returns to the same session. */
  stripeCheckoutUrl: text("stripe_checkout_url"),
  createdAt: createdAt(),
});

/**
 * Projects an integration client (`STACK_INTEGRATION_CLIENTS_CONFIG`) provisioned and may still hand
 * over: the row goes when a signed-in dashboard user takes the project (a transfer happens once).
 */
export const provisionedProjects = authSchema.table("provisioned_projects", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  clientId: text("client_id").notNull(),
  createdAt: createdAt(),
});

/**
 * What the integration OAuth flow's OpenID provider (oidc-provider, one per integration family:
 * `idp_id`) keeps between requests: its sessions, interactions, grants, codes and tokens, by model
 * and id, and its own ID-token signing key (model `SigningKey`, the private JWK sealed). Expired
 * rows are ignored on read and swept on write.
 */
export const integrationIdpRecords = authSchema.table(
  "integration_idp_records",
  {
    idpId: text("idp_id").notNull(),
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.idpId, table.model, table.id] }),
    index("integration_idp_records_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * The dashboard's confirmation of an integration OAuth flow (`/integrations/{neon,custom}/internal/confirm`):
 * a one-time code, kept as its SHA-256 digest, for one interaction, carrying the project's new admin
 * key (sealed) until the interaction finishes. The row goes when the code is used.
 */
export const integrationAuthorizationCodes = authSchema.table(
  "integration_authorization_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    idpId: text("idp_id").notNull(),
    interactionUid: text("interaction_uid").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    resultSealed: text("result_sealed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("integration_authorization_codes_expires_at_idx").on(table.expiresAt)],
);

/**
 * The accounts of the integration OpenID provider: one per finished interaction, naming the admin
 * key (sealed) that the client's token exchange hands over once; the row goes then.
 */
export const integrationIdpAccounts = authSchema.table(
  "integration_idp_accounts",
  {
    accountId: text("account_id").primaryKey(),
    idpId: text("idp_id").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    resultSealed: text("result_sealed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("integration_idp_accounts_expires_at_idx").on(table.expiresAt)],
);

/**
 * Sending domains set up by managed e-mail onboarding (services/managed-email/): one per project
 * and subdomain, named at Resend by `resend_domain_id` (the API's `domain_id`). `status` follows
 * Resend's verification (its webhook, or the simulation); `applied` marks the one the project's
 * mail goes out through. `last_error` is Resend's reason for a failure, for operators only.
 */
export const managedEmailDomains = authSchema.table(
  "managed_email_domains",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    subdomain: text("subdomain").notNull(),
    senderLocalPart: text("sender_local_part").notNull(),
    resendDomainId: text("resend_domain_id").notNull().unique(),
    nameServers: jsonb("name_servers").$type<string[]>().notNull(),
    status: text("status").notNull(),
    providerStatus: text("provider_status"),
    lastError: text("last_error"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("managed_email_domains_project_subdomain").on(table.projectId, table.subdomain),
    check(
      "managed_email_domains_status",
      sql`${table.status} in ('pending_dns', 'pending_verification', 'verified', 'applied', 'failed')`,
    ),
  ],
);
