// Public pages benchmark: requests per second and p50/p99 latency of anonymous page views against
// the product as `npm start` runs it (`node scripts/start.mjs` in its own process: every
// middleware, the default log level, NODE_ENV=production, the production web build, a scratch
// embedded database), with the server's page cache on and off (PAGE_CACHE_MB=0); then a page
// cache hit beside nginx serving the same HTML with gzip_static and a bare node:http server
// answering the same gzip (the limit), all loaded by wrk, each cell after a 2 s warm-up, with the
// ratios ours/nginx and ours/bare (nginx and wrk: apt-get install -y nginx-light wrk; without
// them that part is skipped, loudly). It prints figures and never fails on them. With no web
// build in apps/web/build, start.mjs builds it first, as `npm start` does (or: npm run build).
// BENCH_WEB_BUILD_DIR is gone: `npm start` has no such setting and always serves apps/web/build.
//
//   node bench/pages/run.mjs
//   BENCH_PAGES=/,/about BENCH_SECONDS=5 BENCH_CONCURRENCY=1,8,32 node bench/pages/run.mjs
//   BENCH_PAGES_PEER_ONLY=1 BENCH_PEER_PAGES=/,/de/about BENCH_PEER_SECONDS=10 node bench/pages/run.mjs
import { register } from "tsx/esm/api";

register();
const { runPagesBenchmark } = await import("./pages-benchmark.ts");
await runPagesBenchmark();
