/**
 * The OAuth providers the reference knows by name (its `standardProviders`, in its `allProviders`
 * order, as its messages list them). A project configures one of these or `oidc`; the auth server
 * keeps a preset for each, and the legacy integration routes accept exactly these ids.
 * @module
 */
export const standardOAuthProviderIds = [
  "google",
  "github",
  "microsoft",
  "spotify",
  "facebook",
  "discord",
  "gitlab",
  "bitbucket",
  "linkedin",
  "apple",
  "x",
  "twitch",
] as const;

export type StandardOAuthProviderId = (typeof standardOAuthProviderIds)[number];
