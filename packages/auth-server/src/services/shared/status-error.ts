/**
 * A plain status error (contract §1.4 "other errors"): the client sees the status and the message as
 * `text/plain`, with no known-error header. Used where the reference answers with a bare message;
 * made only by the catalogue of those answers (plain-errors.ts), never at a call site.
 * @module
 */
export class StatusError extends Error {
  override readonly name = "StatusError";
  readonly status: number;
  /** Extra response headers, e.g. `Retry-After` on 429. */
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** Whether a database error is a unique violation, optionally of a named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== "object") return false;
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
