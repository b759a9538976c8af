/**
 * Response helpers: JSON with `application/json; charset=utf-8` (contract §1.1) and plain text.
 * @module
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { StatusError } from "../services/shared/status-error";
import { jsonContentType, textContentType } from "./error-response";

export function sendJson(
  c: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
): Response {
  return c.body(JSON.stringify(body), status, { ...headers, "content-type": jsonContentType });
}

export function sendText(c: Context, text: string, status: ContentfulStatusCode = 200): Response {
  return c.body(text, status, { "content-type": textContentType });
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
