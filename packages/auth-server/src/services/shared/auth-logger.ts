/**
 * The logger every service may be handed: pino's shape, so the server passes its pino logger as is.
 * @module
 */

/** A pino-compatible logger: structured data first, then the message. */
export interface AuthLogger {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/** Says nothing: for tests and tools that do not care about logs. */
export const silentLogger: AuthLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
