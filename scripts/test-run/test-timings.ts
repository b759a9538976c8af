/**
 * @module
 * The committed list of how long each test file took (`test-timings.json`, seconds, keyed by
 * Vitest project and the file's path from the repository root), read to start the longest files
 * first (longest-first-sequencer.ts) and refreshed by each run (timings-reporter.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const timingsPath = fileURLToPath(new URL("./test-timings.json", import.meta.url));

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Seconds per `<project>|<path from the repository root>`. */
export type Timings = Record<string, number>;

export function timingKey(projectName: string, moduleId: string): string {
  const relative = moduleId.startsWith(repositoryRoot)
    ? moduleId.slice(repositoryRoot.length)
    : moduleId;
  return `${projectName}|${relative}`;
}

export function readTimings(path = timingsPath): Timings {
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (typeof parsed !== "object" || parsed === null) return {};
    const timings: Timings = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === "number" && Number.isFinite(value)) timings[key] = value;
    }
    return timings;
  } catch {
    // A list that does not parse only costs the order, never the run.
    return {};
  }
}

/**
 * The list after a run: each file that ran gets its new time, but only when it moved by more than
 * a fifth and a second, so that a run does not rewrite the whole committed list with noise. Files
 * no longer in the repository are dropped (`exists`).
 */
export function mergeTimings(
  previous: Timings,
  measured: Timings,
  exists: (key: string) => boolean,
): Timings {
  const merged: Timings = {};
  for (const [key, seconds] of Object.entries(previous)) {
    if (exists(key)) merged[key] = seconds;
  }
  for (const [key, seconds] of Object.entries(measured)) {
    const rounded = Math.round(seconds);
    const before = merged[key];
    const moved =
      before === undefined ||
      (Math.abs(rounded - before) > 1 && Math.abs(rounded - before) > before / 5);
    if (moved) merged[key] = rounded;
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function writeTimings(timings: Timings, path = timingsPath): void {
  writeFileSync(path, `${JSON.stringify(timings, null, 2)}\n`);
}
