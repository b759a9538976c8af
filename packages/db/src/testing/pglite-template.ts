/**
 * @module
 * The run's migrated PGlite template and what every PGlite test instance of a process shares.
 * Apart from test-database.ts so that a test of PGlite itself can start an instance from the
 * template (`createTestPglite`) without reaching the test-database helper, which would also run
 * it on PostgreSQL (scripts/database-test-files.mjs).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** Where the run's template is, as `prepareTestTemplate` publishes it to the workers. */
export const PGLITE_TEMPLATE_ENV = "HERITAGE_TEST_PGLITE_TEMPLATE";

/*
 * What every PGlite test database of a process shares (decision 047). V8 answers each big piece
 * of new memory outside its heap with a full garbage collection, which in a test worker marks the
 * whole module graph the worker keeps (~110 MB). A new PGlite instance grew its WebAssembly memory
 * from PGlite's 128 MB step by step and read the template file, PGlite's module and its file
 * bundle afresh: about four full collections per test database, 300 per worker in the auth
 * server's tests (146 s). Starting at 512 MB (pages are only taken as they are touched) and
 * reading those files, and compiling the module, once per process: 170 per worker (129 s); either
 * alone: 215 (140 s) and 310 (144 s).
 */
let template: { path: string; data: Blob } | undefined;

function pgliteTemplate(path: string): Blob {
  if (template?.path !== path) template = { path, data: new Blob([readFileSync(path)]) };
  return template.data;
}

type SharedPgliteOptions = {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
  initialMemory: number;
};

let shared: Promise<SharedPgliteOptions> | undefined;

/** PGlite's module and file bundle, read once per process, and the memory to start with. */
function sharedPgliteOptions(): Promise<SharedPgliteOptions> {
  shared ??= (async () => {
    // PGlite's own files, beside its entry point (it reads them from there when not given them).
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(join(dist, "pglite.wasm"))),
      fsBundle: new Blob([readFileSync(join(dist, "pglite.data"))]),
      initialMemory: 512 * 1024 * 1024,
    };
  })();
  return shared;
}

/**
 * A PGlite instance of its own, in memory, from the run's migrated template: for tests of PGlite
 * itself, which a fresh `PGlite.create()` would make pay for an `initdb` (seconds).
 */
export async function createTestPglite(): Promise<PGlite> {
  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  if (!templatePath) throw new Error(`${PGLITE_TEMPLATE_ENV} is not set: run tests through Vitest`);
  return PGlite.create({
    loadDataDir: pgliteTemplate(templatePath),
    ...(await sharedPgliteOptions()),
  });
}

/**
 * Writes the run's migrated PGlite template into `directory`, as a server's `DATA_DIR/db`. A run
 * on PostgreSQL has no PGlite template: the database is then created empty (a server migrates it).
 */
export async function createTestPgliteDirectory(directory: string): Promise<void> {
  const templatePath = process.env[PGLITE_TEMPLATE_ENV];
  const pglite = await PGlite.create({
    dataDir: directory,
    ...(templatePath ? { loadDataDir: pgliteTemplate(templatePath) } : {}),
    ...(await sharedPgliteOptions()),
  });
  await pglite.close();
}
