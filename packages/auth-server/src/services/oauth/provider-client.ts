/**
 * Talking to an OAuth provider as its client: resolving a project's provider config into endpoints
 * and credentials (shared development apps or the project's own), the authorization URL with our
 * own PKCE, the code and refresh grants, and reading the profile (id_token verified against the
 * provider's JWKS where it has one). Every request to a provider (discovery, token, userinfo,
 * JWKS) goes out under the outgoing-request policy: a custom OIDC provider's issuer and the
 * endpoints its discovery document names are the project's to choose, so none of them may reach an
 * internal address; each call has a deadline.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey, jwtVerify } from "jose";
import { type GuardedFetch, guardedFetch } from "../../outgoing/guarded-fetch";
import { findRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { ProjectConfig } from "../projects/project-config";
import { mockClientSecret, mockProviderShape, mockServerAccess } from "./mock-provider";
import {
  type ProviderEndpoints,
  type ProviderPreset,
  type ProviderProfile,
  ProviderProfileError,
  profileFromOidcClaims,
  providerPresets,
} from "./provider-presets";

/** How the platform reaches providers; createAuthApi's `oauth` option. */
export interface OAuthSettings {
  /** Credentials of the platform's shared (development) OAuth apps, by provider type. */
  sharedCredentials?: Record<string, { clientId: string; clientSecret: string }>;
  /**
   * Endpoints of a provider type replaced, e.g. a loopback provider playing `github` in tests. Never
   * taken from project config, so a project cannot send another project's users elsewhere.
   */
  endpointOverrides?: Record<string, Partial<ProviderEndpoints & IdTokenVerification>>;
  /** Hand out access tokens of shared apps (off, as in the reference, unless the operator says so). */
  allowSharedAccessTokens?: boolean;
  /**
   * `STACK_OAUTH_MOCK_URL` (tests only, refused in production): the reference's mock OAuth server,
   * where every shared provider then signs in (mock-provider.ts).
   */
  mockServerUrl?: string | undefined;
}

interface IdTokenVerification {
  jwksUri: string;
  issuer: string;
}

/** Where Apple's identity tokens are verified (its JWKS) and who issues them. */
const appleIdTokenVerification: IdTokenVerification = {
  jwksUri: "https://appleid.apple.com/auth/keys",
  issuer: "https://appleid.apple.com",
};

/**
 * The verification of Apple identity tokens (web callback and native sign-in): Apple's, unless the
 * operator's settings replace it (a loopback provider playing Apple in tests).
 */
export function appleVerificationOf(settings: OAuthSettings): IdTokenVerification {
  const override = settings.endpointOverrides?.apple;
  return override?.jwksUri && override.issuer
    ? { jwksUri: override.jwksUri, issuer: override.issuer }
    : appleIdTokenVerification;
}

export interface ResolvedProvider {
  /** The key in `auth.oauth.providers` (what URLs and connected accounts name). */
  id: string;
  type: string;
  isShared: boolean;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  clientId: string;
  clientSecret: string;
  endpoints: ProviderEndpoints;
  defaultScopes: readonly string[];
  authorizationParams: Readonly<Record<string, string>>;
  tokenEndpointAuth: ProviderPreset["tokenEndpointAuth"];
  scopeSeparator: string;
  idTokenVerification: IdTokenVerification | null;
  mapProfile: ProviderPreset["mapProfile"];
  /** Headers of the user endpoint besides the token (checkProviderAccessToken). */
  userEndpointHeaders: Record<string, string>;
  /** How this provider is reached: the guarded client of the API that resolved it. */
  http: GuardedFetch;
}

/** Tokens a provider issued. */
export interface ProviderTokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /** What the provider granted (or, when it does not say, what we asked for). */
  scopes: string[];
  idToken: string | null;
}

/**
 * A provider call failed. `invalid_grant`: the code or refresh token was refused; `unavailable`: the
 * provider did not answer properly; `invalid_profile`: its profile is unusable.
 */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly kind: "invalid_grant" | "unavailable" | "invalid_profile";
  constructor(kind: ProviderError["kind"], message: string) {
    super(message);
    this.kind = kind;
  }
}

interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
}

/** Per-API caches of discovery documents and JWKS (never module-global). */
export interface ProviderClient {
  resolve(config: ProjectConfig, providerId: string): Promise<ResolvedProvider>;
  /** The key set at `uri`, fetched through `http` (the policy's client by default). */
  jwks(uri: string, http?: GuardedFetch): JWTVerifyGetKey;
  settings: OAuthSettings;
}

/** Why a provider call did not get an answer; a refused target says only that it was refused. */
function unreachable(what: string, error: unknown): ProviderError {
  const refusal = findRefusal(error);
  return new ProviderError(
    "unavailable",
    refusal ? `${what} refused: ${refusal.message}` : `${what} failed: ${String(error)}`,
  );
}

const oidcDefaultScopes = ["openid", "email", "profile"] as const;

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null) return parsed as Record<string, unknown>;
  } catch {
    // Some providers answer token requests as a form when Accept is ignored.
    const form = new URLSearchParams(text);
    if (form.has("access_token") || form.has("error")) return Object.fromEntries(form);
  }
  throw new ProviderError("unavailable", `${what} did not answer with JSON (${response.status})`);
}

async function fetchDiscovery(http: GuardedFetch, issuerUrl: string): Promise<DiscoveryDocument> {
  const url = `${issuerUrl.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await http(url, { headers: { accept: "application/json" } });
  } catch (error) {
    throw unreachable(`OIDC discovery at ${url}`, error);
  }
  if (!response.ok) {
    throw new ProviderError("unavailable", `OIDC discovery at ${url} answered ${response.status}`);
  }
  const body = await readJson(response, "OIDC discovery");
  const { issuer, authorization_endpoint, token_endpoint } = body;
  if (
    typeof issuer !== "string" ||
    typeof authorization_endpoint !== "string" ||
    typeof token_endpoint !== "string"
  ) {
    throw new ProviderError("unavailable", `OIDC discovery at ${url} lacks required endpoints`);
  }
  return {
    issuer,
    authorization_endpoint,
    token_endpoint,
    ...(typeof body.userinfo_endpoint === "string"
      ? { userinfo_endpoint: body.userinfo_endpoint }
      : {}),
    ...(typeof body.jwks_uri === "string" ? { jwks_uri: body.jwks_uri } : {}),
  };
}

export function createProviderClient(
  settings: OAuthSettings,
  outgoing: OutgoingPolicy,
): ProviderClient {
  const discoveries = new Map<string, Promise<DiscoveryDocument>>();
  const jwksSets = new Map<string, JWTVerifyGetKey>();
  const http: GuardedFetch = (url, init) => guardedFetch(outgoing, url, init);
  const mock = settings.mockServerUrl ? mockServerAccess(settings.mockServerUrl) : null;

  function discover(issuerUrl: string, through: GuardedFetch = http): Promise<DiscoveryDocument> {
    const key = `${through === http ? "policy" : "own"} ${issuerUrl}`;
    let pending = discoveries.get(key);
    if (!pending) {
      pending = fetchDiscovery(through, issuerUrl);
      // A failed discovery is retried on the next sign-in rather than cached.
      pending.catch(() => discoveries.delete(key));
      discoveries.set(key, pending);
    }
    return pending;
  }

  async function resolve(config: ProjectConfig, providerId: string): Promise<ResolvedProvider> {
    const entry = Object.hasOwn(config.auth.oauth.providers, providerId)
      ? config.auth.oauth.providers[providerId]
      : undefined;
    if (!entry) throw knownErrors.oauthProviderNotFoundOrNotEnabled();
    if (entry.isShared && mock) {
      const discovery = await discover(mock.url, mock.http).catch((error: unknown) => {
        if (error instanceof ProviderError) throw knownErrors.oauthProviderTemporarilyUnavailable();
        throw error;
      });
      return {
        id: providerId,
        type: entry.type,
        isShared: true,
        allowSignIn: entry.allowSignIn,
        allowConnectedAccounts: entry.allowConnectedAccounts,
        clientId: entry.type,
        clientSecret: mockClientSecret,
        http: mock.http,
        endpoints: {
          authorizationEndpoint: discovery.authorization_endpoint,
          tokenEndpoint: discovery.token_endpoint,
          userinfoEndpoint: discovery.userinfo_endpoint,
        },
        defaultScopes: mockProviderShape.defaultScopes,
        authorizationParams: mockProviderShape.authorizationParams,
        tokenEndpointAuth: mockProviderShape.tokenEndpointAuth,
        scopeSeparator: " ",
        idTokenVerification: discovery.jwks_uri
          ? { jwksUri: discovery.jwks_uri, issuer: discovery.issuer }
          : null,
        mapProfile: mockProviderShape.mapProfile,
        userEndpointHeaders: {},
      };
    }
    const credentials = entry.isShared
      ? settings.sharedCredentials?.[entry.type]
      : entry.clientId && entry.clientSecret
        ? { clientId: entry.clientId, clientSecret: entry.clientSecret }
        : undefined;
    // A shared provider without platform credentials cannot work: treat it as not enabled.
    if (!credentials) throw knownErrors.oauthProviderNotFoundOrNotEnabled();
    const override = settings.endpointOverrides?.[entry.type] ?? {};
    const common = {
      id: providerId,
      type: entry.type,
      isShared: entry.isShared,
      allowSignIn: entry.allowSignIn,
      allowConnectedAccounts: entry.allowConnectedAccounts,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      http,
    };
    if (entry.type === "oidc") {
      if (!entry.issuerUrl) throw knownErrors.oauthProviderNotFoundOrNotEnabled();
      // An issuer that does not answer (or is refused) is the provider's outage for the caller, a
      // 503 known error wherever a flow resolves it, never an unhandled error.
      const discovery = await discover(entry.issuerUrl).catch((error: unknown) => {
        if (error instanceof ProviderError) throw knownErrors.oauthProviderTemporarilyUnavailable();
        throw error;
      });
      return {
        ...common,
        endpoints: {
          authorizationEndpoint: discovery.authorization_endpoint,
          tokenEndpoint: discovery.token_endpoint,
          userinfoEndpoint: discovery.userinfo_endpoint,
        },
        defaultScopes: oidcDefaultScopes,
        authorizationParams: {},
        tokenEndpointAuth: "client_secret_post",
        scopeSeparator: " ",
        idTokenVerification: discovery.jwks_uri
          ? { jwksUri: discovery.jwks_uri, issuer: discovery.issuer }
          : null,
        mapProfile: async (context) =>
          profileFromOidcClaims(
            {
              ...(context.idTokenClaims ?? {}),
              ...(context.endpoints.userinfoEndpoint
                ? ((await context.fetchJson(context.endpoints.userinfoEndpoint)) as object)
                : {}),
            },
            providerId,
          ),
        userEndpointHeaders: {},
      };
    }
    const preset = Object.hasOwn(providerPresets, entry.type)
      ? providerPresets[entry.type]
      : undefined;
    if (!preset) throw knownErrors.oauthProviderNotFoundOrNotEnabled();
    const base = preset.endpoints({ microsoftTenantId: entry.microsoftTenantId });
    const verification =
      override.jwksUri && override.issuer
        ? { jwksUri: override.jwksUri, issuer: override.issuer }
        : entry.type === "apple"
          ? appleIdTokenVerification
          : null;
    return {
      ...common,
      endpoints: {
        authorizationEndpoint: override.authorizationEndpoint ?? base.authorizationEndpoint,
        tokenEndpoint: override.tokenEndpoint ?? base.tokenEndpoint,
        userinfoEndpoint: override.userinfoEndpoint ?? base.userinfoEndpoint,
      },
      defaultScopes: preset.defaultScopes,
      authorizationParams: {
        ...(preset.authorizationParams ?? {}),
        ...(entry.type === "facebook" && entry.facebookConfigId
          ? { config_id: entry.facebookConfigId }
          : {}),
      },
      tokenEndpointAuth: preset.tokenEndpointAuth,
      scopeSeparator: preset.scopeSeparator ?? " ",
      idTokenVerification: verification,
      mapProfile: preset.mapProfile,
      userEndpointHeaders: preset.userEndpointHeaders?.(credentials.clientId) ?? {},
    };
  }

  return {
    settings,
    resolve,
    jwks(uri, through = http) {
      const key = `${through === http ? "policy" : "own"} ${uri}`;
      let set = jwksSets.get(key);
      if (!set) {
        set = createRemoteJWKSet(new URL(uri), {
          [customFetch]: (url, init) =>
            through(url, { headers: init.headers, signal: init.signal, maxRedirects: 0 }),
        });
        jwksSets.set(key, set);
      }
      return set;
    },
  };
}

/** The provider's authorization URL for our inner flow (PKCE S256 with our own verifier). */
export function buildAuthorizationUrl(
  provider: ResolvedProvider,
  input: { redirectUri: string; state: string; codeChallenge: string; extraScopes: string[] },
): string {
  const url = new URL(provider.endpoints.authorizationEndpoint);
  const scopes = [...new Set([...provider.defaultScopes, ...input.extraScopes])];
  // In the order the reference's OpenID client writes them.
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("scope", scopes.join(" "));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("code_challenge", input.codeChallenge);
  url.searchParams.set("state", input.state);
  for (const [key, value] of Object.entries(provider.authorizationParams)) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Token endpoint errors that mean the code or refresh token will never work again (the user
 * revoked the app, consent was withdrawn, the client lost access), as the reference reads them;
 * anything else is taken as the provider's trouble.
 */
const refusedGrantErrors = new Set([
  "invalid_grant",
  "bad_verification_code",
  "access_denied",
  "consent_required",
  "invalid_token",
  "unauthorized_client",
]);

async function requestTokens(
  provider: ResolvedProvider,
  grant: Record<string, string>,
  requestedScopes: string[],
  now: Date,
): Promise<ProviderTokenSet> {
  const body = new URLSearchParams(grant);
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/x-www-form-urlencoded",
  };
  if (provider.tokenEndpointAuth === "client_secret_basic") {
    const pair = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  } else {
    body.set("client_id", provider.clientId);
    body.set("client_secret", provider.clientSecret);
  }
  let response: Response;
  try {
    response = await provider.http(provider.endpoints.tokenEndpoint, {
      method: "POST",
      headers,
      body,
    });
  } catch (error) {
    throw unreachable("Token endpoint request", error);
  }
  const json = await readJson(response, "Token endpoint");
  if (typeof json.error === "string") {
    // GitHub answers refused codes with 200 and an `error` field.
    throw new ProviderError(
      refusedGrantErrors.has(json.error) ? "invalid_grant" : "unavailable",
      `Token endpoint refused the grant: ${json.error}`,
    );
  }
  if (!response.ok || typeof json.access_token !== "string") {
    throw new ProviderError("unavailable", `Token endpoint answered ${response.status}`);
  }
  const expiresIn = Number(json.expires_in);
  const granted =
    typeof json.scope === "string" && json.scope.length > 0
      ? json.scope.split(provider.scopeSeparator === "," ? /[\s,]+/ : /\s+/).filter(Boolean)
      : requestedScopes;
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : null,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0
        ? new Date(now.getTime() + expiresIn * 1000)
        : null,
    scopes: granted,
    idToken: typeof json.id_token === "string" ? json.id_token : null,
  };
}

/** Redeems the provider's code of our inner flow. */
export function exchangeProviderCode(
  provider: ResolvedProvider,
  input: { code: string; redirectUri: string; codeVerifier: string; requestedScopes: string[] },
  now: Date,
): Promise<ProviderTokenSet> {
  return requestTokens(
    provider,
    {
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    },
    input.requestedScopes,
    now,
  );
}

/** A new access token from a stored provider refresh token. */
export function refreshProviderTokens(
  provider: ResolvedProvider,
  refreshToken: string,
  scopes: string[],
  now: Date,
): Promise<ProviderTokenSet> {
  return requestTokens(
    provider,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    scopes,
    now,
  );
}

/**
 * Whether the provider still takes an access token, as the reference asks before handing a stored
 * one out (a user may have revoked it at the provider): its user endpoint answers 2xx (true) or
 * refuses it with 400, 401 or 403 (false). Null when it cannot tell: no user endpoint (Apple), or
 * no proper answer (the stored token is then used as before).
 */
export async function checkProviderAccessToken(
  provider: ResolvedProvider,
  accessToken: string,
): Promise<boolean | null> {
  const url = provider.endpoints.userinfoEndpoint;
  if (!url) return null;
  let response: Response;
  try {
    response = await provider.http(url, {
      headers: {
        accept: "application/json",
        authorization: `Bearer ${accessToken}`,
        ...provider.userEndpointHeaders,
      },
    });
  } catch {
    return null;
  }
  await response.body?.cancel();
  if (response.ok) return true;
  if (response.status === 400 || response.status === 401 || response.status === 403) return false;
  return null;
}

/** Reads who signed in: the verified id_token claims (if any) and the provider's user endpoint. */
export async function fetchProviderProfile(
  client: ProviderClient,
  provider: ResolvedProvider,
  tokens: ProviderTokenSet,
  now: Date,
): Promise<ProviderProfile> {
  let idTokenClaims: Record<string, unknown> | null = null;
  if (tokens.idToken && provider.idTokenVerification) {
    try {
      const { payload } = await jwtVerify(
        tokens.idToken,
        client.jwks(provider.idTokenVerification.jwksUri, provider.http),
        {
          issuer: provider.idTokenVerification.issuer,
          audience: provider.clientId,
          currentDate: now,
        },
      );
      idTokenClaims = payload;
    } catch (error) {
      throw new ProviderError("invalid_profile", `The id_token did not verify: ${String(error)}`);
    }
  }
  try {
    return await provider.mapProfile({
      accessToken: tokens.accessToken,
      idTokenClaims,
      endpoints: provider.endpoints,
      clientId: provider.clientId,
      async fetchJson(url, headers = {}) {
        let response: Response;
        try {
          response = await provider.http(url, {
            headers: {
              accept: "application/json",
              authorization: `Bearer ${tokens.accessToken}`,
              ...headers,
            },
          });
        } catch (error) {
          throw unreachable(url, error);
        }
        if (!response.ok) {
          throw new ProviderError("unavailable", `${url} answered ${response.status}`);
        }
        return readJson(response, url);
      },
    });
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (error instanceof ProviderProfileError) {
      throw new ProviderError("invalid_profile", error.message);
    }
    throw new ProviderError("unavailable", `Reading the profile failed: ${String(error)}`);
  }
}
