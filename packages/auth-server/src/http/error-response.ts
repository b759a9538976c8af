/**
 * The one error mapper (contract §1.4): a KnownError becomes its JSON body with both known-error
 * headers; a StatusError becomes its plain-text message; anything else is logged with the request id
 * and answered with a 500 whose body never carries the cause in production. The log gets the error
 * without its query parameters (`redactQueryParameters`): they are the request's data (e-mail
 * addresses, names, metadata) and must not end up in log files (issue 14), whatever logger the
 * API was given.
 * @module
 */
import { KnownError, knownErrorHeaderNames, toWireError } from "@heritage/auth-protocol";
import { redactQueryParameters } from "@heritage/db";
import type { Context } from "hono";
import type { AuthLogger } from "../services/shared/auth-logger";
import { StatusError } from "../services/shared/status-error";
import type { AuthEnv } from "./context";

export const jsonContentType = "application/json; charset=utf-8";
export const textContentType = "text/plain; charset=utf-8";

/**
 * An error's body with its length said: a layer that compresses answers (the site's
 * compression.ts, through Hono's `compress`) leaves one under 1 KiB as it is only when it can see
 * the length. Without it, every known error a client that accepts gzip got (an expired token, a
 * wrong password) went through a `CompressionStream`: 9,800 → 2,300 answers a second (decision 050).
 */
function withLength(body: string, headers: Record<string, string>): Record<string, string> {
  headers["content-length"] = String(Buffer.byteLength(body));
  return headers;
}

export function knownErrorResponse(error: KnownError): Response {
  const body = JSON.stringify(toWireError(error));
  const headers = withLength(body, { "content-type": jsonContentType });
  for (const name of knownErrorHeaderNames) headers[name] = error.code;
  return new Response(body, { status: error.status, headers: new Headers(headers) });
}

export function statusErrorResponse(error: StatusError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: withLength(error.message, { "content-type": textContentType, ...error.headers }),
  });
}

/**
 * A path no route serves, in the reference's wording (its answer is plain text; ours is JSON, like
 * every other `/api/*` miss). The link to the reference's hosted docs is left out.
 */
export function notFoundResponse(pathname: string): Response {
  const body = JSON.stringify({
    error: `404 — this page does not exist in Stack Auth's API.\n\nURL: ${pathname}`,
  });
  return new Response(body, {
    status: 404,
    headers: withLength(body, { "content-type": jsonContentType }),
  });
}

/**
 * A method the path (or the protocol) does not take: the status alone, no body and no `Allow`, as
 * the reference's framework answers (its suite compares the answer's headers too, and clients of
 * this API read the methods from the CORS preflight, whose answer lists them).
 */
export function methodNotAllowedResponse(): Response {
  return new Response(null, { status: 405 });
}

export function createErrorHandler(options: { logger: AuthLogger; isDevelopment: boolean }) {
  return (error: unknown, c: Context<AuthEnv>): Response => {
    if (error instanceof KnownError) return knownErrorResponse(error);
    if (error instanceof StatusError) return statusErrorResponse(error);
    const requestId = c.get("requestId");
    options.logger.error(
      { err: redactQueryParameters(error), requestId, method: c.req.method, path: c.req.path },
      "Unhandled error in auth API",
    );
    const message = error instanceof Error ? error.message : String(error);
    const body = options.isDevelopment
      ? `Internal Server Error. The error message follows, but will be stripped in production. ${message}\n\nRequest ID: ${requestId}`
      : `Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: ${requestId}`;
    return new Response(body, {
      status: 500,
      headers: withLength(body, { "content-type": textContentType }),
    });
  };
}
