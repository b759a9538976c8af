/**
 * The public pages' throughput benchmark (see run.mjs): the product as `npm start` runs it
 * (../product-server.ts: `node scripts/start.mjs` in its own process, every middleware, the
 * default log level, NODE_ENV=production, the production web build in apps/web/build, built first
 * by start.mjs if there is none) on a scratch embedded database seeded with the default content,
 * once with the page cache on (the default) and once with it off (PAGE_CACHE_MB=0); anonymous
 * visitors, gzip. Then the yardstick (issues 16 and 30): a page cache hit beside nginx serving
 * the same HTML with `gzip_static` and a bare `node:http` server answering the same gzip bytes
 * (bare-page-server.mjs: the limit of Node on this machine), all loaded by wrk from outside, each
 * cell after a warm-up, and the ratios ours/nginx and ours/bare.
 * @module
 */

import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { measure } from "../load";
import { type RunningServer, startPortPrintingServer, startProductServer } from "../product-server";
import { type LoadResult, wrkPath } from "../wrk-load";
import { INSTALL_HINT, NGINX_PATH, runPageLoad, startNginx } from "./static-peer";

const pages = (process.env.BENCH_PAGES ?? "/,/de/about,/bs/project/balkan-stories").split(",");
const barePageServer = fileURLToPath(new URL("./bare-page-server.mjs", import.meta.url));
/** Seconds of load before each measured cell, not recorded: a fresh process compiles as it goes. */
const warmUpSeconds = 2;

/** The machine's load average (1, 5, 15 min): figures taken beside other work say so. */
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")}`;

/**
 * `npm start`'s server on a scratch embedded database; `pageCacheMegabytes` "" is the default
 * (on), "0" off. Set here either way, so that the shell's PAGE_CACHE_MB does not decide.
 */
function startOurServer(pageCacheMegabytes: string): Promise<RunningServer> {
  return startProductServer("", { env: { PAGE_CACHE_MB: pageCacheMegabytes } });
}

/**
 * A cache hit against nginx with `gzip_static` serving the very bytes a hit sends, and against a
 * bare `node:http` server answering nginx's gzip of them: requests per second and p50/p99 at 16
 * connections, errors at 256 connections, `BENCH_PEER_SECONDS` (10) each after a
 * `warmUpSeconds` warm-up at the same connections; wrk with one thread (two at 256) on the same
 * machine as the servers.
 */
async function runStaticPeerComparison(): Promise<void> {
  const missing = [NGINX_PATH, wrkPath].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    process.stdout.write(
      `\n!!! SKIPPED: the nginx yardstick needs ${missing.join(" and ")}: ${INSTALL_HINT} !!!\n\n`,
    );
    return;
  }
  const seconds = Number(process.env.BENCH_PEER_SECONDS ?? 10);
  const peerPages = (process.env.BENCH_PEER_PAGES ?? "/").split(",");
  process.stdout.write(
    `\nPage cache hit of the product as npm start runs it, beside nginx (${NGINX_PATH}, one worker, gzip_static) serving the same HTML and a bare node:http server answering the same gzip (the limit); wrk, Accept-Encoding: gzip, ${warmUpSeconds} s warm-up then ${seconds} s per cell, all on this machine; ${load()}\n`,
  );
  const ours = await startOurServer("");
  const pages = new Map<string, Buffer>();
  const gzipFolder = mkdtempSync(join(tmpdir(), "heritage-pages-bare-"));
  try {
    for (const page of peerPages) {
      const url = `${ours.origin}${page}`;
      // The first visit renders and stores the page; the bytes nginx gets are a hit's.
      for (let i = 0; i < 50; i++) {
        const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
        const body = Buffer.from(await response.arrayBuffer());
        if (response.headers.get("x-page-cache") === "hit") {
          pages.set(page, body);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (!pages.has(page)) throw new Error(`${page} never came from the page cache`);
    }
    // The bare server's bytes are nginx's: the same gzip, level 9, of the same HTML.
    const bareArgs = [...pages].map(([page, html], index) => {
      const file = join(gzipFolder, `${index}.html.gz`);
      writeFileSync(file, gzipSync(html, { level: 9 }));
      return `${page}=${file}`;
    });
    const nginx = await startNginx(pages);
    try {
      const bare = await startPortPrintingServer([barePageServer, ...bareArgs], process.cwd(), "");
      try {
        const rows = [];
        for (const page of peerPages) {
          const cell = async (
            server: string,
            base: string,
            connections: number,
          ): Promise<LoadResult & { server: string; page: string; connections: number }> => {
            await runPageLoad(`${base}${page}`, connections, warmUpSeconds);
            return {
              server,
              page,
              connections,
              ...(await runPageLoad(`${base}${page}`, connections, seconds)),
            };
          };
          const oursAt16 = await cell("ours, npm start (page cache hit)", ours.origin, 16);
          const nginxAt16 = await cell("nginx gzip_static", nginx.url, 16);
          const bareAt16 = await cell("bare node:http, same gzip (the limit)", bare.origin, 16);
          rows.push(oursAt16, nginxAt16, bareAt16);
          rows.push(await cell("ours, npm start (page cache hit)", ours.origin, 256));
          rows.push(await cell("nginx gzip_static", nginx.url, 256));
          rows.push(await cell("bare node:http, same gzip (the limit)", bare.origin, 256));
          const ratio = (a: LoadResult, b: LoadResult) =>
            b["req/s"] > 0 ? (a["req/s"] / b["req/s"]).toFixed(3) : "n/a";
          process.stdout.write(
            `${page}: ours/nginx = ${ratio(oursAt16, nginxAt16)}× requests per second at 16 connections (issue 30: ≥ 0.8×), ours/bare node:http = ${ratio(oursAt16, bareAt16)}×; our p99 ${oursAt16["p99 ms"]} ms (issue 30: < 3 ms)\n`,
          );
        }
        console.table(rows);
        process.stdout.write(`Goal at 256 connections: 0 errors. At the end: ${load()}\n`);
      } finally {
        await bare.stop();
      }
    } finally {
      await nginx.stop();
    }
  } finally {
    await ours.stop();
    rmSync(gzipFolder, { recursive: true, force: true });
  }
}

export async function runPagesBenchmark(): Promise<void> {
  if (process.env.BENCH_PAGES_PEER_ONLY !== "1") await runCacheOnAndOff();
  await runStaticPeerComparison();
}

/**
 * Each page at each concurrency, load from this process (fetch, closed loop) against the server
 * in its own, after the page's first renders and a `warmUpSeconds` run at the highest level.
 */
async function runCacheOnAndOff(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const levels = (process.env.BENCH_CONCURRENCY ?? "1,16").split(",").map(Number);
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `Public pages, the product as npm start runs it (own process, NODE_ENV=production, default log level), embedded database, Node ${process.version}, ${cpus().length} × ${cpu}, ${warmUpSeconds} s warm-up then ${seconds} s per cell, load from the bench's process (fetch); ${load()}\n`,
  );
  const rows = [];
  for (const [label, megabytes] of [
    ["cache on", ""],
    ["cache off", "0"],
  ] as const) {
    const running = await startOurServer(megabytes);
    try {
      for (const page of pages) {
        const url = `${running.origin}${page}`;
        // Warm: the first render of a page compiles and fills caches, which is not what it costs.
        for (let i = 0; i < 5; i++) await (await fetch(url)).arrayBuffer();
        const scenario = { name: `GET ${page} (${label})`, send: () => fetch(url) };
        await measure(scenario, Math.max(...levels), warmUpSeconds);
        for (const concurrency of levels) rows.push(await measure(scenario, concurrency, seconds));
      }
    } finally {
      await running.stop();
    }
  }
  console.table(rows);
}
