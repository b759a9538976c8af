/**
 * Headers every auth API response carries (contract §1.1, §1.4): request id in both spellings,
 * `cache-control: no-store, max-age=0` unless the route set its own, CORS (errors included), and the
 * override-error-status rewrite of 4xx to 200 with the actual status in both header spellings.
 * OPTIONS answers an empty 200; methods outside the protocol get the API's JSON 405.
 * @module
 */
import { randomUUID } from "node:crypto";
import {
  actualStatusHeaderNames,
  corsAllowHeaders,
  corsAllowMethods,
  corsExposeHeaders,
  corsMaxAgeSeconds,
  readProtocolHeader,
  requestIdHeaderNames,
} from "@heritage/auth-protocol";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "./context";
import { methodNotAllowedResponse } from "./error-response";

const allowedMethods = new Set<string>(corsAllowMethods);

function setCorsHeaders(headers: Headers, requestedHeaders: string | undefined): void {
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-allow-methods", corsAllowMethods.join(", "));
  headers.set("access-control-max-age", String(corsMaxAgeSeconds));
  headers.set("access-control-allow-headers", requestedHeaders || corsAllowHeaders.join(", "));
  headers.set("access-control-expose-headers", corsExposeHeaders.join(", "));
}

export function protocolHeaders(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const requestId = randomUUID().replaceAll("-", "");
    c.set("requestId", requestId);
    if (c.req.method === "OPTIONS") {
      c.res = new Response(null, { status: 200 });
    } else if (!allowedMethods.has(c.req.method)) {
      c.res = methodNotAllowedResponse(corsAllowMethods);
    } else {
      await next();
    }
    let response = c.res;
    const actualStatus = response.status;
    const shouldOverride =
      actualStatus >= 400 &&
      actualStatus < 500 &&
      readProtocolHeader(c.req.raw.headers, "override-error-status") !== undefined;
    // Rebuild the response: headers of some responses (redirects, fetched ones) are immutable.
    response = new Response(response.body, {
      status: shouldOverride ? 200 : actualStatus,
      statusText: shouldOverride ? "OK" : response.statusText,
      headers: response.headers,
    });
    if (shouldOverride) {
      for (const name of actualStatusHeaderNames) response.headers.set(name, String(actualStatus));
    }
    for (const name of requestIdHeaderNames) response.headers.set(name, requestId);
    if (!response.headers.has("cache-control")) {
      response.headers.set("cache-control", "no-store, max-age=0");
    }
    setCorsHeaders(response.headers, c.req.header("access-control-request-headers"));
    // Assigning through undefined first stops Hono from merging the old headers back in.
    c.res = undefined;
    c.res = response;
  };
}
