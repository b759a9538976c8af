/**
 * @module
 * A token store for server rendering: it reads the session from the cookies (or the `x-stack-auth`
 * header) of an incoming request and, when tokens change while rendering (a refresh, a sign-out),
 * produces the `Set-Cookie` headers the response must carry so the browser keeps the new tokens.
 */
import {
  parseCookieHeader,
  planTokenCookieWrites,
  readTokensFromCookies,
  serializeSetCookie,
} from "./cookie-format";
import { areTokensEqual, type StoredTokens, type TokenStore } from "./token-store";

export interface RequestCookieTokenStoreOptions {
  projectId: string;
  /** The incoming request, its headers, or its raw `Cookie` header. */
  request: Request | Headers | string | null | undefined;
  /** Whether the site is served over https. Default: from the request URL / `x-forwarded-proto`. */
  secure?: boolean;
  now?: () => number;
}

export interface RequestCookieTokenStore extends TokenStore {
  /** `Set-Cookie` values for the response; empty when nothing changed. */
  getSetCookieHeaders(): string[];
}

function getHeaders(request: RequestCookieTokenStoreOptions["request"]): Headers {
  if (request === null || request === undefined) return new Headers();
  if (typeof request === "string") return new Headers({ cookie: request });
  return request instanceof Headers ? request : request.headers;
}

function isRequestSecure(request: RequestCookieTokenStoreOptions["request"]): boolean {
  if (request === null || request === undefined || typeof request === "string") return false;
  const headers = getHeaders(request);
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwarded !== undefined) return forwarded === "https";
  return !(request instanceof Headers) && request.url.startsWith("https:");
}

// The SDK's getAuthHeaders() output, sent by a browser to its own server (contract §1.2).
function readAuthHeader(headers: Headers): StoredTokens | null {
  const value = headers.get("x-stack-auth");
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { accessToken, refreshToken } = parsed as Record<string, unknown>;
    return {
      accessToken: typeof accessToken === "string" ? accessToken : null,
      refreshToken: typeof refreshToken === "string" ? refreshToken : null,
    };
  } catch {
    return null;
  }
}

/** A token store over the cookies of one incoming request (create one per request). */
export function createRequestCookieTokenStore(
  options: RequestCookieTokenStoreOptions,
): RequestCookieTokenStore {
  const { projectId } = options;
  const headers = getHeaders(options.request);
  const secure = options.secure ?? isRequestSecure(options.request);
  const now = options.now ?? (() => Date.now());
  const cookies = parseCookieHeader(headers.get("cookie") ?? "");
  const fromAuthHeader = readAuthHeader(headers);
  let tokens: StoredTokens = fromAuthHeader ?? readTokensFromCookies(cookies, projectId);
  // Only cookie-based sessions are written back; a header-based one belongs to the caller.
  const writesCookies = fromAuthHeader === null;
  const setCookies = new Map<string, string>();
  const listeners = new Set<() => void>();

  return {
    read: () => tokens,
    write(next) {
      if (areTokensEqual(tokens, next)) return;
      tokens = { refreshToken: next.refreshToken, accessToken: next.accessToken };
      if (writesCookies) {
        const nowMs = now();
        for (const write of planTokenCookieWrites(cookies, projectId, tokens, { secure, nowMs })) {
          // Deleting a cookie the request did not carry is noise.
          if (write.value === null && cookies[write.name] === undefined) continue;
          setCookies.set(write.name, serializeSetCookie(write, { nowMs, secure }));
        }
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSetCookieHeaders: () => [...setCookies.values()],
  };
}
