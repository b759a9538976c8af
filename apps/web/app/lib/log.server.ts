/**
 * @module
 * Log lines from the web app's server code, in the same JSON-per-line shape as the server's
 * pino logs (level numbers as pino's), so they land in the same stream.
 */
import { redactQueryParameters } from "@heritage/db";

type Level = "info" | "warn" | "error";
const levelNumbers: Record<Level, number> = { info: 30, warn: 40, error: 50 };

export function logServerEvent(
  level: Level,
  message: string,
  fields: Record<string, unknown> = {},
): void {
  const line = {
    level: levelNumbers[level],
    time: Date.now(),
    service: "heritage-web",
    ...fields,
    msg: message,
  };
  const stream = level === "info" ? process.stdout : process.stderr;
  stream.write(`${JSON.stringify(line)}\n`);
}

/** The error's message, without the parameters of a failed query (a visitor's text, say). */
export function describeError(error: unknown): string {
  return error instanceof Error ? redactQueryParameters(error).message : String(error);
}

/** The error's stack, redacted as its message is. */
export function describeStack(error: unknown): string | undefined {
  return error instanceof Error ? redactQueryParameters(error).stack : undefined;
}
