/**
 * @module
 * The process's configuration: every environment variable it reads, parsed once at start by one
 * zod schema. A wrong value stops the process with one line naming the variable and what it
 * expects. The configuration reference's table (docs/configuration.md) is checked against this
 * schema by config.test.ts.
 */
import { authConfigSchema, checkAuthSettingsForMode } from "@heritage/auth-server";
import { z } from "zod";
import { checkMetricsSettings, metricsConfigShape } from "../metrics/metrics-config";
import { checkSiteAuthSettings, siteAuthConfigShape } from "../site-auth/site-auth-config";
import { checkSvixApiSettings, svixApiConfigShape } from "../svix-api/svix-api-config";
import { siteConfigShape } from "./site-config";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const port = z.coerce
  .number({ error: "expected a port number" })
  .int("expected a whole number")
  .min(0, "expected a port between 0 and 65535")
  .max(65535, "expected a port between 0 and 65535");

/** The process-level variables. Modules add their own shapes (see `configShape`). */
export const serverConfigShape = {
  PORT: port.default(3000).describe("Port the HTTP server listens on."),
  HOST: z
    .string()
    .min(1)
    .default("0.0.0.0")
    .describe("Interface to listen on (0.0.0.0 = all, 127.0.0.1 = this machine only)."),
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "expected development, production or test",
    })
    .default("production")
    .describe("Runtime mode; `npm run dev` sets development."),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .describe("Where the embedded database (PGlite) and uploaded media are kept."),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "expected a postgres:// or postgresql:// URL" })
    .optional()
    .describe("PostgreSQL connection URL. When set, it is used instead of the embedded database."),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "expected a number" })
    .int()
    .min(1, "expected at least 1")
    .max(200, "expected at most 200")
    .default(10)
    .describe("Connections kept open to PostgreSQL per process (DATABASE_URL only)."),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional()
    .describe(
      "Public origin of the site, e.g. https://example.org. Used in canonical links, sitemaps and token issuers. Default: http://localhost:{PORT}.",
    ),
  TRUST_PROXY: booleanFlag
    .default(false)
    .describe(
      "Set to true behind a reverse proxy: X-Forwarded-Proto and X-Forwarded-For are then trusted (HTTPS detection for HSTS, client IPs for rate limits).",
    ),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info")
    .describe("Least severe log level written."),
  DEV_OUTBOX: z
    .enum(["on", "off"], { error: "expected on or off" })
    .optional()
    .describe(
      "The development outbox page /dev/outbox: every mail the server kept, sign-in links included. Default: on under `npm run dev` (NODE_ENV=development), off otherwise (404). Never turn it on for a public site.",
    ),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "expected a number of MiB" })
    .int("expected a whole number of MiB")
    .min(0, "expected 0 (off) or more")
    .max(4096, "expected at most 4096")
    .optional()
    .describe(
      "Memory (MiB) for the server's cache of rendered public pages: anonymous visitors only, emptied on every content change. 0 turns it off. Default: 32, off under `npm run dev` (NODE_ENV=development).",
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "expected a number of milliseconds" })
    .int()
    .min(0)
    .default(10_000)
    .describe("How long a stopping process waits for requests in flight before it closes them."),
};

/** Every variable the process reads: its own, then each module's (auth platform, site). */
export const configSchema = z.object({
  ...serverConfigShape,
  ...authConfigSchema.shape,
  ...siteConfigShape,
  ...siteAuthConfigShape,
  ...metricsConfigShape,
  ...svixApiConfigShape,
});

export type Config = z.output<typeof configSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is the one line to print. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const got = name in present ? ` (got "${present[name]}")` : "";
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? "invalid"}${got}`);
  }
  const config = result.data;
  const crossFieldProblem =
    checkAuthSettingsForMode(config, config.NODE_ENV === "production") ??
    checkSiteAuthSettings(config) ??
    checkMetricsSettings(config) ??
    checkSvixApiSettings(config);
  if (crossFieldProblem) throw new ConfigError(`Invalid configuration: ${crossFieldProblem}`);
  return {
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
  };
}
