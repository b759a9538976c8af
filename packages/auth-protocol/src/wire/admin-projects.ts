/**
 * The admin view of a project (contract §3.1, §3.2: `/internal/projects`, `/internal/projects/current`)
 * with its legacy `config` object, the update body, and internal (project) API keys (§3.3).
 * @module
 */
import { z } from "zod";

export const onboardingStatuses = [
  "config_choice",
  "apps_selection",
  "auth_setup",
  "domain_setup",
  "email_theme_setup",
  "payments_setup",
  "welcome",
  "completed",
] as const;
export const onboardingStatusSchema = z.enum(onboardingStatuses);

export const oauthAccountMergeStrategySchema = z.enum([
  "link_method",
  "raise_error",
  "allow_duplicates",
]);

const providerFields = {
  /** The provider type, e.g. `github`. */
  id: z.string().min(1),
  type: z.enum(["shared", "standard"]),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  facebook_config_id: z.string().optional(),
  microsoft_tenant_id: z.string().optional(),
  apple_bundle_ids: z.array(z.string()).optional(),
};

export const adminOAuthProviderSchema = z.strictObject({
  provider_config_id: z.string(),
  ...providerFields,
});
export type AdminOAuthProvider = z.infer<typeof adminOAuthProviderSchema>;

export const adminDomainSchema = z.strictObject({
  // The reference's line names no field ("URL must start with ..."): `wholeLine` tells the
  // server's validation messages to print it as is.
  domain: z.string().refine((value) => /^https?:\/\//.test(value), {
    message: "URL must start with http:// or https://",
    params: { wholeLine: true },
  }),
  handler_path: z.string().startsWith("/", "must start with /"),
});

const standardEmailConfigSchema = z.strictObject({
  type: z.literal("standard"),
  host: z.string().min(1),
  port: z.int().min(1).max(65535),
  username: z.string(),
  password: z.string(),
  sender_name: z.string().min(1),
  // The HTML form rule, as the reference's `emailSchema` (its suite sends `test@email.com2`).
  sender_email: z.email({ pattern: z.regexes.html5Email }),
});
export const emailConfigSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("shared") }),
  standardEmailConfigSchema,
]);
export type EmailConfig = z.infer<typeof emailConfigSchema>;

const permissionRefsSchema = z.array(z.strictObject({ id: z.string().min(1) }));

export const adminProjectConfigSchema = z.strictObject({
  allow_localhost: z.boolean(),
  sign_up_enabled: z.boolean(),
  credential_enabled: z.boolean(),
  magic_link_enabled: z.boolean(),
  passkey_enabled: z.boolean(),
  client_team_creation_enabled: z.boolean(),
  client_user_deletion_enabled: z.boolean(),
  allow_user_api_keys: z.boolean(),
  allow_team_api_keys: z.boolean(),
  oauth_providers: z.array(adminOAuthProviderSchema),
  enabled_oauth_providers: z.array(adminOAuthProviderSchema),
  domains: z.array(adminDomainSchema),
  email_config: emailConfigSchema,
  email_theme: z.string(),
  create_team_on_sign_up: z.boolean(),
  team_creator_default_permissions: permissionRefsSchema,
  team_member_default_permissions: permissionRefsSchema,
  user_default_permissions: permissionRefsSchema,
  oauth_account_merge_strategy: oauthAccountMergeStrategySchema,
  require_email_verification: z.boolean(),
});
export type AdminProjectConfig = z.infer<typeof adminProjectConfigSchema>;

export const adminProjectSchema = z.strictObject({
  id: z.string(),
  display_name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  logo_full_url: z.string().nullable(),
  logo_dark_mode_url: z.string().nullable(),
  logo_full_dark_mode_url: z.string().nullable(),
  created_at_millis: z.int(),
  is_production_mode: z.boolean(),
  is_development_environment: z.boolean(),
  owner_team_id: z.string().nullable(),
  onboarding_status: onboardingStatusSchema,
  config: adminProjectConfigSchema,
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/**
 * A standard provider needs its own client id and secret, each reported on its own field as the
 * reference does ("must be defined", "must not be empty"). Shared by every shape that writes one.
 */
export function requireStandardProviderCredentials(
  provider: {
    type?: string | undefined;
    client_id?: string | undefined;
    client_secret?: string | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (provider.type !== "standard") return;
  for (const key of ["client_id", "client_secret"] as const) {
    const value = provider[key];
    if (value === undefined || value === "") {
      context.addIssue({
        code: "custom",
        path: [key],
        message: value === undefined ? "must be defined" : "must not be empty",
      });
    }
  }
}

/** An OAuth provider in an update. */
export const adminOAuthProviderUpdateSchema = z
  .strictObject(providerFields)
  .superRefine(requireStandardProviderCredentials);

/**
 * Images as URLs or data URLs, at most 1,000,000 characters as in the reference
 * (`MAX_IMAGE_SIZE_BASE64_BYTES`): a megabyte, not the megabytes each list of them would repeat.
 */
export const maxImageUrlLength = 1_000_000;

const logoUrl = z.url().max(maxImageUrlLength).nullable().optional();

/** `PATCH /internal/projects/current` (every key optional). */
export const adminProjectUpdateSchema = z.strictObject({
  display_name: z.string().min(1).optional(),
  description: z.string().nullable().optional(),
  is_production_mode: z.boolean().optional(),
  onboarding_status: onboardingStatusSchema.optional(),
  logo_url: logoUrl,
  logo_full_url: logoUrl,
  logo_dark_mode_url: logoUrl,
  logo_full_dark_mode_url: logoUrl,
  config: z
    .strictObject({
      allow_localhost: z.boolean().optional(),
      sign_up_enabled: z.boolean().optional(),
      credential_enabled: z.boolean().optional(),
      magic_link_enabled: z.boolean().optional(),
      passkey_enabled: z.boolean().optional(),
      client_team_creation_enabled: z.boolean().optional(),
      client_user_deletion_enabled: z.boolean().optional(),
      allow_user_api_keys: z.boolean().optional(),
      allow_team_api_keys: z.boolean().optional(),
      oauth_providers: z.array(adminOAuthProviderUpdateSchema).optional(),
      domains: z.array(adminDomainSchema).optional(),
      email_config: emailConfigSchema.optional(),
      email_theme: z.string().optional(),
      create_team_on_sign_up: z.boolean().optional(),
      team_creator_default_permissions: permissionRefsSchema.optional(),
      team_member_default_permissions: permissionRefsSchema.optional(),
      user_default_permissions: permissionRefsSchema.optional(),
      oauth_account_merge_strategy: oauthAccountMergeStrategySchema.optional(),
      require_email_verification: z.boolean().optional(),
    })
    .optional(),
});
export type AdminProjectUpdate = z.infer<typeof adminProjectUpdateSchema>;

/** `POST /internal/projects`: the update keys plus the owning team (and the SDK's flag). */
export const adminProjectCreateSchema = adminProjectUpdateSchema.extend({
  display_name: z.string().min(1),
  owner_team_id: z.uuid(),
  is_development_environment: z.boolean().optional(),
});
export type AdminProjectCreate = z.infer<typeof adminProjectCreateSchema>;

/** `POST /internal/projects/transfer`. */
export const projectTransferSchema = z.strictObject({
  project_id: z.string().min(1),
  new_team_id: z.uuid(),
});

/** `POST /internal/api-keys`. */
export const internalApiKeyCreateSchema = z.strictObject({
  description: z.string(),
  expires_at_millis: z.int(),
  has_publishable_client_key: z.boolean(),
  has_secret_server_key: z.boolean(),
  has_super_secret_admin_key: z.boolean(),
});
export type InternalApiKeyCreate = z.infer<typeof internalApiKeyCreateSchema>;

/** `PATCH /internal/api-keys/{id}`: a revoked key stays revoked. */
export const internalApiKeyUpdateSchema = z.strictObject({
  description: z.string().optional(),
  revoked: z.literal(true).optional(),
});

const internalKeyBase = {
  id: z.uuid(),
  description: z.string(),
  created_at_millis: z.int(),
  /** Absent for keys registered without an expiry (e.g. from the environment). */
  expires_at_millis: z.int().optional(),
  manually_revoked_at_millis: z.int().optional(),
};
const lastFour = z.strictObject({ last_four: z.string() }).optional();

export const internalApiKeySchema = z.strictObject({
  ...internalKeyBase,
  publishable_client_key: lastFour,
  secret_server_key: lastFour,
  super_secret_admin_key: lastFour,
});
export type InternalApiKey = z.infer<typeof internalApiKeySchema>;

export const internalApiKeyFirstViewSchema = z.strictObject({
  ...internalKeyBase,
  publishable_client_key: z.string().optional(),
  secret_server_key: z.string().optional(),
  super_secret_admin_key: z.string().optional(),
});
export type InternalApiKeyFirstView = z.infer<typeof internalApiKeyFirstViewSchema>;
