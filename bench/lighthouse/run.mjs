// Lighthouse benchmark: scores (mobile preset, system Chromium) of the public pages in each
// language, plus the gzip size of the JavaScript each page loads. Prints figures; never fails.
//
//   node bench/lighthouse/run.mjs                      npm start's server, apps/web/build
//   BENCH_PAGES=/,/about BENCH_LANGUAGES=en node bench/lighthouse/run.mjs
//   BENCH_DETAILS=1 node bench/lighthouse/run.mjs     also prints the LCP element, its phases, the
//                                                     longest tasks and blocking requests
//   BENCH_LHR_DIR=/tmp/lhr node bench/lighthouse/run.mjs   also writes each page's full report (JSON)
//   BENCH_TRACE_DIR=/tmp/tr node bench/lighthouse/run.mjs  also writes each run's Chromium trace
import { register } from "tsx/esm/api";

register();
const { runLighthouseBenchmark } = await import("./lighthouse-benchmark.ts");
await runLighthouseBenchmark();
