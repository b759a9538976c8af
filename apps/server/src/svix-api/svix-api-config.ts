/**
 * @module
 * SVIX_API_PORT: where the Svix-compatible API (decision 025) is served, on a listener of its own
 * bound to HOST. Part of the process's configuration schema (config.ts); unset, it is not served.
 */
import { z } from "zod";

export const svixApiConfigShape = {
  SVIX_API_PORT: z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(1, "expected a port between 1 and 65535")
    .max(65535, "expected a port between 1 and 65535")
    .optional()
    .describe(
      "Serves the Svix-compatible webhook API (Svix's /api/v1/app/… routes over the projects' webhook endpoints and delivery log, for Stack Auth's dashboard and tools that speak Svix; bearer: a token from POST /api/v1/webhooks/svix-token) on this port of HOST, on a listener of its own. Default: not served.",
    ),
};

/** The port is neither the public port nor the metrics port. */
export function checkSvixApiSettings(config: {
  PORT: number;
  METRICS_PORT?: number | undefined;
  SVIX_API_PORT?: number | undefined;
}): string | null {
  if (config.SVIX_API_PORT === undefined) return null;
  if (config.SVIX_API_PORT === config.PORT) {
    return "SVIX_API_PORT: expected a port other than PORT";
  }
  if (config.SVIX_API_PORT === config.METRICS_PORT) {
    return "SVIX_API_PORT: expected a port other than METRICS_PORT";
  }
  return null;
}
