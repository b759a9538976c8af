/**
 * @module
 * A Vitest reporter beside the default one: after a run it refreshes the committed timing list
 * (test-timings.json, read by the longest-first sequencer) and prints the slowest files with
 * their times. With HERITAGE_TEST_SLOWEST_FILE set it also writes that list there, for `.ci/run`
 * to print beside its phase timings.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import {
  mergeTimings,
  readTimings,
  repositoryRoot,
  type Timings,
  timingKey,
  writeTimings,
} from "./test-timings";

const slowestShown = 15;

/** Seconds a file held its worker: importing it and running its tests and hooks. */
function fileSeconds(module: TestModule): number {
  const diagnostic = module.diagnostic();
  return (
    (diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration) /
    1000
  );
}

export function formatSlowest(measured: Timings, count = slowestShown): string {
  const rows = Object.entries(measured)
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([key, seconds]) => `${seconds.toFixed(1).padStart(7)} s  ${key.replace("|", "  ")}`);
  return [`The ${rows.length} slowest test files:`, ...rows].join("\n");
}

/** The PostgreSQL twin of a project is named "<project> (postgres)" (vitest.config.ts). */
const engineOf = (module: TestModule) =>
  module.project.name.endsWith("(postgres)") ? "PostgreSQL" : "PGlite (embedded)";

/** How many test cases ran (passed or failed, not skipped) on each engine. */
export function countCasesPerEngine(modules: ReadonlyArray<TestModule>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const module of modules) {
    let ran = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed" || state === "failed") ran++;
    }
    counts.set(engineOf(module), (counts.get(engineOf(module)) ?? 0) + ran);
  }
  return counts;
}

export default class TimingsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const measured: Timings = {};
    for (const module of modules) {
      if (module.state() === "skipped" || module.state() === "pending") continue;
      measured[timingKey(module.project.name, module.moduleId)] = fileSeconds(module);
    }
    if (Object.keys(measured).length === 0) return;
    const fileExists = (key: string) => existsSync(join(repositoryRoot, key.split("|")[1] ?? ""));
    writeTimings(mergeTimings(readTimings(), measured, fileExists));
    const cases = [...countCasesPerEngine(modules)]
      .map(([engine, count]) => `${engine} ${count}`)
      .join(", ");
    const slowest = `Test cases run per engine: ${cases}.\n${formatSlowest(measured)}`;
    process.stdout.write(`\n${slowest}\n`);
    const slowestFile = process.env.HERITAGE_TEST_SLOWEST_FILE;
    if (slowestFile) writeFileSync(slowestFile, `${slowest}\n`);
  }
}
