/**
 * @module
 * The process's logger: pino, one JSON line per entry. Every error logged under `err` goes
 * through `redactQueryParameters` first, whoever logs it (the content API, uploads, the auth
 * platform): a failed query's error holds its parameters, which are what a visitor sent.
 */
import { redactQueryParameters } from "@heritage/db";
import pino, { type DestinationStream, type Logger } from "pino";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "heritage" },
    serializers: { err: (error: Error) => pino.stdSerializers.err(redactQueryParameters(error)) },
  };
  return destination ? pino(options, destination) : pino(options);
}
