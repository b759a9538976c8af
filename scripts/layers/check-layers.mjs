// `npm run lint` (after Biome): the layers and the one door for tests (docs/architecture.md,
// docs/decisions/012) and no import circles, checked by dependency-cruiser with
// .dependency-cruiser.cjs. Two cruises in one process:
// 1. the house: any violation fails, and each is printed as `rule: from -> to`;
// 2. a small fixture house (fixtures/) with one import of each wrong kind: every one must be
//    reported, and the allowed ones (through the door, a type-only import) must not, so a rule
//    that stops biting fails the lint as surely as a wrong-way import does.
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixtureRoot = fileURLToPath(new URL("./fixtures", import.meta.url));
process.chdir(root);

/** What the house is made of (test files and tools included: they obey the layers too). */
const houseParts = [
  "apps",
  "packages",
  "bench",
  "scripts",
  "vitest.config.ts",
  "vitest.global-setup.ts",
];

/** The fixture's wrong-way imports, each with the rule that must refuse it. */
const expectedInFixture = [
  "layers: packages/db: packages/db/src/reaches-up.ts -> packages/content/src/index.ts",
  "layers: packages/content: packages/content/src/uses-app.ts -> apps/server/src/app.ts",
  "layers: packages/auth-server: packages/auth-server/src/uses-client.ts -> packages/auth-client/src/index.ts",
  "layers: packages/auth-client: packages/auth-client/src/uses-server.ts -> packages/auth-server/src/index.ts",
  "layers: packages/auth-client: packages/auth-client/src/past-the-door.test.ts -> packages/auth-server/src/index.ts",
  "layers: apps/web: apps/web/app/uses-server.ts -> apps/server/src/app.ts",
  "test door: tests only: apps/server/src/uses-test-door.ts -> packages/auth-server/src/testing/index.ts",
  "web load context: types only: apps/server/src/loads-web-context.ts -> apps/web/app/load-context.ts",
  // The floors inside the auth server's services, and what services and routes never import.
  "auth-server floors: services/records: packages/auth-server/src/services/records/reaches-up.ts -> packages/auth-server/src/services/teams/teams.ts",
  "auth-server floors: services/email: packages/auth-server/src/services/email/uses-teams-beside.ts -> packages/auth-server/src/services/teams/teams.ts",
  "auth-server floors: services/shared: packages/auth-server/src/services/shared/plain-errors.ts -> packages/auth-server/src/services/teams/teams.ts",
  "auth-server floors: every services folder on a floor: packages/auth-server/src/services/unplaced/unplaced.ts -> packages/auth-server/src/services/records/user-record.ts",
  "auth-server: services below HTTP: packages/auth-server/src/services/teams/uses-hono.ts -> ../../../node_modules/hono/dist/types/index.d.ts",
  "auth-server: routes reach the database through services: packages/auth-server/src/routes/queries-database.ts -> packages/auth-server/src/db/schema.ts",
  // A circle is reported once, at its first file.
  "no-circular: packages/content/src/circle-a.ts -> packages/content/src/circle-b.ts",
].sort();

const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
const tsConfig = extractTSConfig(options.tsConfig.fileName);

/** The violations of one cruise as `rule: from -> to` lines. */
async function violations(parts, baseDir) {
  const { output } = await cruise(parts, { ...options, baseDir }, {}, { tsConfig });
  return output.summary.violations
    .map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`)
    .sort();
}

let failed = false;
const started = performance.now();

const inHouse = await violations(houseParts, root);
if (inHouse.length > 0) {
  failed = true;
  console.error(
    `Layer check: ${inHouse.length} wrong import(s) (rules in .dependency-cruiser.cjs):`,
  );
  for (const line of inHouse) console.error(`  ${line}`);
}

const inFixture = await violations(["apps", "packages"], fixtureRoot);
const missed = expectedInFixture.filter((line) => !inFixture.includes(line));
const unexpected = inFixture.filter((line) => !expectedInFixture.includes(line));
if (missed.length > 0 || unexpected.length > 0) {
  failed = true;
  console.error("Layer check: the rules no longer judge scripts/layers/fixtures as they should.");
  for (const line of missed) console.error(`  not refused: ${line}`);
  for (const line of unexpected) console.error(`  refused but allowed: ${line}`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed) process.exit(1);
console.log(
  `Layer check: no wrong-way import or circle; the fixture's ${expectedInFixture.length} wrong imports refused (${seconds} s)`,
);
