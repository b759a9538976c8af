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

/**
 * The floors inside the auth server's services (docs/architecture.md, "Inside the auth server"),
 * from the ground up. A folder imports its own files and the floors below it, never a folder
 * beside it or above it, so imports between capabilities run one way. `shared/` (status and plain
 * errors, the logger, events, the per-database worker) is the ground; `auth-deps.ts`, the
 * services' dependencies, stands on its own floor above the records it names.
 */
const servicesDir = "packages/auth-server/src/services";
const serviceFloors = [
  ["shared"],
  ["secrets", "password-hashing", "email-sandbox", "email-delivery", "images"],
  ["projects", "webhooks", "email-designs"],
  ["records", "sign-up-rules", "product-grants"],
  ["auth-deps.ts"],
  ["credentials", "project-settings", "data-vault"],
  ["teams", "email", "managed-email"],
  ["accounts", "payments", "api-keys"],
  ["invitations", "sign-in", "oauth"],
  ["admin"],
  ["integrations", "metrics"],
];
const servicePath = (entry) =>
  `^${escapeRegExp(`${servicesDir}/${entry}`)}${entry.endsWith(".ts") ? "$" : "/"}`;
const floorRules = serviceFloors.flatMap((floor, level) =>
  floor.map((entry) => {
    const higher = serviceFloors.slice(level + 1).flat();
    const beside = floor.filter((other) => other !== entry);
    return {
      name: `auth-server floors: services/${entry}`,
      comment: `services/${entry} (floor ${level + 1}) imports only floors below it${
        beside.length > 0 ? `, not ${beside.join(", ")} beside it` : ""
      }`,
      severity: "error",
      from: { path: servicePath(entry), pathNot: testCode },
      to: { path: [...higher, ...beside].map(servicePath) },
    };
  }),
);
/** Every file of services/ stands on a floor: a new folder must be given one. */
const onAFloor = {
  name: "auth-server floors: every services folder on a floor",
  comment: "a file of services/ outside the floors of serviceFloors: add its folder to a floor",
  severity: "error",
  from: {
    path: `^${escapeRegExp(servicesDir)}/`,
    pathNot: [testCode, ...serviceFloors.flat().map(servicePath)],
  },
  to: {},
};
const authServerRules = [
  ...floorRules,
  onAFloor,
  {
    name: "auth-server: services below HTTP",
    comment: "services never import Hono, the HTTP layer, routes or the app that mounts them",
    severity: "error",
    from: { path: `^${escapeRegExp(servicesDir)}/`, pathNot: testCode },
    to: {
      path: [
        "(^|/)node_modules/hono/",
        "^packages/auth-server/src/(http|routes|svix-api)/",
        "^packages/auth-server/src/(app|index)\\.ts$",
      ],
    },
  },
  {
    name: "auth-server: routes reach the database through services",
    comment:
      "routes call services, which own the queries: a route imports the database layer for types only",
    severity: "error",
    from: { path: "^packages/auth-server/src/routes/", pathNot: testCode },
    to: {
      path: ["^packages/auth-server/src/db/", "^packages/db/", "(^|/)node_modules/drizzle-orm/"],
      dependencyTypesNot: ["type-only"],
    },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...authServerRules,
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
    // Third-party packages stay in the graph as leaves (doNotFollow), so a rule can name one
    // (services never import Hono); builds and nested node_modules are left out.
    exclude: {
      path: "^(apps|packages|bench)/.*/(build|dist|\\.react-router|node_modules)/|^scripts/layers/fixtures/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
