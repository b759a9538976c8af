/**
 * @module
 * Builds the web app before browser journeys when the build is missing or older than its sources,
 * so journeys always test the code as it is, and makes the run's temporary folder, where the
 * servers that journeys share (site-journeys.ts) keep their data until the run removes it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const buildEntry = join(repoRoot, "apps/web/build/server/index.js");
const sourceFolders = [
  "apps/web/app",
  "apps/web/public",
  "packages/content/src",
  "packages/auth-react/src",
  "packages/auth-client/src",
  "packages/auth-protocol/src",
];

function newestModification(folder: string): number {
  if (!existsSync(folder)) return 0;
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Set in Vitest's own process (workers inherit it): the run's folder for servers never closed. */
const RUN_DIR_ENV = "HERITAGE_E2E_RUN_DIR";

export default function setup(): () => void {
  // Vitest calls this once per project that has it (the journeys on each engine): one folder.
  if (!process.env[RUN_DIR_ENV]) {
    process.env[RUN_DIR_ENV] = mkdtempSync(join(tmpdir(), "heritage-e2e-run-"));
  }
  const runDir = process.env[RUN_DIR_ENV];
  buildWhenStale();
  return () => rmSync(runDir, { recursive: true, force: true });
}

function buildWhenStale(): void {
  // A run pointed at its own build (HERITAGE_WEB_BUILD_DIR, see test-server.ts) uses it as it is,
  // and is not disturbed by other runs rebuilding apps/web/build while its server serves files.
  if (process.env.HERITAGE_WEB_BUILD_DIR) return;
  const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...sourceFolders.map((folder) => newestModification(join(repoRoot, folder))),
  );
  if (builtAt >= sourcesAt) return;
  // Two test runs at once (several developers on one machine) must not build over each other.
  const build = ["npm", "run", "build", "-w", "@heritage/web"];
  const hasFlock = spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0;
  const [command, ...args] = hasFlock
    ? ["flock", join(tmpdir(), "heritage-web-build.lock"), ...build]
    : build;
  const result = spawnSync(command ?? "npm", args, { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("Building the web app for browser tests failed");
}
