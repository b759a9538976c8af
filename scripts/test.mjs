// `npm test`: every test of every workspace, browser journeys included. Without a Chromium the
// browser journeys cannot run: say so loudly, and they skip themselves (see apps/web/e2e/browser.ts).
//
// `npm test -- --database-only`: only the test files that depend on the database engine (see
// database-test-files.mjs); CI's second pass on PostgreSQL uses it. Other arguments go to Vitest.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { listDatabaseTestFiles } from "./database-test-files.mjs";

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

const DATABASE_ONLY = "--database-only";
const passThrough = process.argv.slice(2).filter((argument) => argument !== DATABASE_ONLY);
let files = [];
if (process.argv.includes(DATABASE_ONLY)) {
  files = await listDatabaseTestFiles(process.cwd());
  console.log(`Only the ${files.length} test files that depend on the database engine.`);
}
const result = spawnSync("npx", ["vitest", "run", ...passThrough, ...files], { stdio: "inherit" });
process.exit(result.status ?? 1);
