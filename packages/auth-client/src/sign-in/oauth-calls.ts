/**
 * @module
 * OAuth sign-in and connected accounts (contract §2.16). `signInWithOAuth` builds the authorize URL
 * with PKCE (S256), keeps the verifier in the cookies the official SDK uses
 * (`hexclave-oauth-outer-{state}` and `stack-oauth-outer-{state}`, 1 hour) and sends the browser to
 * the server, which goes on to the provider; the app's OAuth callback page then calls
 * `callOAuthCallback`, which redeems our code with the verifier and stores the session. The
 * provider's access tokens of linked accounts come from `getConnectedAccount`.
 * @example
 * await auth.signInWithOAuth("github", { redirectUrl: `${location.origin}/handler/oauth-callback` });
 * // on /handler/oauth-callback:
 * const result = await auth.callOAuthCallback();
 * if (result.status === "ok" && result.data) location.assign(result.data.afterCallbackRedirectUrl ?? "/");
 */
import { isKnownError, type KnownError, parseWireError } from "@heritage/auth-protocol";
import type { AppCore, AuthResult } from "../calls-core";
import { AuthHttpError, AuthProtocolError } from "../errors";
import { getActualStatus, readKnownError } from "../request/parse-error";
import { publicClientSecretSentinel } from "../request/refresh-access-token";
import type { CookieDocument } from "../token-stores/cookie";
import { parseCookieHeader, serializeDocumentCookie } from "../token-stores/cookie-format";

/** The verifier cookie lives an hour, as the SDK's does. */
const verifierCookieMaxAgeSeconds = 60 * 60;
/** The access token put in a link URL must outlive the trip to the provider (the SDK asks 45 s). */
const linkTokenValidityMs = 45_000;

export interface OAuthBrowserOptions {
  /** Where the PKCE verifier cookies live. Default: the global `document` (if any). */
  document?: CookieDocument;
}

export interface OAuthAuthorizationOptions extends OAuthBrowserOptions {
  /** The app's OAuth callback page (absolute). Default in a browser: `/handler/oauth-callback`. */
  redirectUrl?: string;
  /** Where the server sends errors of the flow. Default: `redirectUrl`. */
  errorRedirectUrl?: string;
  /** Handed back by `callOAuthCallback`, e.g. the page the user started on. */
  afterCallbackRedirectUrl?: string;
  /** Extra scopes at the provider (space separated; needs the project's own OAuth keys). */
  providerScope?: string;
}

export interface SignInWithOAuthOptions extends OAuthAuthorizationOptions {
  /** Sends the browser to a URL. Default: `location.assign`. */
  navigate?: (url: string) => void;
}

export interface OAuthAuthorization {
  /** Our authorize URL; the browser must navigate to it (the server sets a cookie there). */
  url: string;
  state: string;
  /** The PKCE verifier, also stored in the cookies when there is a document. */
  codeVerifier: string;
}

export interface OAuthCallbackOptions extends OAuthBrowserOptions {
  /** The callback URL the browser landed on. Default: `location.href`. */
  url?: string;
  /** The redirect URL given to the authorize call. Default: `url` without code, state and hash. */
  redirectUrl?: string;
  /** The verifier, when the caller kept it itself (no document). Default: read from the cookies. */
  codeVerifier?: string;
}

export interface OAuthCallbackResult {
  isNewUser: boolean;
  afterCallbackRedirectUrl: string | null;
}

/** A provider account linked to the signed-in user. */
export interface ConnectedAccount {
  /** The provider id in the project config (e.g. `github`). */
  provider: string;
  providerAccountId: string;
  /** A provider access token with the scopes asked for when the account was fetched. */
  getAccessToken(): Promise<string>;
}

export interface OAuthCalls {
  /** The authorize URL of a new OAuth flow; stores its PKCE verifier in the cookies. */
  getOAuthAuthorization(
    provider: string,
    options?: OAuthAuthorizationOptions & { type?: "authenticate" | "link" },
  ): Promise<OAuthAuthorization>;
  /** Starts an OAuth sign-in: sends the browser to the server's authorize endpoint. */
  signInWithOAuth(provider: string, options?: SignInWithOAuthOptions): Promise<void>;
  /** Like `signInWithOAuth`, but links the provider account to the signed-in user. */
  linkOAuthAccount(provider: string, options?: SignInWithOAuthOptions): Promise<void>;
  /**
   * On the OAuth callback page: redeems the code with the stored verifier and stores the session.
   * `ok` with null when the URL is no OAuth callback (or its verifier is gone, e.g. a reload);
   * `error` with the server's known error (sent back in the URL or by the token endpoint).
   */
  callOAuthCallback(
    options?: OAuthCallbackOptions,
  ): Promise<AuthResult<OAuthCallbackResult | null>>;
  /** The signed-in user's linked provider accounts. */
  listConnectedAccounts(): Promise<{ provider: string; providerAccountId: string }[]>;
  /**
   * The user's account at `provider` whose token covers `scopes`, or null when there is none (not
   * linked, or linked without those scopes: link again with `providerScope`).
   */
  getConnectedAccount(
    provider: string,
    options?: { scopes?: string[]; providerAccountId?: string },
  ): Promise<ConnectedAccount | null>;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function randomBase64Url(byteLength: number): string {
  return base64Url(globalThis.crypto.getRandomValues(new Uint8Array(byteLength)));
}

async function s256(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(verifier),
  );
  return base64Url(new Uint8Array(digest));
}

function globalDocument(): CookieDocument | undefined {
  return (globalThis as { document?: CookieDocument }).document;
}

function currentLocation(): { href: string; protocol: string; assign(url: string): void } | null {
  const locationLike = (globalThis as { location?: { href?: unknown } }).location;
  return typeof locationLike?.href === "string"
    ? (locationLike as { href: string; protocol: string; assign(url: string): void })
    : null;
}

function verifierCookieNames(state: string): string[] {
  return [`hexclave-oauth-outer-${state}`, `stack-oauth-outer-${state}`];
}

/** The URL without code, state and fragment (what the server compares, spec §5). */
function withoutCodeAndState(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete("code");
  parsed.searchParams.delete("state");
  parsed.hash = "";
  return parsed.toString();
}

/**
 * The API URL of `path`: the app's base as given, or, for an app on the page's own origin
 * (`baseUrl: ""`, as the site's browser app), resolved against the page's location.
 */
function resolveApiUrl(apiUrl: string, path: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(apiUrl)) return new URL(`${apiUrl}${path}`);
  const location = currentLocation();
  if (!location) throw new Error("An absolute baseUrl is required outside a browser.");
  return new URL(`${apiUrl}${path}`, location.href);
}

function defaultRedirectUrl(): string {
  const location = currentLocation();
  if (!location) throw new Error("redirectUrl is required outside a browser.");
  return new URL("/handler/oauth-callback", location.href).toString();
}

/** A known error the server put in the callback URL (errors redirected by the OAuth callback). */
function readErrorFromUrl(url: URL): KnownError | null {
  const code = url.searchParams.get("errorCode");
  const message = url.searchParams.get("message");
  if (!code || message === null) return null;
  let details: unknown = {};
  try {
    details = JSON.parse(url.searchParams.get("details") ?? "{}");
  } catch {
    throw new AuthProtocolError("The OAuth callback URL carries malformed error details.");
  }
  return parseWireError(400, { code, error: message, details });
}

interface WireCodeExchange {
  access_token: string;
  refresh_token: string;
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
}

function isWireCodeExchange(value: unknown): value is WireCodeExchange {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.access_token === "string" &&
    typeof body.refresh_token === "string" &&
    typeof body.is_new_user === "boolean" &&
    (typeof body.after_callback_redirect_url === "string" ||
      body.after_callback_redirect_url === null ||
      body.after_callback_redirect_url === undefined)
  );
}

export function createOAuthCalls(core: AppCore): OAuthCalls {
  const { runtime, session, send } = core;
  const clientSecret = core.publishableClientKey || publicClientSecretSentinel;

  const writeCookie = (document: CookieDocument, name: string, value: string | null) => {
    const secure = currentLocation()?.protocol === "https:";
    document.cookie = serializeDocumentCookie(
      { name, value, maxAgeSeconds: value === null ? 0 : verifierCookieMaxAgeSeconds },
      { nowMs: runtime.now(), secure },
    );
  };

  async function getOAuthAuthorization(
    provider: string,
    options: OAuthAuthorizationOptions & { type?: "authenticate" | "link" } = {},
  ): Promise<OAuthAuthorization> {
    const type = options.type ?? "authenticate";
    const codeVerifier = randomBase64Url(32);
    const state = randomBase64Url(24);
    const redirectUrl = withoutCodeAndState(options.redirectUrl ?? defaultRedirectUrl());
    const url = resolveApiUrl(core.apiUrl, `/auth/oauth/authorize/${provider.toLowerCase()}`);
    const query = url.searchParams;
    query.set("client_id", core.projectId);
    query.set("client_secret", clientSecret);
    query.set("redirect_uri", redirectUrl);
    query.set("scope", "legacy");
    query.set("state", state);
    query.set("grant_type", "authorization_code");
    query.set("code_challenge", await s256(codeVerifier));
    query.set("code_challenge_method", "S256");
    query.set("response_type", "code");
    query.set("type", type);
    query.set("error_redirect_url", options.errorRedirectUrl ?? redirectUrl);
    const tokens = await session.getTokens({ minValidityMs: linkTokenValidityMs });
    if (tokens) query.set("token", tokens.accessToken);
    else if (type === "link") throw new Error("Linking an OAuth account needs a signed-in user.");
    if (options.afterCallbackRedirectUrl) {
      query.set("after_callback_redirect_url", options.afterCallbackRedirectUrl);
    }
    if (options.providerScope) query.set("provider_scope", options.providerScope);
    const document = options.document ?? globalDocument();
    if (document) {
      for (const name of verifierCookieNames(state)) writeCookie(document, name, codeVerifier);
    }
    return { url: url.toString(), state, codeVerifier };
  }

  async function startFlow(
    provider: string,
    options: SignInWithOAuthOptions,
    type: "authenticate" | "link",
  ) {
    const { url } = await getOAuthAuthorization(provider, { ...options, type });
    const navigate =
      options.navigate ??
      ((target: string) => {
        const location = currentLocation();
        if (!location) throw new Error("navigate is required outside a browser.");
        location.assign(target);
      });
    navigate(url);
  }

  async function requestAccessToken(
    provider: string,
    scopes: string[],
    providerAccountId: string | undefined,
  ): Promise<string> {
    const path =
      providerAccountId === undefined
        ? `/connected-accounts/me/${encodeURIComponent(provider)}/access-token`
        : `/connected-accounts/me/${encodeURIComponent(provider)}/${encodeURIComponent(providerAccountId)}/access-token`;
    const response = await send(path, {
      method: "POST",
      body: scopes.length > 0 ? { scope: scopes.join(" ") } : {},
      session,
    });
    const body = (await response.json()) as { access_token?: unknown };
    if (typeof body.access_token !== "string") {
      throw new AuthProtocolError("The connected-account answer lacks access_token.");
    }
    return body.access_token;
  }

  async function listConnectedAccounts() {
    const response = await send("/connected-accounts/me", { session });
    const body = (await response.json()) as {
      items?: { provider: string; provider_account_id: string }[];
    };
    if (!Array.isArray(body.items)) {
      throw new AuthProtocolError("The connected-accounts answer lacks items.");
    }
    return body.items.map((item) => ({
      provider: item.provider,
      providerAccountId: item.provider_account_id,
    }));
  }

  return {
    getOAuthAuthorization,
    signInWithOAuth: (provider, options = {}) => startFlow(provider, options, "authenticate"),
    linkOAuthAccount: (provider, options = {}) => startFlow(provider, options, "link"),

    async callOAuthCallback(options = {}) {
      const href = options.url ?? currentLocation()?.href;
      if (!href) throw new Error("url is required outside a browser.");
      const url = new URL(href);
      const urlError = readErrorFromUrl(url);
      if (urlError) return { status: "error", error: urlError };
      const code = url.searchParams.get("code");
      const state = url.searchParams.get("state");
      if (!code || !state) return { status: "ok", data: null };
      const document = options.document ?? globalDocument();
      let codeVerifier = options.codeVerifier;
      if (codeVerifier === undefined && document) {
        const cookies = parseCookieHeader(document.cookie);
        codeVerifier = verifierCookieNames(state)
          .map((name) => cookies[name])
          .find((value) => value !== undefined);
      }
      // No verifier: a reload, another tab already used it, or a flow this app did not start.
      if (codeVerifier === undefined) return { status: "ok", data: null };
      if (document) {
        for (const name of verifierCookieNames(state)) writeCookie(document, name, null);
      }
      const tokenUrl = `${core.apiUrl}/auth/oauth/token`;
      const response = await runtime.fetch(tokenUrl, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: withoutCodeAndState(options.redirectUrl ?? href),
          code_verifier: codeVerifier,
          client_id: core.projectId,
          client_secret: clientSecret,
        }).toString(),
        redirect: "manual",
      });
      const status = getActualStatus(response);
      const knownError = await readKnownError(response, status);
      if (knownError) return { status: "error", error: knownError };
      if (status !== 200) throw new AuthHttpError(tokenUrl, status, await response.text());
      const body: unknown = await response.json();
      if (!isWireCodeExchange(body)) {
        throw new AuthProtocolError("Unexpected answer from the OAuth token endpoint.");
      }
      session.setTokens({ refreshToken: body.refresh_token, accessToken: body.access_token });
      return {
        status: "ok",
        data: {
          isNewUser: body.is_new_user,
          afterCallbackRedirectUrl: body.after_callback_redirect_url ?? null,
        },
      };
    },

    listConnectedAccounts,

    async getConnectedAccount(provider, options = {}) {
      const scopes = options.scopes ?? [];
      let accessToken: string;
      try {
        accessToken = await requestAccessToken(provider, scopes, options.providerAccountId);
      } catch (error) {
        if (
          isKnownError(error, "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER") ||
          isKnownError(error, "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
        ) {
          return null;
        }
        throw error;
      }
      const accounts = await listConnectedAccounts();
      const account =
        accounts.find(
          (entry) =>
            entry.provider === provider &&
            (options.providerAccountId === undefined ||
              entry.providerAccountId === options.providerAccountId),
        ) ?? null;
      let fresh: string | null = accessToken;
      return {
        provider,
        providerAccountId: account?.providerAccountId ?? options.providerAccountId ?? "",
        async getAccessToken() {
          // The first call hands out the token fetched above; later ones ask the server again,
          // which refreshes it at the provider when it is about to expire.
          if (fresh !== null) {
            const token = fresh;
            fresh = null;
            return token;
          }
          return requestAccessToken(provider, scopes, options.providerAccountId);
        },
      };
    },
  };
}
