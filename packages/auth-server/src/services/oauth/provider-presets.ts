/**
 * The OAuth providers the platform knows by type (contract §2.16 provider types): their endpoints,
 * default scopes, extra authorization parameters and how their profile maps to a user. Each mapping
 * reads the provider's own documented user endpoint; the `oidc` type is described by discovery
 * instead (oidc-discovery.ts).
 * @module
 */
import type { StandardOAuthProviderId } from "@heritage/auth-protocol";

/** What a provider tells us about the person who signed in. */
export interface ProviderProfile {
  /** The provider's stable id of the account (`sub`, numeric id, uuid). */
  accountId: string;
  email: string | null;
  /** Only a provider that vouches for the address makes it verified on our side. */
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** The provider's user endpoint (absent when the profile comes from the id_token, e.g. Apple). */
  userinfoEndpoint?: string | undefined;
}

/** What a profile mapping may use: the tokens and a JSON fetcher authorised with the access token. */
export interface ProfileContext {
  accessToken: string;
  /** Claims of the id_token, already verified by the caller where the provider has JWKS. */
  idTokenClaims: Record<string, unknown> | null;
  /** GET as JSON with `Authorization: Bearer <access token>` (plus extra headers). */
  fetchJson(url: string, headers?: Record<string, string>): Promise<unknown>;
  endpoints: ProviderEndpoints;
  clientId: string;
}

export interface ProviderPreset {
  endpoints(settings: { microsoftTenantId?: string | undefined }): ProviderEndpoints;
  defaultScopes: readonly string[];
  /** Extra query parameters of the authorization request. */
  authorizationParams?: Readonly<Record<string, string>>;
  /** How the token endpoint wants the client credentials (RFC 6749 §2.3.1). */
  tokenEndpointAuth: "client_secret_post" | "client_secret_basic";
  /** Scopes in the token response are separated by commas (GitHub) instead of spaces. */
  scopeSeparator?: string;
  /** Headers the user endpoint wants beside the user's token (Twitch: the app's client id). */
  userEndpointHeaders?(clientId: string): Record<string, string>;
  mapProfile(context: ProfileContext): Promise<ProviderProfile>;
}

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function stringOrNull(value: unknown): string | null {
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number") return String(value);
  return null;
}

function requireAccountId(value: unknown, provider: string): string {
  const id = stringOrNull(value);
  if (!id) throw new ProviderProfileError(`${provider} returned a profile without an account id`);
  return id;
}

/** The provider answered, but not with a profile we can use. */
export class ProviderProfileError extends Error {
  override readonly name = "ProviderProfileError";
}

/** Standard OpenID Connect claims (id_token and/or userinfo), as Google, LinkedIn and OIDC send. */
export function profileFromOidcClaims(claims: Json, provider: string): ProviderProfile {
  return {
    accountId: requireAccountId(claims.sub, provider),
    email: stringOrNull(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    displayName: stringOrNull(claims.name) ?? stringOrNull(claims.preferred_username),
    profileImageUrl: stringOrNull(claims.picture),
  };
}

async function oidcUserinfoProfile(context: ProfileContext, provider: string) {
  const userinfo = context.endpoints.userinfoEndpoint
    ? asObject(await context.fetchJson(context.endpoints.userinfoEndpoint))
    : {};
  return profileFromOidcClaims({ ...(context.idTokenClaims ?? {}), ...userinfo }, provider);
}

function apiUrl(context: ProfileContext, path: string): string {
  // Sibling endpoints (GitHub's /user/emails) live beside the configured user endpoint.
  const base = context.endpoints.userinfoEndpoint ?? "";
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

/** One preset for each of the reference's standard provider ids (auth-protocol), checked by `satisfies`. */
export const providerPresets: Readonly<Record<string, ProviderPreset>> = {
  google: {
    endpoints: () => ({
      authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenEndpoint: "https://oauth2.googleapis.com/token",
      userinfoEndpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    }),
    defaultScopes: ["openid", "email", "profile"],
    // Offline access with consent is what makes Google hand out a refresh token.
    authorizationParams: { access_type: "offline", prompt: "consent" },
    tokenEndpointAuth: "client_secret_post",
    mapProfile: (context) => oidcUserinfoProfile(context, "google"),
  },
  github: {
    endpoints: () => ({
      authorizationEndpoint: "https://github.com/login/oauth/authorize",
      tokenEndpoint: "https://github.com/login/oauth/access_token",
      userinfoEndpoint: "https://api.github.com/user",
    }),
    defaultScopes: ["user:email"],
    tokenEndpointAuth: "client_secret_post",
    scopeSeparator: ",",
    async mapProfile(context) {
      const user = asObject(await context.fetchJson(context.endpoints.userinfoEndpoint ?? ""));
      // The public profile e-mail may be hidden or unverified; /user/emails says which is verified.
      const emails = await context.fetchJson(apiUrl(context, "emails"));
      const list = Array.isArray(emails) ? emails.map(asObject) : [];
      const primary = list.find((entry) => entry.primary === true) ?? list[0];
      return {
        accountId: requireAccountId(user.id, "github"),
        email: stringOrNull(primary?.email) ?? stringOrNull(user.email),
        emailVerified: primary?.verified === true,
        displayName: stringOrNull(user.name) ?? stringOrNull(user.login),
        profileImageUrl: stringOrNull(user.avatar_url),
      };
    },
  },
  microsoft: {
    endpoints: ({ microsoftTenantId }) => {
      const tenant = encodeURIComponent(microsoftTenantId ?? "common");
      return {
        authorizationEndpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        tokenEndpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        userinfoEndpoint: "https://graph.microsoft.com/oidc/userinfo",
      };
    },
    defaultScopes: ["openid", "profile", "email", "offline_access", "User.Read"],
    tokenEndpointAuth: "client_secret_post",
    async mapProfile(context) {
      // Entra lets tenant admins set any address without proof, so it is never taken as verified.
      const profile = await oidcUserinfoProfile(context, "microsoft");
      return { ...profile, emailVerified: false };
    },
  },
  facebook: {
    endpoints: () => ({
      authorizationEndpoint: "https://www.facebook.com/v20.0/dialog/oauth",
      tokenEndpoint: "https://graph.facebook.com/v20.0/oauth/access_token",
      userinfoEndpoint: "https://graph.facebook.com/v20.0/me",
    }),
    defaultScopes: ["public_profile", "email"],
    tokenEndpointAuth: "client_secret_post",
    async mapProfile(context) {
      const url = new URL(context.endpoints.userinfoEndpoint ?? "");
      url.searchParams.set("fields", "id,name,email,picture");
      const user = asObject(await context.fetchJson(url.toString()));
      const picture = asObject(asObject(user.picture).data);
      return {
        accountId: requireAccountId(user.id, "facebook"),
        email: stringOrNull(user.email),
        emailVerified: false,
        displayName: stringOrNull(user.name),
        profileImageUrl: stringOrNull(picture.url),
      };
    },
  },
  discord: {
    endpoints: () => ({
      authorizationEndpoint: "https://discord.com/oauth2/authorize",
      tokenEndpoint: "https://discord.com/api/oauth2/token",
      userinfoEndpoint: "https://discord.com/api/users/@me",
    }),
    defaultScopes: ["identify", "email"],
    tokenEndpointAuth: "client_secret_post",
    async mapProfile(context) {
      const user = asObject(await context.fetchJson(context.endpoints.userinfoEndpoint ?? ""));
      const id = requireAccountId(user.id, "discord");
      const avatar = stringOrNull(user.avatar);
      return {
        accountId: id,
        email: stringOrNull(user.email),
        emailVerified: user.verified === true,
        displayName: stringOrNull(user.global_name) ?? stringOrNull(user.username),
        profileImageUrl: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
      };
    },
  },
  gitlab: {
    endpoints: () => ({
      authorizationEndpoint: "https://gitlab.com/oauth/authorize",
      tokenEndpoint: "https://gitlab.com/oauth/token",
      userinfoEndpoint: "https://gitlab.com/api/v4/user",
    }),
    defaultScopes: ["read_user"],
    tokenEndpointAuth: "client_secret_post",
    async mapProfile(context) {
      const user = asObject(await context.fetchJson(context.endpoints.userinfoEndpoint ?? ""));
      return {
        accountId: requireAccountId(user.id, "gitlab"),
        email: stringOrNull(user.email),
        // GitLab only returns a confirmed account's e-mail with a confirmation date.
        emailVerified: stringOrNull(user.confirmed_at) !== null,
        displayName: stringOrNull(user.name) ?? stringOrNull(user.username),
        profileImageUrl: stringOrNull(user.avatar_url),
      };
    },
  },
  apple: {
    endpoints: () => ({
      authorizationEndpoint: "https://appleid.apple.com/auth/authorize",
      tokenEndpoint: "https://appleid.apple.com/auth/token",
    }),
    defaultScopes: ["name", "email"],
    // Apple posts the callback as a form when name or email scopes are asked for.
    authorizationParams: { response_mode: "form_post" },
    tokenEndpointAuth: "client_secret_post",
    async mapProfile(context) {
      return profileFromOidcClaims(context.idTokenClaims ?? {}, "apple");
    },
  },
  spotify: {
    endpoints: () => ({
      authorizationEndpoint: "https://accounts.spotify.com/authorize",
      tokenEndpoint: "https://accounts.spotify.com/api/token",
      userinfoEndpoint: "https://api.spotify.com/v1/me",
    }),
    defaultScopes: ["user-read-email", "user-read-private"],
    tokenEndpointAuth: "client_secret_basic",
    async mapProfile(context) {
      const user = asObject(await context.fetchJson(context.endpoints.userinfoEndpoint ?? ""));
      const images = Array.isArray(user.images) ? user.images.map(asObject) : [];
      return {
        accountId: requireAccountId(user.id, "spotify"),
        email: stringOrNull(user.email),
        emailVerified: false,
        displayName: stringOrNull(user.display_name),
        profileImageUrl: stringOrNull(images[0]?.url),
      };
    },
  },
  x: {
    endpoints: () => ({
      authorizationEndpoint: "https://x.com/i/oauth2/authorize",
      tokenEndpoint: "https://api.x.com/2/oauth2/token",
      userinfoEndpoint: "https://api.x.com/2/users/me",
    }),
    defaultScopes: ["users.read", "tweet.read", "offline.access"],
    tokenEndpointAuth: "client_secret_basic",
    async mapProfile(context) {
      const url = new URL(context.endpoints.userinfoEndpoint ?? "");
      url.searchParams.set("user.fields", "profile_image_url");
      const user = asObject(asObject(await context.fetchJson(url.toString())).data);
      return {
        accountId: requireAccountId(user.id, "x"),
        email: null,
        emailVerified: false,
        displayName: stringOrNull(user.name) ?? stringOrNull(user.username),
        profileImageUrl: stringOrNull(user.profile_image_url),
      };
    },
  },
  linkedin: {
    endpoints: () => ({
      authorizationEndpoint: "https://www.linkedin.com/oauth/v2/authorization",
      tokenEndpoint: "https://www.linkedin.com/oauth/v2/accessToken",
      userinfoEndpoint: "https://api.linkedin.com/v2/userinfo",
    }),
    defaultScopes: ["openid", "profile", "email"],
    tokenEndpointAuth: "client_secret_post",
    mapProfile: (context) => oidcUserinfoProfile(context, "linkedin"),
  },
  bitbucket: {
    endpoints: () => ({
      authorizationEndpoint: "https://bitbucket.org/site/oauth2/authorize",
      tokenEndpoint: "https://bitbucket.org/site/oauth2/access_token",
      userinfoEndpoint: "https://api.bitbucket.org/2.0/user",
    }),
    defaultScopes: ["account", "email"],
    tokenEndpointAuth: "client_secret_basic",
    async mapProfile(context) {
      const user = asObject(await context.fetchJson(context.endpoints.userinfoEndpoint ?? ""));
      const emails = asObject(await context.fetchJson(apiUrl(context, "emails")));
      const list = Array.isArray(emails.values) ? emails.values.map(asObject) : [];
      const primary = list.find((entry) => entry.is_primary === true) ?? list[0];
      const avatar = asObject(asObject(user.links).avatar);
      return {
        accountId: requireAccountId(user.uuid, "bitbucket"),
        email: stringOrNull(primary?.email),
        emailVerified: primary?.is_confirmed === true,
        displayName: stringOrNull(user.display_name),
        profileImageUrl: stringOrNull(avatar.href),
      };
    },
  },
  twitch: {
    endpoints: () => ({
      authorizationEndpoint: "https://id.twitch.tv/oauth2/authorize",
      tokenEndpoint: "https://id.twitch.tv/oauth2/token",
      userinfoEndpoint: "https://api.twitch.tv/helix/users",
    }),
    defaultScopes: ["user:read:email"],
    tokenEndpointAuth: "client_secret_post",
    // Helix wants the app's client id beside the user's token.
    userEndpointHeaders: (clientId) => ({ "client-id": clientId }),
    async mapProfile(context) {
      const body = asObject(
        await context.fetchJson(context.endpoints.userinfoEndpoint ?? "", {
          "client-id": context.clientId,
        }),
      );
      const user = Array.isArray(body.data) ? asObject(body.data[0]) : {};
      return {
        accountId: requireAccountId(user.id, "twitch"),
        email: stringOrNull(user.email),
        // Twitch only hands out the e-mail of a verified account.
        emailVerified: stringOrNull(user.email) !== null,
        displayName: stringOrNull(user.display_name) ?? stringOrNull(user.login),
        profileImageUrl: stringOrNull(user.profile_image_url),
      };
    },
  },
} satisfies Record<StandardOAuthProviderId, ProviderPreset>;

/** The provider types a project may configure: the presets plus `oidc`. */
export const knownProviderTypes = [...Object.keys(providerPresets), "oidc"] as const;
