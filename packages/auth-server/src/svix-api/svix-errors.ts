/**
 * Svix's error answers, which its clients parse: `{code, detail}` for 401, 403, 404, 405 and 413,
 * and `{detail: [{loc, msg, type}]}` for a request that does not validate (422). This API's own
 * vocabulary, beside the auth API's plain errors and known errors (services/shared/plain-errors.ts): the
 * facade answers in Svix's shape only.
 * @module
 */
import type { z } from "zod";

export interface SvixValidationItem {
  loc: string[];
  msg: string;
  type: string;
}

export class SvixError extends Error {
  override readonly name = "SvixError";
  readonly status: 401 | 403 | 404 | 405 | 413 | 422;
  readonly body: { code: string; detail: string } | { detail: SvixValidationItem[] };

  constructor(status: SvixError["status"], body: SvixError["body"]) {
    super(typeof body.detail === "string" ? body.detail : "Validation error");
    this.status = status;
    this.body = body;
  }
}

export const svixErrors = {
  /** No token, a malformed or expired one, or one that is not a management token. */
  authenticationFailed: () =>
    new SvixError(401, {
      code: "authentication_failed",
      detail: "Incorrect authentication credentials.",
    }),
  /**
   * An unknown id, or one of another application: Svix answers both alike, so a token never
   * learns what exists beyond its own project.
   */
  notFound: () => new SvixError(404, { code: "not_found", detail: "Entity not found" }),
  methodNotAllowed: () =>
    new SvixError(405, { code: "method_not_allowed", detail: "Method not allowed" }),
  payloadTooLarge: () =>
    new SvixError(413, { code: "payload_too_large", detail: "The request body is too large" }),
  invalid: (items: SvixValidationItem[]) => new SvixError(422, { detail: items }),
};

/** A zod failure as Svix's validation items, located in the body, the query or the path. */
export function validationError(where: "body" | "query" | "path", error: z.ZodError): SvixError {
  return svixErrors.invalid(
    error.issues.map((issue) => ({
      loc: [where, ...issue.path.map(String)],
      msg: issue.message,
      type: "value_error",
    })),
  );
}
