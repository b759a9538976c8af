/**
 * Our auth API alone in a process, as production runs it (argon2id at OWASP parameters), for load
 * from outside the process: prints `{"port": N}` on one line once it listens on loopback.
 * Rate limits are off for the bench only. Run with `node --import tsx bench/auth/serve-auth-api.ts`.
 * @module
 */
import type { AddressInfo } from "node:net";
import {
  type AuthEnv,
  createAuthApi,
  initAuthPlatform,
  mountAuthApi,
  parseAuthConfig,
} from "@heritage/auth-server";
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { connect, migrate } from "@heritage/db";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { benchAuthSettings } from "./product-server";

const connection = await connect({ databaseUrl: process.env.DATABASE_URL });
await migrate(connection.db, [authMigrations]);
const config = parseAuthConfig(benchAuthSettings);
await initAuthPlatform(connection.db, config);
const api = createAuthApi({
  db: connection.db,
  // BENCH_PROJECT_CACHE=off: every request reads its project and key again (the A/B of issue 15).
  ...(process.env.BENCH_PROJECT_CACHE === "off" ? {} : { notifications: connection }),
  config,
  baseUrl: "http://127.0.0.1",
});
// As the product mounts it (apps/server/src/app.ts): the handlers unwrapped, errors through onError.
const root = new Hono<AuthEnv>();
const answerApiError = mountAuthApi(root, api, ["/api/v1"]);
root.onError((error, c) => answerApiError(error, c) ?? api.answerError(error, c));
const server = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

async function stop() {
  server.close();
  await api.close();
  await connection.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
