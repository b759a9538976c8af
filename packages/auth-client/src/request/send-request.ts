/**
 * @module
 * Every API call goes through here (auth-platform spec §4, §7, §9; contract §1.2, §1.4, §1.6):
 * - headers: the `X-Hexclave-*` set the official SDK 2.8.108 sends (project, access type, client
 *   version, user tokens, allow-anonymous, keys, admin token, random nonce, override-error-status);
 * - the session's access token is refreshed first when it expires within 20 s (shared refresh);
 * - an `INVALID_ACCESS_TOKEN`-family answer drops the stale token and retries (→ refresh); likewise
 *   the admin session's token on `INVALID_ADMIN_ACCESS_TOKEN` / `API_KEY_NOT_FOUND`;
 * - 429 is retried after `Retry-After` seconds, or at once without it;
 * - a network failure is retried with exponential backoff for idempotent methods, and for any method
 *   when the connection was never made (the server cannot have acted);
 * - 508 `INFINITE_LOOP_DETECTED` is retried; other failures throw at once.
 * At most 5 attempts in all. A final network failure is an `AuthOfflineError` when offline.
 */
import {
  type AccessType,
  getProtocolHeaderNames,
  isKnownErrorInFamily,
  type KnownError,
  type ProtocolHeaderSuffix,
} from "@heritage/auth-protocol";
import { encodeCrockfordBase32 } from "../encoding/crockford-base32";
import { AuthHttpError } from "../errors";
import type { AuthRuntime } from "../runtime";
import type { AuthSession, SessionTokens } from "../session";
import { getActualStatus, readKnownError } from "./parse-error";
import {
  getBackoffDelayMs,
  isConnectPhaseFailure,
  isIdempotentMethod,
  maxRequestAttempts,
  toNetworkFailure,
} from "./retry";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestConfig {
  /** `{baseUrl}/api/v1`, without a trailing slash. */
  apiUrl: string;
  projectId: string;
  accessType: AccessType;
  clientVersion: string;
  publishableClientKey?: string | undefined;
  /** Sent when defined (server and admin apps send `""` when they have no key, like the SDK). */
  secretServerKey?: string | undefined;
  superSecretAdminKey?: string | undefined;
  /** Session of an internal-project user whose access token authenticates admin calls. */
  adminSession?: AuthSession | undefined;
  extraHeaders?: Record<string, string> | undefined;
  /** Sent as `Accept-Language` when it gives one (see the app option `language`). */
  language?: string | (() => string | undefined) | undefined;
  runtime: AuthRuntime;
}

export interface SendRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Whose user tokens to send; none for project-level calls. */
  session?: AuthSession | null;
}

/** Sends one API request; resolves with a 2xx response or rejects with a typed error. */
export type SendRequest = (path: string, options?: SendRequestOptions) => Promise<Response>;

type AttemptResult =
  | { kind: "ok"; response: Response }
  | { kind: "retry"; error: unknown; delayMs: number | "backoff" };

/** 224 bits of randomness as lower-case base32, like the SDK's nonce. */
export function createRandomNonce(): string {
  const characters = Math.ceil(224 / 5);
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil((characters * 5) / 8)));
  const encoded = encodeCrockfordBase32(bytes);
  return encoded.slice(encoded.length - characters).toLowerCase();
}

/** Seconds of a `Retry-After` header (delta-seconds or HTTP date) in ms; null if absent/invalid. */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function buildUrl(config: RequestConfig, path: string, query: SendRequestOptions["query"]) {
  let url = config.apiUrl + path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  if (url.endsWith("/")) url = url.slice(0, -1);
  return search === "" ? url : `${url}?${search}`;
}

/**
 * A request header's name as the official SDK 2.8.108 sends it (`x-hexclave-*`), from
 * auth-protocol's list of the headers the server reads: a name it does not know fails to compile.
 */
function sentHeader(suffix: ProtocolHeaderSuffix): string {
  return getProtocolHeaderNames(suffix)[0];
}

function buildHeaders(
  config: RequestConfig,
  tokens: SessionTokens | null,
  adminTokens: SessionTokens | null,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    [sentHeader("override-error-status")]: "true",
    [sentHeader("project-id")]: config.projectId,
    [sentHeader("access-type")]: config.accessType,
    [sentHeader("client-version")]: config.clientVersion,
  };
  if (tokens !== null) {
    headers[sentHeader("access-token")] = tokens.accessToken;
    if (tokens.refreshToken !== null) headers[sentHeader("refresh-token")] = tokens.refreshToken;
  }
  headers[sentHeader("allow-anonymous-user")] = "true";
  if (config.publishableClientKey) {
    headers[sentHeader("publishable-client-key")] = config.publishableClientKey;
  }
  if (adminTokens !== null) headers[sentHeader("admin-access-token")] = adminTokens.accessToken;
  headers[sentHeader("random-nonce")] = createRandomNonce();
  headers["ngrok-skip-browser-warning"] = "true";
  if (config.secretServerKey !== undefined) {
    headers[sentHeader("secret-server-key")] = config.secretServerKey;
  }
  if (config.superSecretAdminKey !== undefined) {
    headers[sentHeader("super-secret-admin-key")] = config.superSecretAdminKey;
  }
  if (hasBody) headers["content-type"] = "application/json";
  const language = typeof config.language === "function" ? config.language() : config.language;
  // A CORS-safelisted header: it adds no preflight to a cross-origin call.
  if (language) headers["accept-language"] = language;
  return { ...headers, ...config.extraHeaders };
}

/** Creates the request function of one app. */
export function createRequestSender(config: RequestConfig): SendRequest {
  const { runtime } = config;

  const attempt = async (
    url: string,
    method: HttpMethod,
    options: SendRequestOptions,
  ): Promise<AttemptResult> => {
    const session = options.session ?? null;
    const tokens = session === null ? null : await session.getTokens();
    const adminTokens = config.adminSession ? await config.adminSession.getTokens() : null;
    const hasBody = options.body !== undefined;
    let response: Response;
    try {
      response = await runtime.fetch(url, {
        method,
        headers: buildHeaders(config, tokens, adminTokens, hasBody),
        ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
        credentials: "omit",
        cache: "no-store",
      });
    } catch (error) {
      // fetch rejects with a TypeError when the request never got an answer. Only requests that may
      // safely run twice, or that never reached the server, are sent again.
      if (
        error instanceof TypeError &&
        (isIdempotentMethod(method) || isConnectPhaseFailure(error))
      ) {
        return { kind: "retry", error, delayMs: "backoff" };
      }
      if (error instanceof TypeError) throw toNetworkFailure(runtime, url, error);
      throw error;
    }

    const status = getActualStatus(response);
    const knownError = await readKnownError(response, status);
    if (knownError !== null) return handleKnownError(knownError, tokens, adminTokens, session);
    if (status >= 200 && status < 300) return { kind: "ok", response };
    if (status === 429) {
      const retryAfterMs = parseRetryAfterMs(response.headers.get("retry-after"), runtime.now());
      await response.body?.cancel();
      return {
        kind: "retry",
        error: new AuthHttpError(url, status, "Rate limited"),
        delayMs: retryAfterMs ?? 0,
      };
    }
    const text = await response.text();
    const error = new AuthHttpError(url, status, text);
    if (status === 508 && text.includes("INFINITE_LOOP_DETECTED")) {
      return { kind: "retry", error, delayMs: "backoff" };
    }
    throw error;
  };

  const handleKnownError = (
    error: KnownError,
    tokens: SessionTokens | null,
    adminTokens: SessionTokens | null,
    session: AuthSession | null,
  ): AttemptResult => {
    // The server rejected the request before acting, so resending is safe for every method.
    if (isKnownErrorInFamily(error, "INVALID_ACCESS_TOKEN") && tokens !== null && session) {
      session.markAccessTokenExpired(tokens.accessToken);
      return { kind: "retry", error, delayMs: "backoff" };
    }
    if (
      config.adminSession &&
      adminTokens !== null &&
      (isKnownErrorInFamily(error, "INVALID_ADMIN_ACCESS_TOKEN") ||
        isKnownErrorInFamily(error, "API_KEY_NOT_FOUND"))
    ) {
      config.adminSession.markAccessTokenExpired(adminTokens.accessToken);
      return { kind: "retry", error, delayMs: "backoff" };
    }
    throw error;
  };

  return async (path, options = {}) => {
    const method = options.method ?? "GET";
    const url = buildUrl(config, path, options.query);
    let lastError: unknown;
    for (let attemptIndex = 0; attemptIndex < maxRequestAttempts; attemptIndex++) {
      const result = await attempt(url, method, options);
      if (result.kind === "ok") return result.response;
      lastError = result.error;
      if (attemptIndex === maxRequestAttempts - 1) break;
      const delayMs =
        result.delayMs === "backoff"
          ? getBackoffDelayMs(attemptIndex, runtime.random)
          : result.delayMs;
      if (delayMs > 0) await runtime.sleep(delayMs);
    }
    if (lastError instanceof TypeError) throw toNetworkFailure(runtime, url, lastError);
    throw lastError;
  };
}
