/**
 * The configuration a project stores (jsonb `projects.config`), in the reference's config-key layout
 * (contract §3.2 "Mapping to config keys"). Stored documents are parsed with defaults on read, so a
 * key added later never needs a data migration.
 * @module
 */
import type { ClientProjectConfig } from "@heritage/auth-protocol";
import { z } from "zod";
import { paymentsConfigSchema } from "./payments-config";

const trustedDomainSchema = z.object({
  baseUrl: z.string(),
  handlerPath: z.string().default("/handler"),
});

const oauthProviderSchema = z.object({
  /** A preset (services/oauth/provider-presets.ts: google, github, ...) or `oidc` (discovery). */
  type: z.string(),
  allowSignIn: z.boolean().default(true),
  /** Whether the app may fetch the provider's access tokens of linked accounts. */
  allowConnectedAccounts: z.boolean().default(true),
  /** Shared: the platform's development credentials; standard: the project's own below. */
  isShared: z.boolean().default(true),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  facebookConfigId: z.string().optional(),
  microsoftTenantId: z.string().optional(),
  /** `oidc` only: the issuer whose `/.well-known/openid-configuration` describes the provider. */
  issuerUrl: z.string().optional(),
  /** `apple` only: the iOS/macOS apps (by any id) whose native sign-in tokens are accepted. */
  appleBundles: z.record(z.string(), z.object({ bundleId: z.string() })).optional(),
});

const permissionIdsSchema = z.array(z.string()).default([]);

/**
 * A sign-up rule in the reference's shape (`auth.signUpRules.{id}`): a CEL `condition` and what a
 * match does (services/sign-up-rules/sign-up-rules.ts). Config writes refuse a condition that
 * cannot be evaluated (services/project-settings/config-override-checks.ts).
 */
const signUpRuleSchema = z.object({
  enabled: z.boolean().default(false),
  displayName: z.string().optional(),
  priority: z.number().int().min(0).default(0),
  condition: z.string().optional(),
  action: z
    .object({
      type: z.enum(["allow", "reject", "restrict", "log"]).default("allow"),
      message: z.string().optional(),
    })
    .prefault({}),
});

export type SignUpRule = z.output<typeof signUpRuleSchema>;

/** Rules in the order they are evaluated: `priority` descending, then id ascending (the reference's). */
export function orderSignUpRules(rules: Record<string, SignUpRule>): [string, SignUpRule][] {
  return Object.entries(rules).sort(([idA, a], [idB, b]) =>
    a.priority !== b.priority ? b.priority - a.priority : idA < idB ? -1 : idA > idB ? 1 : 0,
  );
}

/**
 * Shared: the platform's sender; otherwise the project's own SMTP server. `provider` is the
 * reference's label of how the dashboard set the server up: `smtp` and `resend` (Resend's SMTP
 * service) both send through the host given here. `managed` is a sending domain that managed
 * e-mail onboarding set up at Resend (services/managed-email/): mail goes out through Resend's
 * SMTP service with `password` (a key for that domain only), from
 * `managedSenderLocalPart@managedSubdomain`.
 */
const emailServerSchema = z
  .object({
    isShared: z.boolean(),
    provider: z.enum(["smtp", "resend", "managed"]).optional(),
    host: z.string().optional(),
    port: z.number().int().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    senderName: z.string().optional(),
    senderEmail: z.string().optional(),
    managedSubdomain: z.string().optional(),
    managedSenderLocalPart: z.string().optional(),
  })
  .superRefine((server, context) => {
    // A managed domain's mail needs its key and its sender (the reference's rule and messages).
    if (server.provider !== "managed" || server.isShared) return;
    const required = [
      ["password", "Password"],
      ["managedSubdomain", "Managed subdomain"],
      ["managedSenderLocalPart", "Managed sender local part"],
    ] as const;
    for (const [field, label] of required) {
      if (!server[field]) {
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${label} is required when using managed email provider`,
        });
      }
    }
  });

/**
 * An e-mail template or theme a project created or overrode (contract §3.4); the built-in ones
 * (services/email-designs/email-designs.ts) apply while no entry with their id exists. `themeId`: undefined = the
 * project's selected theme, false = no theme.
 */
const emailTemplateSchema = z.object({
  displayName: z.string(),
  tsxSource: z.string(),
  themeId: z.union([z.string(), z.literal(false)]).optional(),
});
const emailThemeSchema = z.object({ displayName: z.string(), tsxSource: z.string() });

/** A permission definition (contract §2.11): `rbac.permissions.{id}`. */
const permissionDefinitionSchema = z.object({
  description: z.string().optional(),
  scope: z.enum(["team", "project"]),
  containedPermissionIds: z.record(z.string(), z.literal(true)).default({}),
});

/**
 * What every project has until its admin changes the definitions (the reference's new projects):
 * members may read and invite members, admins hold every system permission.
 */
export const defaultPermissionDefinitions = {
  team_member: {
    description: "Default permission for team members",
    scope: "team",
    containedPermissionIds: { $read_members: true, $invite_members: true },
  },
  team_admin: {
    description: "Default permission for team admins",
    scope: "team",
    containedPermissionIds: {
      $update_team: true,
      $delete_team: true,
      $read_members: true,
      $remove_members: true,
      $invite_members: true,
      $manage_api_keys: true,
    },
  },
} as const;

/** The reference's dashboard app ids (`ALL_APPS` of its apps config). */
const dashboardAppIds = [
  "authentication",
  "fraud-protection",
  "onboarding",
  "teams",
  "rbac",
  "api-keys",
  "payments",
  "emails",
  "email-api",
  "data-vault",
  "webhooks",
  "tv-mode",
  "launch-checklist",
  "catalyst",
  "neon",
  "convex",
  "vercel",
  "analytics",
] as const;

export const projectConfigSchema = z.object({
  auth: z
    .object({
      allowSignUp: z.boolean().default(true),
      password: z.object({ allowSignIn: z.boolean().default(true) }).prefault({}),
      otp: z.object({ allowSignIn: z.boolean().default(false) }).prefault({}),
      passkey: z.object({ allowSignIn: z.boolean().default(false) }).prefault({}),
      oauth: z
        .object({
          providers: z.record(z.string(), oauthProviderSchema).default({}),
          /** What an OAuth sign-in does when its e-mail already signs in another user (§2.16). */
          accountMergeStrategy: z
            .enum(["link_method", "raise_error", "allow_duplicates"])
            .default("link_method"),
        })
        .prefault({}),
      /** Rendered in the order they are evaluated (priority descending, then id), as the reference. */
      signUpRules: z
        .record(z.string(), signUpRuleSchema)
        .default({})
        .transform((rules) => Object.fromEntries(orderSignUpRules(rules))),
      signUpRulesDefaultAction: z.enum(["allow", "reject"]).default("allow"),
    })
    .prefault({}),
  domains: z
    .object({
      allowLocalhost: z.boolean().default(true),
      trustedDomains: z.record(z.string(), trustedDomainSchema).default({}),
    })
    .prefault({}),
  teams: z
    .object({
      createPersonalTeamOnSignUp: z.boolean().default(false),
      allowClientTeamCreation: z.boolean().default(false),
    })
    .prefault({}),
  users: z.object({ allowClientUserDeletion: z.boolean().default(false) }).prefault({}),
  apiKeys: z
    .object({
      enabled: z
        .object({ user: z.boolean().default(false), team: z.boolean().default(false) })
        .prefault({}),
    })
    .prefault({}),
  /**
   * The dashboard's apps and whether each is on (the reference's `apps.installed.<app id>`). It
   * decides nothing here beyond what the dashboard shows; the ids are the reference's.
   */
  apps: z
    .object({
      installed: z
        .partialRecord(z.enum(dashboardAppIds), z.object({ enabled: z.boolean().default(false) }))
        .default({}),
    })
    .prefault({}),
  project: z.object({ requirePublishableClientKey: z.boolean().default(false) }).prefault({}),
  onboarding: z.object({ requireEmailVerification: z.boolean().default(false) }).prefault({}),
  /**
   * The admin's e-mail settings (contract §3.2 `email_config`, `email_theme`) and the project's
   * own templates and themes (built-ins apply where no entry exists), under the reference's keys.
   * On the shared server the project's templates are kept but not used (renderedConfig).
   */
  emails: z
    .object({
      server: emailServerSchema.default({ isShared: true }),
      selectedThemeId: z.string().optional(),
      templates: z.record(z.string(), emailTemplateSchema).default({}),
      themes: z.record(z.string(), emailThemeSchema).default({}),
    })
    .prefault({}),
  /** Data vault stores (contract §3.5): only listed store ids accept values. */
  dataVault: z
    .object({
      stores: z.record(z.string(), z.object({ displayName: z.string().default("") })).default({}),
    })
    .prefault({}),
  /** Items, products and test mode (services/projects/payments-config.ts). */
  payments: paymentsConfigSchema,
  rbac: z
    .object({
      permissions: z
        .record(z.string(), permissionDefinitionSchema)
        .default(() => structuredClone(defaultPermissionDefinitions)),
      defaultPermissions: z
        .object({
          teamCreator: permissionIdsSchema,
          teamMember: permissionIdsSchema,
          signUp: permissionIdsSchema,
        })
        .prefault({}),
    })
    .prefault({}),
});

export type ProjectConfig = z.output<typeof projectConfigSchema>;

/** A partial configuration: any subset of keys, at any depth. */
export type ProjectConfigOverride = DeepPartial<ProjectConfig>;
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** Reads a stored config document; unknown or malformed parts fall back to the defaults. */
export function parseProjectConfig(stored: unknown): ProjectConfig {
  const result = projectConfigSchema.safeParse(stored ?? {});
  return result.success ? result.data : projectConfigSchema.parse({});
}

/**
 * The project's own templates that are in use: none on the shared server, where only the built-in
 * templates send (as the reference renders its config); they are kept and come back with the
 * project's own server.
 */
export function templatesInUse(config: ProjectConfig): ProjectConfig["emails"]["templates"] {
  return config.emails.server.isShared ? {} : config.emails.templates;
}

/** The config as the admin API shows it (`GET /internal/config`): templates as in use. */
export function renderedConfig(config: ProjectConfig): ProjectConfig {
  return { ...config, emails: { ...config.emails, templates: templatesInUse(config) } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Merges an override into a config document (objects merge key by key; arrays and scalars replace). */
export function mergeProjectConfig(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) {
    return override === undefined ? base : override;
  }
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value !== undefined) merged[key] = mergeProjectConfig(base[key], value);
  }
  return merged;
}

/** The `config` object of the client project (contract §1.9). */
export function toClientProjectConfig(config: ProjectConfig): ClientProjectConfig {
  const providers = Object.entries(config.auth.oauth.providers)
    .filter(([, provider]) => provider.allowSignIn)
    // A preset is named by its type (as the reference does); a generic OIDC provider by its key,
    // which is what its authorize URL takes.
    .map(([id, provider]) => ({ id: provider.type === "oidc" ? id : provider.type }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const domains = Object.values(config.domains.trustedDomains)
    .map((domain) => ({ domain: domain.baseUrl, handler_path: domain.handlerPath }))
    .sort((a, b) => a.domain.localeCompare(b.domain));
  return {
    sign_up_enabled: config.auth.allowSignUp,
    credential_enabled: config.auth.password.allowSignIn,
    magic_link_enabled: config.auth.otp.allowSignIn,
    passkey_enabled: config.auth.passkey.allowSignIn,
    client_team_creation_enabled: config.teams.allowClientTeamCreation,
    client_user_deletion_enabled: config.users.allowClientUserDeletion,
    allow_user_api_keys: config.apiKeys.enabled.user,
    allow_team_api_keys: config.apiKeys.enabled.team,
    allow_localhost: config.domains.allowLocalhost,
    enabled_oauth_providers: providers,
    domains,
  };
}

function isLocalhost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Whether a redirect URL is trusted: localhost when the project allows it, or a URL on a trusted
 * domain (same origin; `*` in the trusted host matches one label).
 */
export function isTrustedRedirectUrl(config: ProjectConfig, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  if (config.domains.allowLocalhost && isLocalhost(target.hostname)) return true;
  return Object.values(config.domains.trustedDomains).some((domain) => {
    let trusted: URL;
    try {
      trusted = new URL(domain.baseUrl.replaceAll("*", "wildcard-label"));
    } catch {
      return false;
    }
    if (trusted.protocol !== target.protocol || trusted.port !== target.port) return false;
    const pattern = new RegExp(
      `^${trusted.hostname
        .split("wildcard-label")
        .map((part) => part.replaceAll(".", "\\."))
        .join("[^.]+")}$`,
    );
    return pattern.test(target.hostname);
  });
}
