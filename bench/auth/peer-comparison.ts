/**
 * Ours beside Better Auth (issues 15 and 30): our product as `npm start` runs it (every middleware,
 * the default log level) and Better Auth, each in its own process on the same PostgreSQL, loaded
 * the same way by wrk from outside, one after the other, each warmed up first: `GET /users/me`
 * (client access, valid access token) against Better Auth's `GET /api/auth/get-session` (session
 * cookie) at 64 connections, and password sign-in against Better Auth's email sign-in at 16; then
 * the ratios ours/peer. Beside them: our token refresh (the peer has no such call), `GET /api/v1`
 * (no token, no database), ours again on the embedded database, on each engine `/users/me` while
 * a burst of sign-ins runs beside it, the auth API alone in a process (serve-auth-api.ts, labelled
 * so: what the layers in front cost), and a bare `node:http` server answering a user-sized JSON
 * (bare-node-server.mjs: the limit of Node on this machine). Rate limits are off in both, for the
 * bench only. Every request says it accepts gzip, as the clients of an auth server do. Loopback
 * only; every load run is bounded by `seconds`.
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type RunningServer, startPortPrintingServer } from "../product-server";
import { type LoadRequest, type LoadResult, runWrk, wrkPath } from "../wrk-load";
import { benchKeys, startAuthBenchProduct } from "./product-server";

const peerFolder = fileURLToPath(new URL("../peers/better-auth/", import.meta.url));
const authApiAlone = fileURLToPath(new URL("./serve-auth-api.ts", import.meta.url));
const bareNode = fileURLToPath(new URL("./bare-node-server.mjs", import.meta.url));
const publishableKey = benchKeys.STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY;
const password = "benchmark password";
/**
 * What Node's own `fetch` adds to every request over http, so what the official SDK sends from a
 * server (browsers send `gzip, deflate, br, zstd`): a server that compresses its answers pays for
 * that here as it does in use. Without it, wrk measured a path no client takes (decision 050).
 */
const clientAcceptEncoding = "gzip, deflate";

/** wrk's load, each request with the `Accept-Encoding` clients send unless it names its own. */
function loadAsClients(request: LoadRequest, connections: number, seconds: number) {
  return runWrk(
    { ...request, headers: { "accept-encoding": clientAcceptEncoding, ...request.headers } },
    connections,
    seconds,
  );
}

/** Seconds of load before each measured row, not recorded: a fresh process compiles as it goes. */
const warmUpSeconds = 2;

function installPeer(): void {
  if (existsSync(`${peerFolder}node_modules/better-auth/package.json`)) return;
  process.stdout.write(`Installing the Better Auth peer into ${peerFolder} (npm install)...\n`);
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: peerFolder,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("npm install of the Better Auth peer failed");
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Our API's headers for a client call on the `internal` project. */
const clientHeaders = {
  "content-type": "application/json",
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": publishableKey,
};

/** Signs a new user up on our API (`api`: its `/api/v1` address) and answers their tokens. */
async function signUp(
  api: string,
  email: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await expectOk(
    await fetch(`${api}/auth/password/sign-up`, {
      method: "POST",
      headers: clientHeaders,
      body: JSON.stringify({ email, password }),
    }),
    `Sign-up at ${api}`,
  );
  return (await response.json()) as { access_token: string; refresh_token: string };
}

export async function runPeerComparison(databaseUrl: string, seconds: number): Promise<void> {
  if (!existsSync(wrkPath)) {
    process.stdout.write(
      `\nBetter Auth comparison skipped: wrk not found at ${wrkPath} (apt-get install -y wrk)\n`,
    );
    return;
  }
  installPeer();
  const peerVersion = (
    (await import(`${peerFolder}node_modules/better-auth/package.json`, { with: { type: "json" } }))
      .default as { version: string }
  ).version;
  const runId = Date.now().toString(36);
  const rows: (LoadResult & { call: string; connections: number })[] = [];
  const measure = async (call: string, request: LoadRequest, connections: number) => {
    await loadAsClients(request, connections, warmUpSeconds);
    rows.push({ call, connections, ...(await loadAsClients(request, connections, seconds)) });
    return rows[rows.length - 1] as LoadResult;
  };

  /**
   * Our product (`npm start`) on one engine: `GET /api/v1` at 16, `/users/me` at 64, refresh at
   * 64, sign-in at 16, then a burst of sign-ins at 16 with `/users/me` at 64 beside it (issue 15:
   * hashing stays off the event loop, so the reads must keep their latency). `engineUrl` "" is
   * the embedded database (PGlite in its data folder, on its own thread).
   */
  const measureOurs = async (engine: string, engineUrl: string) => {
    const ours = await startAuthBenchProduct(engineUrl);
    try {
      const api = `${ours.origin}/api/v1`;
      const email = `peer-bench-${runId}@example.com`;
      const tokens = await signUp(api, email);
      const me = {
        url: `${api}/users/me`,
        headers: { ...clientHeaders, "x-stack-access-token": tokens.access_token },
      };
      const signIn: LoadRequest = {
        url: `${api}/auth/password/sign-in`,
        method: "POST",
        headers: clientHeaders,
        body: JSON.stringify({ email, password }),
      };
      await measure(`ours (${engine}) GET /api/v1 (no token, no database)`, { url: api }, 16);
      const meAlone = await measure(`ours (${engine}) GET /users/me`, me, 64);
      // Each connection's requests refresh one of 64 sessions of 64 users in turn, as many
      // signed-in clients do: one session refreshed from 64 connections at once would measure
      // the queue on that session's row lock instead.
      const refreshTokens = [tokens.refresh_token];
      while (refreshTokens.length < 64) {
        const other = await signUp(api, `peer-bench-${runId}-${refreshTokens.length}@example.com`);
        refreshTokens.push(other.refresh_token);
      }
      await measure(
        `ours (${engine}) POST /auth/oauth/token (refresh, 64 sessions)`,
        {
          url: `${api}/auth/oauth/token`,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          bodies: refreshTokens.map((refreshToken) =>
            new URLSearchParams({
              grant_type: "refresh_token",
              refresh_token: refreshToken,
              client_id: "internal",
              client_secret: publishableKey,
            }).toString(),
          ),
        },
        64,
      );
      const signInAlone = await measure(
        `ours (${engine}) POST /auth/password/sign-in (argon2id)`,
        signIn,
        16,
      );
      await Promise.all([
        loadAsClients(me, 64, warmUpSeconds),
        loadAsClients(signIn, 16, warmUpSeconds),
      ]);
      const [meDuringBurst, burst] = await Promise.all([
        loadAsClients(me, 64, seconds),
        loadAsClients(signIn, 16, seconds),
      ]);
      rows.push(
        {
          call: `ours (${engine}) GET /users/me during the sign-in burst`,
          connections: 64,
          ...meDuringBurst,
        },
        {
          call: `ours (${engine}) sign-in burst beside /users/me`,
          connections: 16,
          ...burst,
        },
      );
      return { meAlone, signInAlone, meDuringBurst };
    } finally {
      await ours.stop();
    }
  };

  /** `/users/me` at 64 on a server that is not the product (the auth API alone). */
  const measureMeOn = async (call: string, server: RunningServer) => {
    try {
      const api = `${server.origin}/api/v1`;
      const { access_token } = await signUp(api, `alone-bench-${runId}@example.com`);
      const url = `${api}/users/me`;
      return await measure(
        call,
        { url, headers: { ...clientHeaders, "x-stack-access-token": access_token } },
        64,
      );
    } finally {
      await server.stop();
    }
  };

  // One server at a time, so each has both cores while it is loaded.
  const bare = await startPortPrintingServer([bareNode], process.cwd(), "");
  let bareRow: LoadResult;
  try {
    bareRow = await measure(
      "bare node:http, a user-sized JSON (the limit)",
      { url: bare.origin },
      64,
    );
  } finally {
    await bare.stop();
  }
  const onPostgres = await measureOurs("PostgreSQL", databaseUrl);
  const onPglite = await measureOurs("embedded", "");
  const alone = await measureMeOn(
    "the auth API alone in a process (PostgreSQL, not the product) GET /users/me",
    await startPortPrintingServer(["--import", "tsx", authApiAlone], process.cwd(), databaseUrl),
  );
  const ourMe = onPostgres.meAlone;
  const ourSignIn = onPostgres.signInAlone;

  const peer = await startPortPrintingServer(["server.mjs"], peerFolder, databaseUrl);
  let peerSession: LoadResult;
  let peerSignIn: LoadResult;
  try {
    const api = `${peer.origin}/api/auth`;
    const headers = { "content-type": "application/json", origin: "http://127.0.0.1" };
    const email = `peer-bench-${runId}@example.com`;
    const signedUp = await expectOk(
      await fetch(`${api}/sign-up/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password, name: "Bench" }),
      }),
      "Better Auth sign-up",
    );
    const cookie = (signedUp.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const session = { url: `${api}/get-session`, headers: { cookie } };
    peerSession = await measure(
      `Better Auth ${peerVersion} GET /api/auth/get-session`,
      session,
      64,
    );
    peerSignIn = await measure(
      `Better Auth ${peerVersion} POST /api/auth/sign-in/email (scrypt)`,
      {
        url: `${api}/sign-in/email`,
        method: "POST",
        headers,
        body: JSON.stringify({ email, password }),
      },
      16,
    );
  } finally {
    await peer.stop();
  }

  process.stdout.write(
    `\nOurs as shipped (npm start) beside Better Auth ${peerVersion}, each in its own process (NODE_ENV=production), same PostgreSQL, wrk -t1 from outside, Accept-Encoding: ${clientAcceptEncoding}, ${warmUpSeconds} s warm-up then ${seconds} s per row\n`,
  );
  console.table(rows);
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "n/a");
  process.stdout.write(
    [
      `users/me vs get-session at 64: ${ratio(ourMe["req/s"], peerSession["req/s"])}× the req/s, p99 ${ourMe["p99 ms"]} ms vs ${peerSession["p99 ms"]} ms`,
      `users/me vs the bare node:http line at 64: ${ratio(ourMe["req/s"], bareRow["req/s"])}× (PostgreSQL), ${ratio(onPglite.meAlone["req/s"], bareRow["req/s"])}× (embedded); the auth API alone ${ratio(alone["req/s"], bareRow["req/s"])}×`,
      `users/me on the embedded database vs get-session at 64: ${ratio(onPglite.meAlone["req/s"], peerSession["req/s"])}× the req/s, p99 ${onPglite.meAlone["p99 ms"]} ms`,
      `sign-in at 16: ${ratio(ourSignIn["req/s"], peerSignIn["req/s"])}× the req/s, p99 ${ourSignIn["p99 ms"]} ms vs ${peerSignIn["p99 ms"]} ms`,
      `users/me p99 at 64 during a sign-in burst at 16: ${onPostgres.meDuringBurst["p99 ms"]} ms on PostgreSQL (alone ${ourMe["p99 ms"]} ms), ${onPglite.meDuringBurst["p99 ms"]} ms embedded (alone ${onPglite.meAlone["p99 ms"]} ms)`,
      "",
    ].join("\n"),
  );
}
