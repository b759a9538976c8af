import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./scripts/test-run/longest-first-sequencer";

// One Vitest run covers every workspace. Each package is a project named after it, so
// `vitest run --project @heritage/db` runs one package. Browser journeys are the `e2e` project.
//
// With HERITAGE_TEST_POSTGRES_URL set (`npm test -- --both-engines`, what CI runs), the same run
// also holds a "<name> (postgres)" twin of each project with only the files that depend on the
// database engine (scripts/database-test-files.mjs), on that PostgreSQL server. One run over both
// engines keeps both cores busy to the end, where two runs one after the other left one idle.
const packageProjects = [
  ["@heritage/db", "packages/db"],
  ["@heritage/content", "packages/content"],
  ["@heritage/auth-protocol", "packages/auth-protocol"],
  ["@heritage/auth-server", "packages/auth-server"],
  ["@heritage/auth-client", "packages/auth-client"],
  ["@heritage/auth-react", "packages/auth-react"],
  ["@heritage/server", "apps/server"],
  ["@heritage/web", "apps/web"],
] as const;
const e2eRoot = "apps/web";
const e2eInclude = ["e2e/**/*.test.ts"];
const unitInclude = ["src/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}", "vite/**/*.test.ts"];

const postgresUrl = process.env.HERITAGE_TEST_POSTGRES_URL;
// The list comes from scripts/test.mjs, which works it out once: Vitest may evaluate this file
// more than once per run.
const databaseFiles: string[] = postgresUrl
  ? JSON.parse(process.env.HERITAGE_TEST_POSTGRES_FILES ?? "[]")
  : [];

/** The database-dependent files under `root` matching the project's own patterns, root-relative. */
function databaseFilesUnder(root: string, matches: (relative: string) => boolean): string[] {
  return databaseFiles
    .filter((file) => file.startsWith(`${root}/`))
    .map((file) => file.slice(root.length + 1))
    .filter(matches);
}

const unitTest = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Files of a package share one module graph per worker instead of importing it afresh for each
  // file: measured on this 2-core machine, the auth server's 93 files took 207 s instead of 429 s
  // (import 6 s instead of 102 s). Tests therefore must not leave state behind in modules
  // (timers, mocks, environment): each file builds its own server and database.
  isolate: false,
};
const e2eTest = {
  globalSetup: ["./e2e/global-setup.ts"],
  // Journeys test what ships: React and React Router pick their production code from NODE_ENV
  // when first loaded, and Vitest's "test" gave the server's rendering React's development build
  // (its checks cost CPU that the shipped server does not spend). The server's own mode comes
  // from the environment it is given (test-server.ts), not from this.
  env: { NODE_ENV: "production" },
  // Journeys share one module graph per worker too: the servers, the web build and Playwright are
  // imported once. Measured (25 journeys on PGlite, same machine, one run each): our processes'
  // CPU 242 s -> 118 s, Vitest's import time 166 s -> 13 s (decision 013's addendum). The site
  // journeys also share a server, a browser and the admin's session (e2e/support/site-journeys.ts,
  // decision 027); the others start their own.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
  // expect.poll waits 1 s by default: too short for a browser on a machine that also runs
  // the unit tests (a lazy image or a transition then "fails" while it is on its way).
  expect: { poll: { timeout: 10_000, interval: 50 } },
};

const isUnitFile = (relative: string) =>
  /^(src|app)\/.*\.test\.tsx?$/.test(relative) || /^vite\/.*\.test\.ts$/.test(relative);
const isE2eFile = (relative: string) => /^e2e\/.*\.test\.ts$/.test(relative);

const postgresProjects = postgresUrl
  ? [
      ...packageProjects.map(([name, root]) => ({
        name: `${name} (postgres)`,
        root,
        include: databaseFilesUnder(root, isUnitFile),
        test: unitTest,
      })),
      {
        name: "e2e (postgres)",
        root: e2eRoot,
        include: databaseFilesUnder(e2eRoot, isE2eFile),
        test: e2eTest,
      },
    ]
      .filter((project) => project.include.length > 0)
      .map((project) => ({
        extends: true as const,
        test: {
          ...project.test,
          name: project.name,
          root: project.root,
          include: project.include,
          env: { ...("env" in project.test ? project.test.env : {}), DATABASE_URL: postgresUrl },
        },
      }))
  : [];

// Set by scripts/test.mjs (`npm test`): a folder made for this run and removed after it, where
// Vitest keeps each module it transformed. A file's cache key holds its project's root, so a
// PostgreSQL twin reuses its project's work. Measured (decision 048): apps/server's pair of
// projects 166 s -> 157 s, the machine's CPU 299 s -> 279 s. Vitest run directly keeps none.
const runModuleCache = process.env.HERITAGE_TEST_MODULE_CACHE;

export default defineConfig({
  test: {
    ...(runModuleCache
      ? { experimental: { fsModuleCache: true, fsModuleCachePath: runModuleCache } }
      : {}),
    // Vitest's default is one worker fewer than the cores: ONE on the 2-core machines CI runs on,
    // while most of a file's time is waiting (a browser, a server, PostgreSQL), not computing.
    // Measured there (decision 013): the whole run over both engines took 1,609 s on one worker
    // and 752 s on two, with the CPU busy 1.06 cores on average. Never fewer than two.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    globalSetup: [fileURLToPath(new URL("./vitest.global-setup.ts", import.meta.url))],
    // The longest files start first, across projects (scripts/test-run, decision 027), and each
    // run refreshes the committed timings that order comes from.
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ["default", "./scripts/test-run/timings-reporter.ts"],
    projects: [
      ...packageProjects.map(([name, root]) => ({
        extends: true as const,
        test: { ...unitTest, name, root, include: unitInclude },
      })),
      {
        extends: true as const,
        test: { ...e2eTest, name: "e2e", root: e2eRoot, include: e2eInclude },
      },
      // The repository's own tools (the test run's order and timings; layers/fixtures holds a
      // pretend house for the layer check, not tests).
      {
        extends: true as const,
        test: { ...unitTest, name: "scripts", root: "scripts", include: ["test-run/**/*.test.ts"] },
      },
      ...postgresProjects,
    ],
  },
});
