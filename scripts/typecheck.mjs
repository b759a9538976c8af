// `npm run typecheck`: each workspace's own `typecheck` script, as many at once as the machine has
// cores (one tsc is single-threaded; one after the other took 112 s of CI on two cores). Each
// workspace's output is printed in one piece when it finishes, with its time; the exit code is
// non-zero when any workspace fails.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Workspaces (from the root package.json's `apps/*`-style globs) that have a typecheck script. */
function workspacesWithTypecheck() {
  const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const found = [];
  for (const pattern of workspaces) {
    const folder = pattern.replace(/\/\*$/, "");
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const manifestPath = join(root, folder, entry.name, "package.json");
      if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      if (manifest.scripts?.typecheck) found.push(manifest.name);
    }
  }
  return found;
}

function typecheck(workspace) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "typecheck", "--silent", "-w", workspace], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => {
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      const verdict = code === 0 ? "ok" : `FAILED (exit ${code})`;
      process.stdout.write(
        `${workspace}: ${verdict} in ${seconds} s\n${output.trim() ? `${output.trim()}\n` : ""}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = workspacesWithTypecheck();
const results = [];
async function worker() {
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
    results.push(await typecheck(workspace));
  }
}
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
