/**
 * @module
 * The variables that turn `/metrics` on: a bearer token on the public port, or a port of its own.
 * Part of the process's configuration schema (config.ts); off when neither is set.
 */
import { z } from "zod";

/** Shortest METRICS_TOKEN accepted: a guessable token would publish the process's figures. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export const metricsConfigShape = {
  METRICS_TOKEN: z
    .string()
    .min(METRICS_TOKEN_MIN_LENGTH, `expected at least ${METRICS_TOKEN_MIN_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, "expected printable ASCII without spaces")
    .optional()
    .describe(
      "Turns on Prometheus metrics at /metrics on the public port, for scrapers that send `Authorization: Bearer <token>` (others get 401). With METRICS_PORT, the token is asked there too. Default: off.",
    ),
  METRICS_PORT: z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(1, "expected a port between 1 and 65535")
    .max(65535, "expected a port between 1 and 65535")
    .optional()
    .describe(
      "Serves Prometheus metrics at /metrics on this port of HOST, on a listener of its own (never on the public port); no token needed unless METRICS_TOKEN is set. Default: off.",
    ),
};

/** The one cross-field rule: the metrics port is not the public port. */
export function checkMetricsSettings(config: {
  PORT: number;
  METRICS_PORT?: number | undefined;
}): string | null {
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    return "METRICS_PORT: expected a port other than PORT (metrics never go out on the public port)";
  }
  return null;
}

/** Whether /metrics is served at all, and where. */
export function metricsMode(config: {
  METRICS_TOKEN?: string | undefined;
  METRICS_PORT?: number | undefined;
}): "off" | "public-port-with-token" | "own-port" {
  if (config.METRICS_PORT !== undefined) return "own-port";
  if (config.METRICS_TOKEN !== undefined) return "public-port-with-token";
  return "off";
}
