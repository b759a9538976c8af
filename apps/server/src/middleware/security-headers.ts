/**
 * @module
 * Security headers on every response. Pages get a nonce-based Content-Security-Policy: the only
 * inline scripts allowed are the ones React Router renders with this response's nonce (decision
 * 002). Responses that set their own policy keep it: `/media`, and pages from the page cache,
 * whose stored policy names their scripts by hash instead (decision 011). The same goes for the
 * Cross-Origin-Opener-Policy: public pages bring their own (decision 026).
 */
import { randomFillSync } from "node:crypto";
import { headersForApiAnswers, isFinishedAnswer } from "@heritage/auth-server";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";

export interface SecurityHeaderOptions {
  /** Vite's dev server injects inline scripts and opens a websocket: relax the policy for it. */
  isDevelopment: boolean;
  /** Trust `X-Forwarded-Proto` to tell whether the visitor used HTTPS. */
  trustProxy: boolean;
}

const TWO_YEARS_IN_SECONDS = 63_072_000;

/**
 * Headers every answer carries besides its policy, as they go out (lower case). The stored-page
 * fast path (`page-cache/stored-page-listener.ts`) sends the same.
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "SAMEORIGIN"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];
/**
 * A window this site opens, or that opens it, shares no handle with another origin's. Sent on
 * every answer that does not bring an opener policy of its own: public pages do (`unsafe-none`,
 * decision 026): they are the same for every visitor and hold nothing of theirs, and Chrome on
 * Android gives every site that sends this policy a process of its own, a cold start on a phone.
 */
export const OPENER_POLICY: readonly [string, string] = [
  "cross-origin-opener-policy",
  "same-origin",
];
/** Sent to visitors who came over HTTPS (see `isHttpsRequest`). */
export const STRICT_TRANSPORT_SECURITY: readonly [string, string] = [
  "strict-transport-security",
  `max-age=${TWO_YEARS_IN_SECONDS}; includeSubDomains`,
];

export function contentSecurityPolicy(nonce: string, isDevelopment: boolean): string {
  return isDevelopment ? developmentPolicy : `${policyBeforeNonce}${nonce}${policyAfterNonce}`;
}

/**
 * The policy of a page served from the page cache (decision 011): its own inline scripts by their
 * hashes, and what they load by `'strict-dynamic'` (which also makes CSP3 browsers ignore
 * `'self'`, left for older ones). Stable per stored page, so the page goes out as stored bytes.
 */
export function contentSecurityPolicyForScriptHashes(hashes: string[]): string {
  return policyWithScriptSources(["'self'", ...hashes, "'strict-dynamic'"].join(" "), false);
}

function policyWithScriptSources(scriptSources: string, isDevelopment: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    // Inline style attributes come from React and Radix; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Editors may point images at other hosts (Open Graph images, logos).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    isDevelopment ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The admin's mobile SEO check renders the home page in a same-origin frame.
    "frame-ancestors 'self'",
    "frame-src 'self'",
  ].join("; ");
}

// Every answer carries a policy; only the nonce changes, so the rest is built once.
const NONCE_MARK = "\u0000nonce\u0000";
const [policyBeforeNonce, policyAfterNonce] = policyWithScriptSources(
  `'self' 'nonce-${NONCE_MARK}'`,
  false,
).split(NONCE_MARK) as [string, string];
const developmentPolicy = policyWithScriptSources("'self' 'unsafe-inline' 'unsafe-eval'", true);

export function isHttpsRequest(
  url: string,
  forwardedProto: string | undefined,
  trustProxy: boolean,
) {
  if (trustProxy && forwardedProto) return forwardedProto.split(",")[0]?.trim() === "https";
  return url.startsWith("https:");
}

/**
 * A fresh 128-bit nonce from the CSPRNG, drawn from a pool filled 4 KiB at a time (as Node's own
 * `randomUUID` does): one `randomBytes(16)` per request cost 28 µs of a `GET /api/v1`'s CPU
 * through the whole app, a third of all it did (decision 030). Every nonce is still used once.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(4096);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function securityHeaders(options: SecurityHeaderOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = nextNonce();
    c.set("cspNonce", nonce);
    const isHttps = isHttpsRequest(
      c.req.url,
      options.trustProxy ? c.req.header("x-forwarded-proto") : undefined,
      options.trustProxy,
    );
    // What a JSON answer of the auth API gets below, given to it before it is made: it brings no
    // policy of its own and is never a 304 (finished-answers.ts).
    const forJson = headersForApiAnswers(c);
    const policy = contentSecurityPolicy(nonce, options.isDevelopment);
    forJson["content-security-policy"] = policy;
    for (const [name, value] of SECURITY_HEADERS) forJson[name] = value;
    forJson[OPENER_POLICY[0]] = OPENER_POLICY[1];
    if (isHttps) forJson[STRICT_TRANSPORT_SECURITY[0]] = STRICT_TRANSPORT_SECURITY[1];
    await next();
    if (isFinishedAnswer(c)) return;
    const headers = c.res.headers;
    // A 304 revalidates a page the browser already has, with the nonce of its first response: a
    // new policy here would replace that one and block the cached page's scripts. A response that
    // brings its own policy keeps it: uploaded media are sandboxed, checkout pages allow no script.
    if (c.res.status !== 304 && !headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", policy);
    }
    for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
    if (!headers.has(OPENER_POLICY[0])) headers.set(...OPENER_POLICY);
    if (isHttps) headers.set(...STRICT_TRANSPORT_SECURITY);
  });
}
