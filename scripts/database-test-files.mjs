// Which test files depend on the database engine: those whose imports reach the test-database
// helper (every test that gets a database does so through it), or that name DATABASE_URL
// themselves (tests that start a server process, which reads it). CI runs every test on the
// embedded database and only these again on PostgreSQL: the others cannot tell the engines apart.
//
// The import graph comes from esbuild (already a dependency): each test file is bundled in memory
// with third-party packages left external, and its metafile lists every module of ours it reaches.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const TEST_DATABASE_MODULE = "packages/db/src/testing/test-database.ts";
const NAMES_THE_ENGINE = /\bDATABASE_URL\b|\btestEngine\(/;

/** Every test file of the workspaces, as paths relative to the repository root. */
export function listTestFiles(root) {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.test.ts", "*.test.tsx"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /^(apps|packages)\//.test(file));
}

export async function listDatabaseTestFiles(root) {
  const files = listTestFiles(root);
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
  const selected = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint && Object.hasOwn(output.inputs, TEST_DATABASE_MODULE)) {
      selected.add(output.entryPoint);
    }
  }
  for (const file of files) {
    if (NAMES_THE_ENGINE.test(readFileSync(`${root}/${file}`, "utf8"))) selected.add(file);
  }
  return files.filter((file) => selected.has(file));
}
