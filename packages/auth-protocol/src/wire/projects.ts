/**
 * The client project object of `GET /projects/current` (contract §1.9).
 * @module
 */
import { z } from "zod";

/** An OAuth provider the project allows signing in with; `id` is the provider type. */
export const enabledOAuthProviderSchema = z.strictObject({ id: z.string() });

/** A trusted domain of the project, with the path of its handler pages. */
export const projectDomainSchema = z.strictObject({
  domain: z.string().regex(/^https?:\/\//, "must start with http:// or https://"),
  handler_path: z.string(),
});
export type ProjectDomain = z.infer<typeof projectDomainSchema>;

/** The project configuration visible to clients. */
export const clientProjectConfigSchema = z.strictObject({
  sign_up_enabled: z.boolean(),
  credential_enabled: z.boolean(),
  magic_link_enabled: z.boolean(),
  passkey_enabled: z.boolean(),
  client_team_creation_enabled: z.boolean(),
  client_user_deletion_enabled: z.boolean(),
  allow_user_api_keys: z.boolean(),
  allow_team_api_keys: z.boolean(),
  /** Read by SDK 2.8.108 for trusted-redirect checks (the reference repository omits it). */
  allow_localhost: z.boolean(),
  /** Sorted by id; only providers that allow sign-in. */
  enabled_oauth_providers: z.array(enabledOAuthProviderSchema),
  /** Sorted by domain. */
  domains: z.array(projectDomainSchema),
});
export type ClientProjectConfig = z.infer<typeof clientProjectConfigSchema>;

/** `GET /projects/current` response. `id` is `internal` or a UUID. */
export const clientProjectSchema = z.strictObject({
  id: z.string(),
  display_name: z.string(),
  config: clientProjectConfigSchema,
});
export type ClientProject = z.infer<typeof clientProjectSchema>;
