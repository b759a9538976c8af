/**
 * @module
 * The process's logger: pino, one JSON line per entry. Every error logged under `err` goes
 * through `redactQueryParameters` first, whoever logs it (the content API, uploads, the auth
 * platform): a failed query's error holds its parameters, which are what a visitor sent.
 *
 * Without a destination the lines go to stdout asynchronously (pino's `sync: false`), gathered
 * for up to 25 ms and written together (batched-lines.ts, decision 045), rather than a write on
 * the thread pool per request line. What is pending is written synchronously when the process
 * exits (a stop, `process.exit`, an uncaught error), which the test beside this file checks; only
 * a SIGKILL can lose the lines of the last 25 ms.
 */
import { redactQueryParameters } from "@heritage/db";
import pino, { type DestinationStream, type Logger } from "pino";
import { batchLines } from "./batched-lines";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "heritage" },
    serializers: { err: (error: Error) => pino.stdSerializers.err(redactQueryParameters(error)) },
  };
  return pino(options, destination ?? batchLines(pino.destination({ dest: 1, sync: false })));
}
