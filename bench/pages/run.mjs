// Public pages benchmark: requests per second and p50/p99 latency of anonymous page views against
// the real server (production web build, embedded database), with the server's page cache on and
// off. It prints figures and never fails on them. Build the web app first (npm run build).
//
//   node bench/pages/run.mjs
//   BENCH_PAGES=/,/about BENCH_SECONDS=5 BENCH_CONCURRENCY=1,8,32 node bench/pages/run.mjs
import { register } from "tsx/esm/api";

register();
const { runPagesBenchmark } = await import("./pages-benchmark.ts");
await runPagesBenchmark();
