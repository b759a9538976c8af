// `npm test`: every test of every workspace, browser journeys included. Without a Chromium the
// browser journeys cannot run: say so loudly, and they skip themselves (see apps/web/e2e/support/browser.ts).
//
// `npm test -- --database-only`: only the test files that depend on the database engine (see
// database-test-files.mjs).
//
// `DATABASE_URL=postgres://... npm test -- --both-engines`: every file on the embedded database
// and, in the same Vitest run, the database-dependent files again on that PostgreSQL server (what
// CI runs; see vitest.config.ts). Other arguments go to Vitest.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
const DATABASE_ONLY = "--database-only";
const BOTH_ENGINES = "--both-engines";
const ownFlags = [DATABASE_ONLY, BOTH_ENGINES];
const passThrough = process.argv.slice(2).filter((argument) => !ownFlags.includes(argument));
const env = { ...process.env };

if (process.argv.includes(BOTH_ENGINES)) {
  if (!env.DATABASE_URL) {
    console.error(
      `${BOTH_ENGINES} needs DATABASE_URL: the PostgreSQL server to run the second engine on.`,
    );
    process.exit(2);
  }
  if (process.argv.includes(DATABASE_ONLY)) {
    console.error(`${BOTH_ENGINES} and ${DATABASE_ONLY} do not go together.`);
    process.exit(2);
  }
  // The embedded database's projects must not see DATABASE_URL; the PostgreSQL twins get it back
  // through their own environment (vitest.config.ts).
  env.HERITAGE_TEST_POSTGRES_URL = env.DATABASE_URL;
  env.HERITAGE_TEST_POSTGRES_FILES = JSON.stringify(await listDatabaseTestFiles(process.cwd()));
  delete env.DATABASE_URL;
  console.log(
    "Database engines for this run: every file on PGlite (embedded), and the files that depend on the engine again on PostgreSQL (DATABASE_URL).",
  );
} else {
  console.log(
    `Database engine for this run: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite (embedded)"}`,
  );
}

let files = [];
if (process.argv.includes(DATABASE_ONLY)) {
  files = await listDatabaseTestFiles(process.cwd());
  console.log(`Only the ${files.length} test files that depend on the database engine.`);
}
// Each project transforms the files it imports for itself, and the PostgreSQL twins import the
// same files as their projects: a module cache for this run only lets a twin take what its
// project already transformed (vitest.config.ts). Only this run's: nothing of it outlives the run,
// so no later run can read a module compiled from other sources.
const moduleCache = mkdtempSync(join(tmpdir(), "heritage-vitest-modules-"));
env.HERITAGE_TEST_MODULE_CACHE = moduleCache;
let result;
try {
  result = spawnSync("npx", ["vitest", "run", ...passThrough, ...files], {
    stdio: "inherit",
    env,
  });
} finally {
  rmSync(moduleCache, { recursive: true, force: true });
}
process.exit(result.status ?? 1);
