/**
 * Load from outside the server's process: wrk (one thread unless asked), the request (method,
 * headers, body) given by a Lua script, bounded in time (`-d`) and per request (`--timeout`).
 * Spawned without blocking: the server under test may live in this very process. Used by the
 * auth and the pages benchmarks.
 * @module
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const wrkPath = process.env.BENCH_WRK ?? "/usr/bin/wrk";

export interface LoadRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Bodies sent in turn, one per request (e.g. each virtual user's own refresh token). */
  bodies?: readonly string[];
}

export interface LoadResult {
  "req/s": number;
  "p50 ms": number;
  "p99 ms": number;
  requests: number;
  /** Socket errors plus answers that were not 2xx or 3xx. */
  errors: number;
}

const luaString = (value: string) => JSON.stringify(value);

function luaScript(request: LoadRequest): string {
  const lines = [`wrk.method = ${luaString(request.method ?? "GET")}`];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  }
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  if (request.bodies?.length) {
    lines.push(
      `local bodies = { ${request.bodies.map(luaString).join(", ")} }`,
      "local turn = 0",
      "request = function()",
      "  turn = turn % #bodies + 1",
      "  return wrk.format(nil, nil, nil, bodies[turn])",
      "end",
    );
  }
  return `${lines.join("\n")}\n`;
}

function milliseconds(value: string | undefined, unit: string | undefined): number {
  const factor = unit === "us" ? 0.001 : unit === "ms" ? 1 : unit === "s" ? 1000 : Number.NaN;
  return Number((Number(value) * factor).toFixed(2));
}

export async function runWrk(
  request: LoadRequest,
  connections: number,
  seconds: number,
  options: { threads?: number } = {},
): Promise<LoadResult> {
  const folder = mkdtempSync(join(tmpdir(), "heritage-auth-bench-"));
  const script = join(folder, "request.lua");
  writeFileSync(script, luaScript(request));
  try {
    const child = spawn(
      wrkPath,
      [
        `-t${options.threads ?? 1}`,
        `-c${connections}`,
        `-d${seconds}s`,
        "--latency",
        "--timeout",
        "5s",
        "-s",
        script,
        request.url,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let errorOutput = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      errorOutput += chunk;
    });
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    if (status !== 0) throw new Error(`wrk failed: ${errorOutput}`);
    const latency = (percent: string) => {
      const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
      return milliseconds(match?.[1], match?.[2]);
    };
    const socketErrors =
      /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    return {
      "req/s": Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN)),
      "p50 ms": latency("50"),
      "p99 ms": latency("99"),
      requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
      errors:
        non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
