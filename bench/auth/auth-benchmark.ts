/**
 * The auth API benchmark (see run.mjs): production password hashing (argon2id, OWASP parameters),
 * rate limits off, one process serving on loopback and the same process generating load.
 * @module
 */

import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { createAuthApi, initAuthPlatform, parseAuthConfig } from "@heritage/auth-server";
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { connect, migrate } from "@heritage/db";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { measure, type Scenario } from "../load";
import { runPeerComparison } from "./peer-comparison";
import { benchAuthSettings, benchKeys } from "./product-server";

const keys = benchKeys;

export async function runAuthBenchmark(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const levels = (process.env.BENCH_CONCURRENCY ?? "1,4,16,64").split(",").map(Number);
  const connection = await connect({ databaseUrl: process.env.DATABASE_URL });
  await migrate(connection.db, [authMigrations]);
  const config = parseAuthConfig(benchAuthSettings);
  await initAuthPlatform(connection.db, config);
  const root = new Hono();
  root.route(
    "/api/v1",
    createAuthApi({
      db: connection.db,
      notifications: connection,
      config,
      baseUrl: "http://127.0.0.1",
    }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(started),
    );
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const headers = (accessType: "client" | "server", extra: Record<string, string> = {}) => ({
    "content-type": "application/json",
    "x-stack-project-id": "internal",
    "x-stack-access-type": accessType,
    "x-stack-publishable-client-key": keys.STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY,
    "x-stack-secret-server-key": keys.STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY,
    ...extra,
  });

  // One user per virtual user, so per-user rows are not all contended.
  const maxConcurrency = Math.max(...levels);
  const users: { email: string; accessToken: string; refreshToken: string }[] = [];
  const runId = Date.now().toString(36);
  for (let index = 0; index < maxConcurrency; index++) {
    const email = `bench-${runId}-${index}@example.com`;
    const response = await fetch(`${base}/auth/password/sign-up`, {
      method: "POST",
      headers: headers("client"),
      body: JSON.stringify({ email, password: "benchmark password" }),
    });
    if (!response.ok)
      throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
    const tokens = (await response.json()) as { access_token: string; refresh_token: string };
    users.push({ email, accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  }
  const userAt = (index: number) => {
    const user = users[index % users.length];
    if (!user) throw new Error("No benchmark user");
    return user;
  };

  const scenarios: Scenario[] = [
    {
      name: "POST /auth/password/sign-in",
      send: (index) =>
        fetch(`${base}/auth/password/sign-in`, {
          method: "POST",
          headers: headers("client"),
          body: JSON.stringify({ email: userAt(index).email, password: "benchmark password" }),
        }),
    },
    {
      name: "POST /auth/oauth/token (refresh)",
      send: (index) =>
        fetch(`${base}/auth/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "refresh_token",
            refresh_token: userAt(index).refreshToken,
            client_id: "internal",
            client_secret: keys.STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY,
          }),
        }),
    },
    {
      name: "GET /users/me",
      send: (index) =>
        fetch(`${base}/users/me`, {
          headers: headers("client", { "x-stack-access-token": userAt(index).accessToken }),
        }),
    },
  ];

  const cpu = cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `Auth API on ${connection.engine}, Node ${process.version}, ${cpus().length} × ${cpu}, ${seconds} s per cell, argon2id at OWASP parameters\n`,
  );
  const rows = [];
  for (const scenario of scenarios) {
    for (const concurrency of levels) rows.push(await measure(scenario, concurrency, seconds));
  }
  console.table(rows);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await connection.close();

  // The peer keeps its tables in PostgreSQL: on the embedded database there is nothing to compare.
  if (process.env.DATABASE_URL) await runPeerComparison(process.env.DATABASE_URL, seconds);
  else
    process.stdout.write("\nBetter Auth comparison skipped: it needs DATABASE_URL (PostgreSQL)\n");
}
