/**
 * The product as `npm start` runs it, for load from outside (issue 30), shared by the auth and the
 * pages benches: `npm start`'s own command line from package.json (`node` with its flags and
 * `scripts/start.mjs`: the one process with the site, the admin, the content
 * API and the auth platform, every middleware in front, the default log level, NODE_ENV=production),
 * on loopback, a port of its own choosing, a throwaway data folder, and the given database (""
 * is the embedded one). Each bench adds only the settings it needs (bench/auth/product-server.ts:
 * the auth bench's keys, sign-up and rate limits; the pages bench: the page cache off for one run).
 * Also any process that prints `{"port": N}` once it listens (a bare `node:http` server as the
 * limit, the auth API alone, a peer).
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * What follows `node` in package.json's `start` script (Node's flags, then `scripts/start.mjs`),
 * so the bench starts the server with exactly the flags `npm start` gives it (decision 043).
 */
export function npmStartArguments(): string[] {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const [program, ...args] = manifest.scripts.start.trim().split(/\s+/);
  if (program !== "node" || args.at(-1) !== "scripts/start.mjs") {
    throw new Error(
      `npm start is no longer "node [flags] scripts/start.mjs": ${manifest.scripts.start}`,
    );
  }
  return args;
}

/**
 * Resolves with the first stdout line `pick` accepts; rejects if the process exits first. Lines
 * before it that `pass` accepts are written to this process's standard output.
 */
function firstLine<T>(
  child: ChildProcess,
  pick: (line: string) => T | undefined,
  pass: (line: string) => boolean = () => false,
): Promise<T> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise<T>((resolve, reject) => {
    let found = false;
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    lines.on("line", (line) => {
      if (found) return;
      const picked = pick(line);
      if (picked !== undefined) {
        found = true;
        resolve(picked);
      } else if (pass(line)) {
        process.stdout.write(`${line}\n`);
      }
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
 * log level (info) writes. With no web build yet, `scripts/start.mjs` builds it first, as
 * `npm start` does; its words about that (lines that are not the server's JSON log) are passed
 * on. `options.env` adds settings ("" unsets one, as for the server); `options.nodeArgs` Node's
 * own flags (a profile: `["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]`, written when it stops).
 */
export async function startProductServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...options.env,
  };
  // As `npm start` is run by default: no NODE_ENV (so production, main.ts), the default log level.
  delete env.NODE_ENV;
  delete env.LOG_LEVEL;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...npmStartArguments()], {
    cwd: repositoryRoot,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await firstLine(
    child,
    (line) => {
      if (!line.includes('"listening"')) return undefined;
      try {
        return (JSON.parse(line) as { url?: string }).url;
      } catch {
        return undefined;
      }
    },
    (line) => !line.startsWith("{"),
  );
  // The log's other lines (one per request at info) must not fill the pipe and stall the server.
  child.stdout?.resume();
  await renderSitePage(url);
  return {
    origin: url,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * Renders the site's home page once before anything is measured, as visitors do on a server in
 * use: what one rendered page leaves behind in the process is part of the product as shipped
 * (before decision 041 it switched on async hooks for every later request, the auth API's too,
 * and a bench that never rendered a page did not see it).
 */
async function renderSitePage(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the site's home page did not render at ${origin}`);
}

/**
 * A process that prints `{"port": N}` once it listens (the auth API alone, a bare server, a
 * peer), run with NODE_ENV=production and the given DATABASE_URL.
 */
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
