// The layers of docs/architecture.md and the one door for tests (docs/decisions/012), checked by
// `npm run lint`. Paths are relative to the repository root; workspace packages resolve through
// their node_modules links to their real folders, so `@heritage/auth-server/testing` is seen as
// packages/auth-server/src/testing/test-auth-api.ts.

/** Code that only tests run: test files, test helpers, browser journeys, benchmarks, Vitest's setup. */
const testCode = [
  "\\.test\\.tsx?$",
  "/testing(/|\\.ts$)",
  "^apps/web/e2e/",
  "^bench/",
  "^vitest\\.",
].join("|");

/**
 * The one door for tests: a workspace's `testing` entry point (`@heritage/<name>/testing...`) and
 * the `testing/` modules behind it. Only test code may use it (rule "test door: tests only").
 */
const testDoor = "^(packages|apps)/[^/]+/(src/)?testing(/|\\.ts$)";

/**
 * The server↔web contract: the web app declares what its loaders and actions receive, the server
 * builds it. A type-only import, so the server never loads web code through it.
 */
const webLoadContext = "^apps/web/app/load-context\\.ts$";

/**
 * What each part of the house may import of the others (its own folder always). Everything to
 * the left of an arrow in docs/architecture.md stands here; anything else is a wrong-way import.
 */
const mayImport = {
  "packages/db": [],
  "packages/auth-protocol": [],
  "packages/content": ["packages/db"],
  "packages/auth-server": ["packages/auth-protocol", "packages/db"],
  "packages/auth-client": ["packages/auth-protocol"],
  "packages/auth-react": ["packages/auth-client", "packages/auth-protocol"],
  "apps/server": [
    "packages/db",
    "packages/content",
    "packages/auth-protocol",
    "packages/auth-server",
  ],
  "apps/web": [
    "packages/db",
    "packages/content",
    "packages/auth-protocol",
    "packages/auth-client",
    "packages/auth-react",
  ],
  bench: [
    "packages/db",
    "packages/content",
    "packages/auth-protocol",
    "packages/auth-server",
    "packages/auth-client",
  ],
};

const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const folderPattern = (folders) => `^(${folders.map(escapeRegExp).join("|")})/`;

const layerRules = Object.entries(mayImport).map(([part, allowed]) => ({
  name: `layers: ${part}`,
  comment:
    `${part} imports only ${allowed.length > 0 ? allowed.join(", ") : "itself"}; ` +
    "its tests may reach further only through a testing entry point (docs/decisions/012)",
  severity: "error",
  from: { path: folderPattern([part]) },
  to: {
    path: "^(apps|packages|bench)/",
    pathNot: [
      folderPattern([part, ...allowed]),
      testDoor,
      ...(part === "apps/server" ? [webLoadContext] : []),
    ],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "test door: tests only",
      comment: "a testing entry point is for tests: shipped code never imports one",
      severity: "error",
      from: { pathNot: testCode },
      to: { path: testDoor },
    },
    {
      name: "web load context: types only",
      comment: "apps/server imports the web app's load context for its type alone",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: webLoadContext, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      comment: "no file imports itself through a circle of imports",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules|/build/|/dist/|/\\.react-router/|^scripts/layers/fixtures/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
