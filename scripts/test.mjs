// `npm test`: every test of every workspace, browser journeys included. Without a Chromium the
// browser journeys cannot run: say so loudly, and they skip themselves (see apps/web/e2e/browser.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
];
const chromium = chromiumCandidates.find((path) => path && existsSync(path));
if (!chromium) {
  const line = "!".repeat(78);
  console.error(
    `\n${line}\n!! NO CHROMIUM FOUND (looked at ${chromiumCandidates.filter(Boolean).join(", ")}).\n!! Browser tests (apps/web/e2e) will be SKIPPED. Install it: apt-get install -y chromium\n${line}\n`,
  );
}
console.log(
  `Database engine for this run: ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite (embedded)"}`,
);

const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
