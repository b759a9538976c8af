/**
 * The product as `npm start` runs it, for load from outside (issue 30): `node scripts/start.mjs`
 * (the one process with the site, the admin, the content API and the auth platform, every
 * middleware in front, the default log level, NODE_ENV=production), on loopback, a port of its
 * own choosing, a throwaway data folder, and the given database ("" is the embedded one). The
 * bench's only changes are what a bench needs: the internal project's keys known, sign-up on for
 * its virtual users, rate limits off. Also the auth API alone in a process (serve-auth-api.ts),
 * labelled as such, and a bare `node:http` server (bare-node-server.mjs) as the limit.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

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

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Resolves with the first stdout line `pick` accepts; rejects if the process exits first. */
function firstLine<T>(child: ChildProcess, pick: (line: string) => T | undefined): Promise<T> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise<T>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    lines.on("line", (line) => {
      const picked = pick(line);
      if (picked !== undefined) resolve(picked);
    });
  });
}

function stopper(child: ChildProcess, cleanUp = () => {}): () => Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return async () => {
    child.kill("SIGTERM");
    await exited;
    cleanUp();
  };
}

/**
 * `npm start`'s server. It says where it listens in its "listening" log line, which the default
 * log level (info) writes. `options.env` adds settings; `options.nodeArgs` Node's own flags (a
 * profile: `["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]`, written when the server stops).
 */
export async function startProductServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...benchAuthSettings,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...options.env,
  };
  // As `npm start` is run: the operator's NODE_ENV, else production (main.ts); its log level.
  delete env.NODE_ENV;
  delete env.LOG_LEVEL;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "scripts/start.mjs"], {
    cwd: repositoryRoot,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await firstLine(child, (line) => {
    if (!line.includes('"listening"')) return undefined;
    try {
      return (JSON.parse(line) as { url?: string }).url;
    } catch {
      return undefined;
    }
  });
  // The log's other lines (one per request at info) must not fill the pipe and stall the server.
  child.stdout?.resume();
  return {
    origin: url,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** A process that prints `{"port": N}` once it listens (the auth API alone, the bare server). */
export async function startPortPrintingServer(
  args: string[],
  cwd: string,
  databaseUrl: string,
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await firstLine(child, (line) => {
    try {
      return (JSON.parse(line) as { port?: number }).port;
    } catch {
      return undefined;
    }
  });
  return { origin: `http://127.0.0.1:${port}`, stop: stopper(child) };
}
