/**
 * @module
 * Names, values and attributes of the session cookies, identical to the official SDK's (contract
 * §1.6), so a session is shared between this client and `@stackframe/js`: the refresh cookie
 * `hexclave-refresh-{projectId}--default` (`__Host-` on https) holding
 * `{"refresh_token", "updated_at_millis"}`, and `hexclave-access` holding `[refreshToken, accessToken]`.
 * Legacy `stack-*` names are read, then deleted on the next write. Values are percent-encoded the way
 * js-cookie writes them; reading URL-decodes.
 */
import { decodeCrockfordBase32, encodeCrockfordBase32 } from "../encoding/crockford-base32";
import type { StoredTokens } from "./token-store";

export const accessCookieName = "hexclave-access";
export const legacyAccessCookieName = "stack-access";
/** Lifetime of the refresh cookie: one year. */
export const refreshCookieMaxAgeSeconds = 60 * 60 * 24 * 365;
/** Lifetime of the access cookie: one day. */
export const accessCookieMaxAgeSeconds = 60 * 60 * 24;

const refreshCookieBase = (projectId: string) => `hexclave-refresh-${projectId}`;
const legacyRefreshCookieBase = (projectId: string) => `stack-refresh-${projectId}`;

/** `hexclave-refresh-{projectId}--default`, with the `__Host-` prefix on secure (https) pages. */
export function getDefaultRefreshCookieName(projectId: string, secure: boolean): string {
  return `${secure ? "__Host-" : ""}${refreshCookieBase(projectId)}--default`;
}

/** The refresh cookie the SDK writes for a trusted parent domain: `…--custom-{BASE32(domain)}`. */
export function getCustomRefreshCookieName(projectId: string, domain: string): string {
  const encoded = encodeCrockfordBase32(new TextEncoder().encode(domain.toLowerCase()));
  return `${refreshCookieBase(projectId)}--custom-${encoded}`;
}

function getDomainOfCustomRefreshCookie(projectId: string, name: string): string | null {
  for (const base of [refreshCookieBase(projectId), legacyRefreshCookieBase(projectId)]) {
    const prefix = `${base}--custom-`;
    if (!name.startsWith(prefix)) continue;
    const bytes = decodeCrockfordBase32(name.slice(prefix.length));
    return bytes === null ? null : new TextDecoder().decode(bytes);
  }
  return null;
}

function decodeCookieValue(raw: string): string {
  const unquoted =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!unquoted.includes("%")) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/** Parses a `Cookie` header or `document.cookie` into a map; the first cookie of a name wins. */
export function parseCookieHeader(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name === "" || Object.hasOwn(cookies, name)) continue;
    cookies[name] = decodeCookieValue(part.slice(separator + 1).trim());
  }
  return cookies;
}

function getRefreshCookiePatterns(projectId: string) {
  const current = refreshCookieBase(projectId);
  const legacy = legacyRefreshCookieBase(projectId);
  return {
    currentPrefixes: [`${current}--`, `__Host-${current}--`],
    legacyNames: [legacy, "stack-refresh"],
    allPrefixes: [`${current}--`, `__Host-${current}--`, `${legacy}--`, `__Host-${legacy}--`],
  };
}

interface StructuredRefreshCookie {
  refreshToken: string;
  updatedAtMillis: number | null;
}

function parseStructuredRefreshCookie(value: string): StructuredRefreshCookie | null {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const refreshToken = "refresh_token" in data ? data.refresh_token : undefined;
  const updatedAt = "updated_at_millis" in data ? data.updated_at_millis : undefined;
  if (typeof refreshToken !== "string" || refreshToken === "") return null;
  return { refreshToken, updatedAtMillis: typeof updatedAt === "number" ? updatedAt : null };
}

function findNewestStructuredCookie(
  cookies: Record<string, string>,
  prefixes: readonly string[],
): StructuredRefreshCookie | null {
  let newest: StructuredRefreshCookie | null = null;
  for (const [name, value] of Object.entries(cookies)) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const parsed = parseStructuredRefreshCookie(value);
    if (parsed === null) continue;
    const candidateAt = parsed.updatedAtMillis ?? Number.NEGATIVE_INFINITY;
    const newestAt = newest?.updatedAtMillis ?? Number.NEGATIVE_INFINITY;
    if (newest === null || candidateAt > newestAt) newest = parsed;
  }
  return newest;
}

function readRefreshToken(cookies: Record<string, string>, projectId: string): string | null {
  const { currentPrefixes, legacyNames, allPrefixes } = getRefreshCookiePatterns(projectId);
  const current = findNewestStructuredCookie(cookies, currentPrefixes);
  if (current !== null) return current.refreshToken;
  for (const name of legacyNames) {
    const value = cookies[name];
    if (value) return value;
  }
  return findNewestStructuredCookie(cookies, allPrefixes)?.refreshToken ?? null;
}

function readAccessToken(cookies: Record<string, string>, refreshToken: string | null) {
  const value = cookies[accessCookieName] ?? cookies[legacyAccessCookieName];
  if (value === undefined || !value.startsWith('["')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string" &&
      parsed[0] === refreshToken
    ) {
      return parsed[1];
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The session tokens in a cookie map, read like the SDK: the newest current-name refresh cookie, else a
 * legacy raw one, else the newest legacy structured one; the access token only when the access cookie
 * belongs to that refresh token.
 */
export function readTokensFromCookies(
  cookies: Record<string, string>,
  projectId: string,
): StoredTokens {
  const refreshToken = readRefreshToken(cookies, projectId);
  return { refreshToken, accessToken: readAccessToken(cookies, refreshToken) };
}

/** One cookie to set (`value` non-null) or delete (`value` null). */
export interface CookieWrite {
  name: string;
  value: string | null;
  maxAgeSeconds: number;
  domain?: string;
}

/**
 * The cookie writes that store `tokens`: the default refresh cookie and the access cookie (deleted
 * when signed out), and deletion of every other refresh cookie (legacy names, the other `__Host-`
 * variant, custom-domain ones) and of the legacy access cookie.
 */
export function planTokenCookieWrites(
  existing: Record<string, string>,
  projectId: string,
  tokens: StoredTokens,
  options: { secure: boolean; nowMs: number },
): CookieWrite[] {
  const defaultName = getDefaultRefreshCookieName(projectId, options.secure);
  const { legacyNames, allPrefixes } = getRefreshCookiePatterns(projectId);
  const { refreshToken, accessToken } = tokens;
  const writes: CookieWrite[] = [
    {
      name: defaultName,
      value:
        refreshToken === null
          ? null
          : JSON.stringify({ refresh_token: refreshToken, updated_at_millis: options.nowMs }),
      maxAgeSeconds: refreshCookieMaxAgeSeconds,
    },
    {
      name: accessCookieName,
      value: refreshToken && accessToken ? JSON.stringify([refreshToken, accessToken]) : null,
      maxAgeSeconds: accessCookieMaxAgeSeconds,
    },
  ];
  const namesToDelete = new Set<string>();
  for (const name of legacyNames) if (existing[name]) namesToDelete.add(name);
  for (const name of Object.keys(existing)) {
    if (allPrefixes.some((prefix) => name.startsWith(prefix))) namesToDelete.add(name);
  }
  if (existing[legacyAccessCookieName] !== undefined) namesToDelete.add(legacyAccessCookieName);
  namesToDelete.delete(defaultName);
  for (const name of namesToDelete) {
    const domain = getDomainOfCustomRefreshCookie(projectId, name);
    writes.push({ name, value: null, maxAgeSeconds: 0, ...(domain === null ? {} : { domain }) });
  }
  return writes;
}

/** Percent-encodes a cookie value exactly like js-cookie (which the SDK writes through). */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(
    /%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g,
    decodeURIComponent,
  );
}

function encodeCookieName(name: string): string {
  return encodeURIComponent(name)
    .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
    .replace(/[()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface SerializeCookieOptions {
  nowMs: number;
  /** True on https pages; `__Host-` names are always secure. */
  secure: boolean;
  /** CHIPS: `SameSite=None; Partitioned` instead of `SameSite=Lax` (only with secure). */
  partitioned?: boolean;
}

/**
 * A `document.cookie` assignment for `write`, attribute for attribute what js-cookie produces for the
 * SDK (`path=/; expires=…; domain=…; secure; sameSite=Lax`). Deleting sets an expiry in the past.
 */
export function serializeDocumentCookie(write: CookieWrite, options: SerializeCookieOptions) {
  const secure = write.name.startsWith("__Host-") || options.secure;
  const name = encodeCookieName(write.name);
  if (write.value === null) {
    const expires = new Date(options.nowMs - 864e5).toUTCString();
    return `${name}=; path=/${write.domain ? `; domain=${write.domain}` : ""}${secure ? "; secure" : ""}${
      options.partitioned ? "; partitioned" : ""
    }; expires=${expires}`;
  }
  const expires = new Date(options.nowMs + write.maxAgeSeconds * 1000).toUTCString();
  const sameSite = options.partitioned ? "None" : "Lax";
  return `${name}=${encodeCookieValue(write.value)}; path=/; expires=${expires}${
    write.domain ? `; domain=${write.domain}` : ""
  }${secure ? "; secure" : ""}; sameSite=${sameSite}${options.partitioned ? "; partitioned" : ""}`;
}

/** A `Set-Cookie` header value for `write` (not HttpOnly: the browser SDK must read it). */
export function serializeSetCookie(write: CookieWrite, options: SerializeCookieOptions): string {
  const secure = write.name.startsWith("__Host-") || options.secure;
  const deleting = write.value === null;
  const expires = deleting
    ? new Date(0).toUTCString()
    : new Date(options.nowMs + write.maxAgeSeconds * 1000).toUTCString();
  const parts = [
    `${encodeCookieName(write.name)}=${deleting ? "" : encodeCookieValue(write.value ?? "")}`,
    "Path=/",
    `Expires=${expires}`,
    `Max-Age=${deleting ? 0 : write.maxAgeSeconds}`,
  ];
  if (write.domain) parts.push(`Domain=${write.domain}`);
  if (secure) parts.push("Secure");
  parts.push(`SameSite=${options.partitioned && secure ? "None" : "Lax"}`);
  if (options.partitioned && secure) parts.push("Partitioned");
  return parts.join("; ");
}
