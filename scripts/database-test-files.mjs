// Which test files run on PostgreSQL as well as on the embedded database (decision 027). CI runs
// every test on the embedded database (PGlite) and these again on PostgreSQL:
//
// 1. Unit and integration files whose imports reach the test-database helper (every test that
//    gets a database does so through it), or that name the engine themselves (DATABASE_URL,
//    testEngine(): tests that start a server process, which reads it). A file that only pins its
//    processes to the embedded database (`DATABASE_URL: ""`) does not name an engine.
// 2. But not the HTTP clients' integration tests (packages/auth-client, packages/auth-react, and
//    the official SDK's interop tests in packages/auth-server/src/interop): they only drive the
//    API over HTTP, and the route tests they go through already run on both engines. One that
//    names the engine or imports the database layer itself still runs on both.
// 3. Browser journeys only when what they check depends on the engine, which the journey declares
//    with `dependsOnEngine(reason, why)` (apps/web/e2e/support/engines.ts): announcements between
//    processes, races, database failures, a representative write path. A journey that writes
//    behind the server's back and waits for the announcement must declare it; this script refuses
//    one that does not.
//
// The import graph comes from esbuild (already a dependency): each test file is bundled in memory
// with third-party packages left external, and its metafile lists every module of ours it reaches.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const TEST_DATABASE_MODULE = "packages/db/src/testing/test-database.ts";
const NAMES_THE_ENGINE = /\bDATABASE_URL\b|\btestEngine\(/;
/** `DATABASE_URL: ""` in a child's environment: that process uses the embedded database. */
const PINS_THE_EMBEDDED_DATABASE = /\bDATABASE_URL:\s*(""|'')/g;
const HTTP_CLIENT_TESTS = [
  "packages/auth-client/",
  "packages/auth-react/",
  "packages/auth-server/src/interop/",
];
const IMPORTS_THE_DATABASE_LAYER = /from\s+["']@heritage\/db(\/[^"']*)?["']/;
const JOURNEY = /^apps\/web\/e2e\/.*\.test\.ts$/;
const DECLARES_ENGINE = /\bdependsOnEngine\(\s*["']([a-z-]+)["']/;
/** What only an engine-dependent journey does: hear a write made behind the server's back. */
const HEARS_ANNOUNCEMENTS = /\bcontentChangesHeard\(|\bconnectAgain\(|\buntilAnnounced\(/;
/** The same list as the type `EngineReason` of apps/web/e2e/support/engines.ts (this script reads no TS). */
export const ENGINE_REASONS = ["announcements", "race", "database-failure", "write-path"];

/** Every test file of the workspaces, as paths relative to the repository root. */
export function listTestFiles(root) {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.test.ts", "*.test.tsx"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /^(apps|packages)\//.test(file));
}

/** The test files whose imports reach the test-database helper. */
async function filesReachingTestDatabase(root, files) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    outdir: "out",
    logLevel: "silent",
    jsx: "automatic",
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".woff2": "empty" },
    plugins: [
      {
        name: "only-our-modules",
        setup(bundler) {
          // Our workspaces resolve to their sources; everything else stays outside the graph.
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@heritage/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const reaching = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint && Object.hasOwn(output.inputs, TEST_DATABASE_MODULE)) {
      reaching.add(output.entryPoint);
    }
  }
  return reaching;
}

/**
 * Why `file` runs on PostgreSQL too, or null when it runs on the embedded database only. Throws
 * for a journey that hears announcements without declaring so.
 */
export function engineDependence(file, source, reachesTestDatabase) {
  if (JOURNEY.test(file)) {
    const declared = DECLARES_ENGINE.exec(source)?.[1];
    if (declared !== undefined && !ENGINE_REASONS.includes(declared)) {
      throw new Error(
        `${file}: dependsOnEngine("${declared}") is not one of ${ENGINE_REASONS.join(", ")}`,
      );
    }
    if (declared === undefined && HEARS_ANNOUNCEMENTS.test(source)) {
      throw new Error(
        `${file} waits for the database's announcement of a write made behind the server's back, which depends on the engine: declare dependsOnEngine("announcements", why) (decision 027)`,
      );
    }
    return declared ?? null;
  }
  if (NAMES_THE_ENGINE.test(source.replace(PINS_THE_EMBEDDED_DATABASE, ""))) {
    return "names the engine";
  }
  if (HTTP_CLIENT_TESTS.some((folder) => file.startsWith(folder))) {
    return IMPORTS_THE_DATABASE_LAYER.test(source) ? "client test using the database layer" : null;
  }
  return reachesTestDatabase ? "reaches the test database" : null;
}

/** Each test file with why it also runs on PostgreSQL (null: the embedded database only). */
export async function describeEngineDependence(root) {
  const files = listTestFiles(root);
  const reaching = await filesReachingTestDatabase(root, files);
  return files.map((file) => ({
    file,
    reason: engineDependence(file, readFileSync(`${root}/${file}`, "utf8"), reaching.has(file)),
  }));
}

export async function listDatabaseTestFiles(root) {
  return (await describeEngineDependence(root))
    .filter((entry) => entry.reason !== null)
    .map((entry) => entry.file);
}

// `node scripts/database-test-files.mjs`: the list with the reasons, and the counts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const described = await describeEngineDependence(process.cwd());
  const both = described.filter((entry) => entry.reason !== null);
  for (const { file, reason } of both) console.log(`${reason.padEnd(36)} ${file}`);
  console.log(
    `${both.length} of ${described.length} test files run on PostgreSQL too; the others on the embedded database only.`,
  );
}
