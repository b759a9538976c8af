/**
 * Headers every auth API response carries (contract §1.1, §1.4): the request id, the known-error and
 * actual-status headers in the one spelling the request used (`x-stack-*` unless it sent any
 * `x-hexclave-*` header, as the reference answers `x-stack-*` only),
 * `cache-control: no-store, max-age=0` unless the route set its own, CORS (errors included), and the
 * override-error-status rewrite of 4xx to 200 with the actual status. OPTIONS answers an empty 200
 * with the CORS headers only (as the reference's); methods outside the protocol get the API's JSON 405.
 * @module
 */
import { randomUUID } from "node:crypto";
import {
  actualStatusHeaderNames,
  corsAllowHeaders,
  corsAllowMethods,
  corsExposeHeaders,
  corsMaxAgeSeconds,
  type HeaderSpelling,
  knownErrorHeaderNames,
  type ProtocolHeaders,
  readProtocolHeaders,
  readProtocolHeadersOf,
  requestIdHeaderNames,
  responseHeaderName,
} from "@heritage/auth-protocol";
import type { Context, MiddlewareHandler } from "hono";
import type { AuthEnv } from "./context";
import { methodNotAllowedResponse } from "./error-response";
import { isFinishedAnswer, layersApiAnswerHeaders } from "./finished-answers";

const allowedMethods = new Set<string>(corsAllowMethods);
// The same on every answer: joined once.
const allowMethods = corsAllowMethods.join(", ");
const maxAge = String(corsMaxAgeSeconds);
const allowHeaders = corsAllowHeaders.join(", ");
const exposeHeaders = corsExposeHeaders.join(", ");

/** The CORS headers of every answer, through `set` (a `Headers` or a plain object's). */
function writeCorsHeaders(
  set: (name: string, value: string) => void,
  requestedHeaders: string | undefined,
): void {
  set("access-control-allow-origin", "*");
  set("access-control-allow-methods", allowMethods);
  set("access-control-max-age", maxAge);
  set("access-control-allow-headers", requestedHeaders || allowHeaders);
  set("access-control-expose-headers", exposeHeaders);
}

/**
 * The request's protocol headers, read once per request. Through the Node server they come from
 * Node's own header list (`incoming.rawHeaders`, the request `c.req.raw` was made from): asking the
 * adapter's `Headers` for their names turned its lightweight headers into a full Fetch `Headers`,
 * and each of the request's fifteen or so lookups paid a name check of its own (issue 30).
 */
export function requestProtocolHeaders(c: Context<AuthEnv>): ProtocolHeaders {
  let headers = c.get("protocolHeaders");
  if (!headers) {
    const rawHeaders = (c.env as { incoming?: { rawHeaders?: unknown } } | undefined)?.incoming
      ?.rawHeaders;
    headers = Array.isArray(rawHeaders)
      ? readProtocolHeaders(rawHeaders as string[])
      : readProtocolHeadersOf(c.req.raw.headers);
    c.set("protocolHeaders", headers);
  }
  return headers;
}

/**
 * Keeps one spelling of a response header pair: the error mapper sets both known-error names
 * because it does not see the request.
 */
function keepSpelling(
  headers: Headers,
  names: readonly [string, string],
  spelling: HeaderSpelling,
  value: string | null,
): void {
  for (const name of names) headers.delete(name);
  if (value !== null) headers.set(responseHeaderName(names, spelling), value);
}

function firstHeader(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) return value;
  }
  return null;
}

const defaultCacheControl = "no-store, max-age=0";

/**
 * Every header of a JSON or plain-text answer this middleware and the layers in front would add,
 * for the route to send with the answer it makes (`sendJson`, `sendText`, finished-answers.ts):
 * the same as `finishHeaders` below gives such an answer, and the layers' own. Undefined where the
 * answer must be finished afterwards: outside this middleware, or when a 4xx is to be turned into
 * a 200.
 */
export function finishedAnswerHeaders(
  c: Context<AuthEnv>,
  status: number,
  contentType: string,
  ownHeaders: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  const spelling = c.get("headerSpelling");
  const requestId = c.get("requestId");
  if (spelling === undefined || requestId === undefined) return undefined;
  if (status >= 400 && status < 500 && requestProtocolHeaders(c).get("override-error-status")) {
    return undefined;
  }
  const headers: Record<string, string> = { "cache-control": defaultCacheControl };
  for (const name in ownHeaders) headers[name.toLowerCase()] = ownHeaders[name] as string;
  headers["content-type"] = contentType;
  headers[responseHeaderName(requestIdHeaderNames, spelling)] = requestId;
  writeCorsHeaders((name, value) => {
    headers[name] = value;
  }, c.req.header("access-control-request-headers"));
  return Object.assign(headers, layersApiAnswerHeaders(c));
}

export function protocolHeaders(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    // Mounted in the site's process, the request already has the id its log lines carry.
    const requestId = c.get("requestId") ?? randomUUID().replaceAll("-", "");
    c.set("requestId", requestId);
    const protocol = requestProtocolHeaders(c);
    const spelling = protocol.spelling;
    c.set("headerSpelling", spelling);
    if (c.req.method === "OPTIONS") {
      c.res = new Response(null, { status: 200 });
    } else if (!allowedMethods.has(c.req.method)) {
      c.res = methodNotAllowedResponse();
    } else {
      await next();
      // Made with every header on it already (finished-answers.ts).
      if (isFinishedAnswer(c)) return;
    }
    const actualStatus = c.res.status;
    const shouldOverride =
      actualStatus >= 400 &&
      actualStatus < 500 &&
      protocol.get("override-error-status") !== undefined;
    const finishHeaders = (headers: Headers) => {
      keepSpelling(
        headers,
        knownErrorHeaderNames,
        spelling,
        firstHeader(headers, knownErrorHeaderNames),
      );
      keepSpelling(
        headers,
        actualStatusHeaderNames,
        spelling,
        shouldOverride ? String(actualStatus) : null,
      );
      keepSpelling(
        headers,
        requestIdHeaderNames,
        spelling,
        c.req.method === "OPTIONS" ? null : requestId,
      );
      if (!headers.has("cache-control")) headers.set("cache-control", defaultCacheControl);
      writeCorsHeaders(
        (name, value) => headers.set(name, value),
        c.req.header("access-control-request-headers"),
      );
    };
    // Most answers are finished in place: rebuilding one reads its body as a stream, which costs
    // the server's fast path for string bodies (a tenth of a `/users/me` request's CPU, issue 15).
    // A changed status needs a new response, and so do answers whose headers are immutable
    // (`Response.redirect`, fetched ones): setting a header on those throws a TypeError.
    if (!shouldOverride) {
      try {
        finishHeaders(c.res.headers);
        return;
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    }
    const response = new Response(c.res.body, {
      status: shouldOverride ? 200 : actualStatus,
      statusText: shouldOverride ? "OK" : c.res.statusText,
      // A copy: @hono/node-server's Response (global once a server is started) keeps the
      // Headers object it is given, and the old one may be immutable.
      headers: new Headers(c.res.headers),
    });
    finishHeaders(response.headers);
    // Assigning through undefined first stops Hono from merging the old headers back in.
    c.res = undefined;
    c.res = response;
  };
}
