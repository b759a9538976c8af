/**
 * @module
 * The response shape of the content API and functions (site spec, section 7): every answer is
 * `{ data, error }`. Known failures carry a catalogue code; a zod failure names each field and
 * its reason; anything else is a logged 500 whose cause never reaches the caller.
 */
import { type ContentApiError, ContentError, type FieldIssue } from "@heritage/content";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";

/** What the API layer logs with; pino's Logger fits. */
export interface ApiLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export type ApiResponseBody<T> = { data: T; error: null } | { data: null; error: ContentApiError };

/**
 * API answers are never stored by browsers or shared caches: admin reads carry private data,
 * and public pages are cached server-side (and invalidated on change) instead.
 */
const noStore = (c: Context) => c.header("Cache-Control", "no-store");

export function respondWithData<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  noStore(c);
  return c.json({ data, error: null } satisfies ApiResponseBody<T>, status);
}

export function respondWithError(c: Context, error: ContentError) {
  noStore(c);
  return c.json(
    { data: null, error: error.toJSON() } satisfies ApiResponseBody<never>,
    error.status as ContentfulStatusCode,
  );
}

/** Turns zod issues into the fields and reasons a 400 answer lists. */
export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

/** A 400 naming every field that failed and why; the message leads with the first one. */
export function validationError(error: ZodError): ContentError {
  const fields = fieldIssues(error);
  const message = fields.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
  return new ContentError("VALIDATION_FAILED", message, { fields });
}

/** Maps any thrown error to a response: known ones as they are, others as a logged 500. */
export function respondToThrown(c: Context, error: unknown, logger: ApiLogger) {
  if (error instanceof ContentError) return respondWithError(c, error);
  if (error instanceof ZodError) return respondWithError(c, validationError(error));
  logger.error({ err: error, path: c.req.path, method: c.req.method }, "content api failure");
  return respondWithError(c, new ContentError("INTERNAL"));
}

/**
 * Reads the JSON body as an object. Invalid JSON and non-objects are 400s; nothing has been
 * written when they are raised.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ContentError("INVALID_JSON");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ContentError("VALIDATION_FAILED", "body: The body must be a JSON object", {
      fields: [{ field: "body", message: "The body must be a JSON object" }],
    });
  }
  return body as Record<string, unknown>;
}
