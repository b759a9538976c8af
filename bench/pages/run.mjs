// Public pages benchmark: requests per second and p50/p99 latency of anonymous page views against
// the real server (production web build, embedded database), with the server's page cache on and
// off; then a page cache hit beside nginx serving the same HTML with gzip_static, both loaded by
// wrk (nginx and wrk: apt-get install -y nginx-light wrk; without them that part is skipped,
// loudly), with the ratio of the two. It prints figures and never fails on them. Build the web
// app first (npm run build).
//
//   node bench/pages/run.mjs
//   BENCH_PAGES=/,/about BENCH_SECONDS=5 BENCH_CONCURRENCY=1,8,32 node bench/pages/run.mjs
//   BENCH_PAGES_PEER_ONLY=1 BENCH_PEER_PAGES=/,/de/about BENCH_PEER_SECONDS=10 node bench/pages/run.mjs
import { register } from "tsx/esm/api";

// As in production (apps/server/src/main.ts): React's production build renders the pages.
process.env.NODE_ENV ??= "production";
register();
const { runPagesBenchmark } = await import("./pages-benchmark.ts");
await runPagesBenchmark();
