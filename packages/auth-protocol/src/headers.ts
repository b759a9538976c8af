/**
 * Header names of the wire protocol (contract §1.1, §1.2, §1.4). Every protocol request header exists
 * in two spellings: `x-hexclave-*` (sent by SDK 2.8.108, preferred) and `x-stack-*` (e2e suite, older SDKs).
 * @module
 */
import { z } from "zod";

/** The three access levels of a request (`x-*-access-type`). */
export const accessTypes = ["client", "server", "admin"] as const;
export type AccessType = (typeof accessTypes)[number];
export const accessTypeSchema = z.enum(accessTypes);

/** Suffixes (after `x-hexclave-` / `x-stack-`) of every request header the server reads (§1.2). */
export const protocolHeaderSuffixes = [
  "project-id",
  "branch-id",
  "access-type",
  "publishable-client-key",
  "secret-server-key",
  "super-secret-admin-key",
  "admin-access-token",
  "access-token",
  "refresh-token",
  "allow-anonymous-user",
  "allow-restricted-user",
  "override-error-status",
  "client-version",
  "random-nonce",
  "development-override-key",
  "disable-artificial-development-delay",
  "development-disable-extended-logging",
] as const;
export type ProtocolHeaderSuffix = (typeof protocolHeaderSuffixes)[number];

/** The two spellings of a protocol request header, preferred (`x-hexclave-*`) first. */
export function getProtocolHeaderNames<S extends ProtocolHeaderSuffix>(
  suffix: S,
): readonly [`x-hexclave-${S}`, `x-stack-${S}`] {
  return [`x-hexclave-${suffix}`, `x-stack-${suffix}`];
}

/**
 * Reads a protocol header: the `x-hexclave-*` spelling wins, `x-stack-*` is the fallback. Missing and
 * empty-string values count as absent (the server SDK sends `x-hexclave-secret-server-key: ""` when it
 * has no key, §1.2), so an empty hexclave value falls through to the stack spelling.
 */
export function readProtocolHeader(
  headers: Headers,
  suffix: ProtocolHeaderSuffix,
): string | undefined {
  for (const name of getProtocolHeaderNames(suffix)) {
    const value = headers.get(name);
    if (value !== null && value !== "") return value;
  }
  return undefined;
}

/** The two header families: `x-hexclave-*` (SDK 2.8.108) and `x-stack-*` (the reference, older SDKs). */
export type HeaderSpelling = "hexclave" | "stack";

/**
 * The spelling a request used: `hexclave` when it carries any `x-hexclave-*` header, else `stack`.
 * The server answers in that spelling only (the reference sends `x-stack-*` response headers alone;
 * SDK 2.8.108 reads `x-hexclave-*` first and falls back to `x-stack-*`), so a request with no
 * protocol header at all (a browser redirect, a JWKS fetch) gets the reference's `x-stack-*`.
 */
export function requestHeaderSpelling(headers: Headers): HeaderSpelling {
  for (const name of headers.keys()) {
    if (name.startsWith("x-hexclave-")) return "hexclave";
  }
  return "stack";
}

/**
 * A request's protocol headers, read once (`readProtocolHeaders`): `get` answers as
 * `readProtocolHeader` does (the `x-hexclave-*` spelling wins, an empty value counts as absent),
 * and `spelling` as `requestHeaderSpelling`.
 */
export interface ProtocolHeaders {
  readonly spelling: HeaderSpelling;
  get(suffix: ProtocolHeaderSuffix): string | undefined;
}

const HEXCLAVE_PREFIX = "x-hexclave-";
const STACK_PREFIX = "x-stack-";

const SPACE = 32;
const TAB = 9;
const isBlank = (code: number) => code === SPACE || code === TAB;

/**
 * Leading and trailing spaces and tabs, which a header value loses (Fetch's normalisation). Node's
 * parser has already taken them off, so the value is returned as it is unless it still starts or
 * ends with one (the expression alone was 1 % of a `/users/me`).
 */
function trimHeaderValue(value: string): string {
  if (!isBlank(value.charCodeAt(0)) && !isBlank(value.charCodeAt(value.length - 1))) return value;
  return value.replace(/^[\t ]+|[\t ]+$/g, "");
}

/**
 * The protocol headers of a request from its header list as Node gives it (`rawHeaders`: name,
 * value, name, value, ... in the client's own case): one pass over the list, where each
 * `headers.get` of a Fetch `Headers` would first copy Node's list into one (the server reads some
 * fifteen protocol headers per request, issue 30). A name sent twice has its values joined with
 * ", ", as `Headers.get` joins them.
 */
export function readProtocolHeaders(rawHeaders: readonly string[]): ProtocolHeaders {
  let hexclave: Map<string, string> | undefined;
  let stack: Map<string, string> | undefined;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const rawName = rawHeaders[index] as string;
    // Most headers (host, accept, content-type...) do not start with "x-": one look decides.
    if (rawName.length <= STACK_PREFIX.length || rawName.charCodeAt(1) !== 45) continue;
    const name = rawName.toLowerCase();
    let values: Map<string, string>;
    let suffix: string;
    if (name.startsWith(HEXCLAVE_PREFIX)) {
      hexclave ??= new Map();
      values = hexclave;
      suffix = name.slice(HEXCLAVE_PREFIX.length);
    } else if (name.startsWith(STACK_PREFIX)) {
      stack ??= new Map();
      values = stack;
      suffix = name.slice(STACK_PREFIX.length);
    } else {
      continue;
    }
    const value = trimHeaderValue(rawHeaders[index + 1] as string);
    const earlier = values.get(suffix);
    values.set(suffix, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  return {
    spelling: hexclave ? "hexclave" : "stack",
    get(suffix) {
      const preferred = hexclave?.get(suffix);
      if (preferred) return preferred;
      const fallback = stack?.get(suffix);
      return fallback ? fallback : undefined;
    },
  };
}

/** `readProtocolHeaders` of a Fetch `Headers` (a request made in process, a test's request). */
export function readProtocolHeadersOf(headers: Headers): ProtocolHeaders {
  const rawHeaders: string[] = [];
  for (const [name, value] of headers) rawHeaders.push(name, value);
  return readProtocolHeaders(rawHeaders);
}

/** A response header pair's name in one spelling (the pairs below list hexclave first). */
export function responseHeaderName(
  names: readonly [string, string],
  spelling: HeaderSpelling,
): string {
  return spelling === "hexclave" ? names[0] : names[1];
}

/**
 * Response header carrying the known-error code, in both spellings; a response carries the one
 * its request used (§1.4, `requestHeaderSpelling`).
 */
export const knownErrorHeaderNames = ["x-hexclave-known-error", "x-stack-known-error"] as const;
/** Response header with the real status when override-error-status turned a 4xx into a 200 (§1.4). */
export const actualStatusHeaderNames = [
  "x-hexclave-actual-status",
  "x-stack-actual-status",
] as const;
/** Response header with the request id, present on every response in the request's spelling (§1.1). */
export const requestIdHeaderNames = ["x-hexclave-request-id", "x-stack-request-id"] as const;

/** `Access-Control-Allow-Methods` for `/api/*` (§1.1). */
export const corsAllowMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** `Access-Control-Max-Age` for `/api/*`, in seconds (§1.1). */
export const corsMaxAgeSeconds = 86_400;

/**
 * `Access-Control-Allow-Headers` for `/api/*` (§1.1): every protocol request header in both spellings
 * plus the third-party headers browsers and SDKs add.
 */
export const corsAllowHeaders: readonly string[] = [
  ...protocolHeaderSuffixes.flatMap((suffix) => getProtocolHeaderNames(suffix)),
  "content-type",
  "authorization",
  "baggage",
  "sentry-trace",
  "x-vercel-protection-bypass",
  "ngrok-skip-browser-warning",
];

/**
 * `Access-Control-Expose-Headers` for `/api/*` (§1.1). Must be sent on error responses too: the browser
 * SDK reads the known-error header of a failed refresh.
 */
export const corsExposeHeaders: readonly string[] = [
  "content-type",
  ...actualStatusHeaderNames,
  ...knownErrorHeaderNames,
  ...requestIdHeaderNames,
];
