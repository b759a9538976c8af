/**
 * The public pages' throughput benchmark (see run.mjs): the real server with the production web
 * build and a scratch embedded database seeded with the default content, once with the page
 * cache on (the default) and once with it off (PAGE_CACHE_MB=0); anonymous visitors, gzip.
 * @module
 */

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@heritage/server/server";
import { loadWebBuild } from "@heritage/server/web-build";
import { measure } from "../load";

const pages = (process.env.BENCH_PAGES ?? "/,/de/about,/bs/project/balkan-stories").split(",");

export async function runPagesBenchmark(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const levels = (process.env.BENCH_CONCURRENCY ?? "1,16").split(",").map(Number);
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `Public pages, embedded database, Node ${process.version}, ${cpus().length} × ${cpu}, ${seconds} s per cell, load from the same process\n`,
  );
  const rows = [];
  for (const [label, megabytes] of [
    ["cache on", ""],
    ["cache off", "0"],
  ] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), "heritage-pages-bench-"));
    const running = await startServer({
      env: {
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        PAGE_CACHE_MB: megabytes,
      },
      loadWeb: () => loadWebBuild(process.env.BENCH_WEB_BUILD_DIR || undefined),
    });
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
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.table(rows);
}
