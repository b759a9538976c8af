/**
 * @module
 * The process's logger: pino, one JSON line per entry. Every error logged under `err` goes
 * through `redactQueryParameters` first, whoever logs it (the content API, uploads, the auth
 * platform): a failed query's error holds its parameters, which are what a visitor sent.
 *
 * Without a destination the lines go to stdout asynchronously (pino's `sync: false`): a line is
 * written at once when no write is under way, and the lines of a busy moment go out together in
 * the next write, rather than one system call per request line. pino writes what is left
 * synchronously when the process exits (a stop, `process.exit`, an uncaught error), which the test
 * beside this file checks; only a SIGKILL can lose the lines of the write under way.
 */
import { redactQueryParameters } from "@heritage/db";
import pino, { type DestinationStream, type Logger } from "pino";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "heritage" },
    serializers: { err: (error: Error) => pino.stdSerializers.err(redactQueryParameters(error)) },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
