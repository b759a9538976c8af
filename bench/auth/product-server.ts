/**
 * The auth bench's product (issue 30): `npm start`'s server as every bench starts it
 * (../product-server.ts: `node scripts/start.mjs`, every middleware, the default log level, a
 * throwaway data folder, the given database, "" the embedded one), with only what this bench
 * needs changed: the internal project's keys known, sign-up on for its virtual users, rate limits
 * off. The same settings serve the auth API alone in a process (serve-auth-api.ts) and the
 * in-process rows (auth-benchmark.ts).
 * @module
 */
import { type RunningServer, startProductServer } from "../product-server";

export const benchKeys = {
  STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: "pck_bench_publishable_client_key",
  STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: "ssk_bench_secret_server_key",
};

/** What the bench changes: keys it knows, sign-up on `internal`, rate limits off. */
export const benchAuthSettings = {
  ...benchKeys,
  // Stored secrets are encrypted at rest; the bench's throwaway database needs some key.
  SECRETS_KEY: "this-secrets-key-is-for-the-auth-benchmark-only",
  // The virtual users sign up on `internal`, where sign-up is off by default.
  STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true",
  AUTH_RATE_LIMIT_SIGN_IN_PER_IP: "0",
  AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL: "0",
  AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: "0",
  AUTH_RATE_LIMIT_SIGN_UP_PER_IP: "0",
  AUTH_RATE_LIMIT_SIGN_UP_PER_EMAIL: "0",
};

/**
 * `npm start`'s server with the auth bench's settings. `options.env` adds settings;
 * `options.nodeArgs` Node's own flags (a profile: `["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]`,
 * written when the server stops).
 */
export function startAuthBenchProduct(
  databaseUrl: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  return startProductServer(databaseUrl, {
    ...options,
    env: { ...benchAuthSettings, ...options.env },
  });
}
