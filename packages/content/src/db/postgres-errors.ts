/**
 * @module
 * Recognises PostgreSQL errors on both engines (node-postgres and PGlite put the SQLSTATE in
 * `code`; Drizzle wraps them and keeps the original in `cause`).
 */

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique or primary key constraint was violated (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}

/** The name of the constraint (or unique index) an error violated, when the engine gives it. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string" && constraint !== "") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a uuid column without a database error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
