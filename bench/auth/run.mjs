// Auth API benchmark: requests per second and p50/p99 latency of password sign-in, token refresh
// and GET /users/me at several concurrency levels, against the real auth API on a loopback port.
// With DATABASE_URL it then runs our API and a Better Auth peer (bench/peers/better-auth, installed
// into that folder by npm on first use) each in its own process on that PostgreSQL, loads both with
// wrk from outside and prints the ratios ours/peer (see peer-comparison.ts).
// It prints figures and never fails on them. The package is TypeScript source, so tsx loads it.
//
//   node bench/auth/run.mjs                     embedded PostgreSQL (PGlite, in memory)
//   DATABASE_URL=postgres://... node bench/auth/run.mjs   a PostgreSQL server (the database is
//                                                         migrated; use a scratch database)
//   BENCH_SECONDS=5 BENCH_CONCURRENCY=1,8,32 node bench/auth/run.mjs
import { register } from "tsx/esm/api";

register();
const { runAuthBenchmark } = await import("./auth-benchmark.ts");
await runAuthBenchmark();
