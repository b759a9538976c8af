// `npm run bench`: runs every benchmark that exists, one after another, printing their figures.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const benchmarks = ["bench/auth/run.mjs", "bench/pages/run.mjs", "bench/lighthouse/run.mjs"].filter(
  (path) => existsSync(path),
);
for (const benchmark of benchmarks) {
  console.log(`\n=== ${benchmark} ===`);
  const result = spawnSync(process.execPath, [benchmark], { stdio: "inherit" });
  if (result.status !== 0) console.log(`(${benchmark} exited with ${result.status})`);
}
