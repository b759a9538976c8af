/**
 * @module
 * Database errors made fit for a log (issue 14). Drizzle's query errors carry the statement's
 * parameters, in `params` and in their message and stack ("Failed query: ...\nparams: ..."), and
 * PostgreSQL's `detail` quotes row values ("Key (email)=(...) already exists."): a visitor's
 * contact message or e-mail address would be written to the log. The copy keeps what a reader
 * needs to find the fault: the statement, the SQLSTATE, the causes' messages and the frames.
 */

/** Causes followed at most; a longer chain is cut there. */
const MAX_CAUSE_DEPTH = 8;

type QueryError = Error & { query: string; params: unknown[] };

function isQueryError(error: Error): error is QueryError {
  const candidate = error as { query?: unknown; params?: unknown };
  return typeof candidate.query === "string" && Array.isArray(candidate.params);
}

/**
 * PostgreSQL's cast errors quote the value they could not read ('invalid input syntax for type
 * uuid: "..."'); the value is a parameter too.
 */
function safeDatabaseMessage(message: string): string {
  return message.startsWith("invalid input")
    ? message.replace(/: ".*"$/s, ': "[redacted]"')
    : message;
}

function safeMessage(error: Error): string {
  if (!isQueryError(error)) return safeDatabaseMessage(error.message);
  const redacted = `Failed query: ${error.query}\nparams: [${error.params.length} redacted]`;
  const full = `Failed query: ${error.query}\nparams: ${error.params}`;
  if (error.message.includes(full)) return error.message.replace(full, redacted);
  // Parameters changed after the error was made: keep only what comes before them.
  const cut = error.message.indexOf("\nparams: ");
  if (cut !== -1) return `${error.message.slice(0, cut)}\nparams: [redacted]`;
  // PGlite's own errors carry the query and parameters beside PostgreSQL's message.
  return safeDatabaseMessage(error.message);
}

function safeStack(error: Error, message: string): string | undefined {
  if (error.stack === undefined || message === error.message) return error.stack;
  if (error.stack.includes(error.message)) return error.stack.replace(error.message, message);
  const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join("\n");
}

/**
 * A copy of `error` (and of its causes) without query parameters or PostgreSQL's `detail`, of the
 * same class, so loggers name its type as before. Anything that is not an Error is returned as it is.
 */
export function redactQueryParameters<T>(error: T): T {
  return redact(error, 0) as T;
}

function redact(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  if (depth > MAX_CAUSE_DEPTH) return "[further causes left out]";
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (descriptor) Object.defineProperty(copy, key, descriptor);
  }
  const message = safeMessage(error);
  const stack = safeStack(error, message);
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  if (isQueryError(error)) copy.params = `[${error.params.length} redacted]`;
  if (typeof copy.detail === "string") copy.detail = "[redacted]";
  if ("cause" in error) copy.cause = redact(error.cause, depth + 1);
  return copy;
}
