/**
 * The public pages' throughput benchmark (see run.mjs): the real server with the production web
 * build and a scratch embedded database seeded with the default content, once with the page
 * cache on (the default) and once with it off (PAGE_CACHE_MB=0); anonymous visitors, gzip.
 * Then the yardstick (issue 16): the page cache beside nginx serving the same HTML with
 * `gzip_static`, both loaded by wrk from outside the process, and the ratio of the two.
 * @module
 */

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadWebBuild, startServer } from "@heritage/server/testing";
import { measure } from "../load";
import { wrkPath } from "../wrk-load";
import { INSTALL_HINT, NGINX_PATH, runPageLoad, startNginx } from "./static-peer";

const pages = (process.env.BENCH_PAGES ?? "/,/de/about,/bs/project/balkan-stories").split(",");

/** The machine's load average (1, 5, 15 min): figures taken beside other work say so. */
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")}`;

/** Our server with the production web build on a scratch embedded database. */
async function startOurServer(pageCacheMegabytes: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-pages-bench-"));
  const running = await startServer({
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      PAGE_CACHE_MB: pageCacheMegabytes,
    },
    loadWeb: () => loadWebBuild(process.env.BENCH_WEB_BUILD_DIR || undefined),
  });
  return {
    url: running.url,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A cache hit against nginx with `gzip_static` serving the very bytes a hit sends: requests per
 * second and p50/p99 at 16 connections, errors at 256 connections, `BENCH_PEER_SECONDS` (10)
 * each; wrk with one thread (two at 256) on the same machine as both servers.
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
    `\nPage cache hit beside nginx (${NGINX_PATH}, one worker, gzip_static) serving the same HTML; wrk, Accept-Encoding: gzip, ${seconds} s per cell, all on this machine; ${load()}\n`,
  );
  const ours = await startOurServer("");
  const pages = new Map<string, Buffer>();
  try {
    for (const page of peerPages) {
      const url = `${ours.url}${page}`;
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
    const nginx = await startNginx(pages);
    try {
      const rows = [];
      for (const page of peerPages) {
        const cell = async (server: string, base: string, connections: number) => ({
          server,
          page,
          connections,
          ...(await runPageLoad(`${base}${page}`, connections, seconds)),
        });
        const oursAt16 = await cell("ours (page cache hit)", ours.url, 16);
        const nginxAt16 = await cell("nginx gzip_static", nginx.url, 16);
        rows.push(oursAt16, nginxAt16);
        rows.push(await cell("ours (page cache hit)", ours.url, 256));
        rows.push(await cell("nginx gzip_static", nginx.url, 256));
        const ratio = oursAt16["req/s"] / nginxAt16["req/s"];
        process.stdout.write(
          `${page}: ours/nginx = ${ratio.toFixed(3)}× requests per second at 16 connections (goal ≥ 0.2×); our p99 ${oursAt16["p99 ms"]} ms (goal < 5 ms)\n`,
        );
      }
      console.table(rows);
      process.stdout.write(`Goal at 256 connections: 0 errors. At the end: ${load()}\n`);
    } finally {
      await nginx.stop();
    }
  } finally {
    await ours.stop();
  }
}

export async function runPagesBenchmark(): Promise<void> {
  if (process.env.BENCH_PAGES_PEER_ONLY !== "1") await runCacheOnAndOff();
  await runStaticPeerComparison();
}

async function runCacheOnAndOff(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const levels = (process.env.BENCH_CONCURRENCY ?? "1,16").split(",").map(Number);
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `Public pages, embedded database, Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}, ${cpus().length} × ${cpu}, ${seconds} s per cell, load from the same process; ${load()}\n`,
  );
  const rows = [];
  for (const [label, megabytes] of [
    ["cache on", ""],
    ["cache off", "0"],
  ] as const) {
    const running = await startOurServer(megabytes);
    try {
      for (const page of pages) {
        const url = `${running.url}${page}`;
        // Warm: the first render of a page compiles and fills caches, which is not what it costs.
        for (let i = 0; i < 5; i++) await (await fetch(url)).arrayBuffer();
        for (const concurrency of levels) {
          const row = await measure(
            { name: `GET ${page} (${label})`, send: () => fetch(url) },
            concurrency,
            seconds,
          );
          rows.push(row);
        }
      }
    } finally {
      await running.stop();
    }
  }
  console.table(rows);
}
