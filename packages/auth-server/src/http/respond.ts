/**
 * Response helpers: JSON with `application/json; charset=utf-8` (contract §1.1) and plain text.
 * @module
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { StatusError } from "../services/shared/status-error";
import type { AuthEnv } from "./context";
import { jsonContentType, textContentType } from "./error-response";
import { markFinished } from "./finished-answers";
import { finishedAnswerHeaders } from "./protocol-headers";

const noHeaders: Readonly<Record<string, string>> = {};

/**
 * The answer goes out with every header the API and the layers in front give a JSON answer
 * (finished-answers.ts), as a plain object the Node adapter writes as it is; outside the API's
 * middleware (a route mounted alone in a test) it is finished by those layers as any answer is.
 */
export function sendJson(
  c: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  headers: Readonly<Record<string, string>> = noHeaders,
): Response {
  return sendJsonText(c, JSON.stringify(body), status, headers);
}

/** `sendJson` of a body already serialised (an answer kept in memory). */
export function sendJsonText(
  c: Context,
  json: string,
  status: ContentfulStatusCode = 200,
  headers: Readonly<Record<string, string>> = noHeaders,
): Response {
  const finished = finishedAnswerHeaders(c as Context<AuthEnv>, status, jsonContentType, headers);
  if (finished) {
    return markFinished(c, new Response(json, { status, headers: finished }), {
      status,
      headers: finished,
      body: json,
    });
  }
  return c.body(json, status, { ...headers, "content-type": jsonContentType });
}

/**
 * Plain text, finished as `sendJson`'s answers are. A route's own headers go in `headers`: a
 * finished answer is a new Response, so what `c.header()` set before it would be lost.
 */
export function sendText(
  c: Context,
  text: string,
  status: ContentfulStatusCode = 200,
  headers: Readonly<Record<string, string>> = noHeaders,
): Response {
  const finished = finishedAnswerHeaders(c as Context<AuthEnv>, status, textContentType, headers);
  if (finished) {
    return markFinished(c, new Response(text, { status, headers: finished }), {
      status,
      headers: finished,
      body: text,
    });
  }
  return c.body(text, status, { ...headers, "content-type": textContentType });
}

/**
 * A plain error (services/shared/plain-errors.ts) answered by the route itself rather than thrown: the
 * same status and text as the error handler's answer, through the route's context.
 */
export function sendPlainError(c: Context, error: StatusError): Response {
  return sendText(c, error.message, error.status as ContentfulStatusCode);
}

/** `200 {"success": true}` of delete endpoints and actions. */
export function sendSuccess(c: Context): Response {
  return sendJson(c, { success: true });
}
