/**
 * @module
 * The response shape of the content API and functions (site spec, section 7): every answer is
 * `{ data, error }`. Known failures carry a catalogue code; a zod failure names each field and
 * its reason; anything else is a logged 500 whose cause never reaches the caller.
 */
import {
  type ContentApiError,
  ContentError,
  type FieldIssue,
  findUnstorableText,
  unstorableTextReason,
} from "@heritage/content";
import { redactQueryParameters } from "@heritage/db";
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

/**
 * `c.json`'s answer, saying its length: the compression layer (middleware/compression.ts) leaves
 * an answer under 1 KiB as it is only when it can see the length, and otherwise sends even a
 * one-line error through a `CompressionStream` (decision 050).
 */
function jsonWithLength(c: Context, body: unknown, status: ContentfulStatusCode) {
  const text = JSON.stringify(body);
  return c.body(text, status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
  });
}

export function respondWithData<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  noStore(c);
  return jsonWithLength(c, { data, error: null } satisfies ApiResponseBody<T>, status);
}

export function respondWithError(c: Context, error: ContentError) {
  noStore(c);
  return jsonWithLength(
    c,
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
  // A failed query's error holds its parameters: what the caller sent stays out of the log.
  logger.error(
    { err: redactQueryParameters(error), path: c.req.path, method: c.req.method },
    "content api failure",
  );
  return respondWithError(c, new ContentError("INTERNAL"));
}

/** A 400 naming each field whose text cannot be stored (NUL, unpaired surrogates). */
function unstorableTextError(fields: FieldIssue[]): ContentError {
  const message = fields.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
  return new ContentError("VALIDATION_FAILED", message, { fields });
}

/**
 * Refuses a query string with a parameter name or value the database cannot take (a NUL
 * arrives as `%00`), naming the parameter; filters, ids and orderings all come from here.
 */
export function checkQueryText(url: URL): void {
  for (const [key, value] of url.searchParams) {
    const keyReason = unstorableTextReason(key);
    if (keyReason) {
      throw new ContentError("INVALID_QUERY", `A query parameter name ${keyReason}`);
    }
    const reason = unstorableTextReason(value);
    if (reason) {
      throw new ContentError("INVALID_QUERY", `${key}: The value ${reason}`, { parameter: key });
    }
  }
}

/**
 * Reads the JSON body as an object. Invalid JSON, non-objects and text the database cannot
 * store are 400s; nothing has been written when they are raised.
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
  const unstorable = findUnstorableText(body);
  if (unstorable.length > 0) throw unstorableTextError(unstorable);
  return body as Record<string, unknown>;
}
