// `npm run typecheck`: one TypeScript program over the whole repository (the root tsconfig.json:
// every workspace, scripts/ and bench/), so each file is checked once (issue 27, decision 027).
// Checking each workspace on its own checked shared sources again in every workspace whose files
// reach them (the auth server's in three), for 245 s of CPU where one program takes a fraction.
// The web app's route types are generated first, as its own typecheck script does.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function run(step, command, args, cwd = root) {
  const startedAt = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const verdict = result.status === 0 ? "ok" : `FAILED (exit ${result.status ?? result.signal})`;
  console.log(`${step}: ${verdict} in ${seconds} s`);
  return result.status === 0;
}

const ok =
  run(
    "route types (react-router typegen)",
    "npx",
    ["react-router", "typegen"],
    `${root}/apps/web`,
  ) && run("typecheck (one program: tsconfig.json)", "npx", ["tsc", "-p", "tsconfig.json"]);
process.exit(ok ? 0 : 1);
