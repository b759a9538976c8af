/**
 * Closed-loop load for the benchmarks: `concurrency` virtual users each send one request after
 * another for `seconds`; the figures are requests per second and latency percentiles.
 * @module
 */

export interface Scenario {
  name: string;
  /** Sends one request for virtual user `index`; the body is read by `measure`. */
  send: (index: number) => Promise<Response>;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export async function measure(scenario: Scenario, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await scenario.send(worker);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!response.ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    concurrency,
    requests: latencies.length,
    "req/s": Math.round(latencies.length / seconds),
    "p50 ms": Number(percentile(latencies, 0.5).toFixed(1)),
    "p99 ms": Number(percentile(latencies, 0.99).toFixed(1)),
    failures,
  };
}
