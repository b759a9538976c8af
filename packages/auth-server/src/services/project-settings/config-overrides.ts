/**
 * Config overrides in the reference's dot-notation form (contract §3.7 `PATCH
 * /internal/config/override/{level}`): each key is a path into the config (`"a.b.c"` or nested
 * objects), its value replaces what is there, `null` removes it. This platform keeps one stored
 * config per project (`projects.config`, the same document the admin project object shows), so an
 * override is applied to it directly and also recorded for its level (`project_config_overrides`):
 * the level decides which keys may be set (the `project` level holds `project.*`, branch and
 * environment everything else), and resetting or replacing a level takes its keys back to what the
 * levels below (then the new-project defaults) give. Changes made through the legacy project API
 * (`PATCH /internal/projects/current`) are recorded as environment-level keys, as in the reference.
 * @module
 */
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { projectConfigOverrides, projects } from "../../db/schema";
import {
  type ProjectConfig,
  parseProjectConfig,
  projectConfigSchema,
} from "../projects/project-config";
import { mapRecordSecrets, opening, sealConfigSecrets, sealing } from "../projects/project-secrets";
import { type LoadedProject, newProjectConfigDefaults } from "../projects/projects";
import type { SecretBox } from "../secrets/secret-box";
import { plainErrors } from "../shared/plain-errors";
import {
  checkOAuthProviderTypes,
  checkSignUpRuleConditions,
  findEnvironmentOnlyPath,
} from "./config-override-checks";
import { assertProductionModeAllowed, type ProjectWriteChecks } from "./production-mode";
import { assertProjectTargetsAllowed } from "./project-targets";

export const configLevels = ["project", "branch", "environment"] as const;
export type ConfigLevel = (typeof configLevels)[number];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const dotCount = (key: string) => key.split(".").length - 1;

/**
 * Flattens nested objects of an override into `[path, value]` pairs (dot keys kept as given). The
 * top-level keys go shallowest first (stable otherwise), as the reference renders an override: a
 * record entry a nested object creates exists before a dotted key reaches into it.
 */
function flattenOverride(override: Record<string, unknown>, prefix: string[] = []) {
  const entries: [string[], unknown][] = [];
  const keys = Object.entries(override);
  if (prefix.length === 0) keys.sort(([a], [b]) => dotCount(a) - dotCount(b));
  for (const [key, value] of keys) {
    const path = [...prefix, ...key.split(".")];
    if (path.some((segment) => segment === "")) {
      throw plainErrors.invalidConfigKey([...prefix, key].join("."));
    }
    if (isPlainObject(value) && Object.keys(value).length > 0 && !isRecordEntry(path)) {
      entries.push(...flattenOverride(value, path));
    } else {
      entries.push([path, value]);
    }
  }
  return entries;
}

/** Paths whose value is one entry of a record (a provider, a domain...): replaced as a whole. */
function isRecordEntry(path: string[]): boolean {
  const joined = path.slice(0, -1).join(".");
  return [
    "auth.oauth.providers",
    "auth.signUpRules",
    "domains.trustedDomains",
    "rbac.permissions",
    "emails.templates",
    "emails.themes",
    "dataVault.stores",
    "apps.installed",
  ].includes(joined);
}

/**
 * Whether a dotted path reaches into a record entry the document does not have (e.g.
 * `domains.trustedDomains.2.baseUrl` without a domain `2`). The reference drops such a key when it
 * renders the config: entries are created whole (`domains.trustedDomains.2: {...}`), never field
 * by field, so a half-made entry never exists.
 */
function reachesIntoMissingEntry(document: Record<string, unknown>, path: string[]): boolean {
  for (let end = 2; end < path.length; end++) {
    const entryPath = path.slice(0, end);
    if (isRecordEntry(entryPath) && !isPlainObject(getAtPath(document, entryPath))) return true;
  }
  return false;
}

/** Sets the entries in order, leaving out (and not returning) those that reach into no entry. */
function setEntries(
  document: Record<string, unknown>,
  entries: [string[], unknown][],
): [string[], unknown][] {
  const applied: [string[], unknown][] = [];
  for (const [path, value] of entries) {
    if (reachesIntoMissingEntry(document, path)) continue;
    setAtPath(document, path, value);
    applied.push([path, value]);
  }
  return applied;
}

function setAtPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (!isPlainObject(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  const last = path.at(-1) as string;
  if (value === null) delete node[last];
  else node[last] = value;
}

function getAtPath(source: unknown, path: string[]): unknown {
  let node = source;
  for (const segment of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[segment];
  }
  return node;
}

function checkLevel(level: ConfigLevel, path: string[]): void {
  const isProjectKey = path[0] === "project";
  if (level === "project" && !isProjectKey) {
    throw plainErrors.configLevelCannotHold(level, path);
  }
  if (level !== "project" && isProjectKey) {
    throw plainErrors.configLevelCannotHold(level, path);
  }
}

/** Validates a config document; every set key must name a known setting. */
function validateDocument(document: unknown, entries: [string[], unknown][]): ProjectConfig {
  const result = projectConfigSchema.safeParse(document);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join(".") || "config"}: ${issue.message}`,
    );
    throw plainErrors.invalidConfigOverride(problems);
  }
  // The schema drops keys it does not know: a set value that did not survive names no setting.
  for (const [path, value] of entries) {
    if (value !== null && getAtPath(result.data, path) === undefined) {
      const missingEnd = path.findIndex(
        (_, index) => getAtPath(result.data, path.slice(0, index + 1)) === undefined,
      );
      throw plainErrors.unknownConfigKey(path.join("."), path.slice(0, missingEnd + 1).join("."));
    }
  }
  checkOAuthProviderTypes(result.data, entries);
  checkSignUpRuleConditions(result.data, entries);
  return result.data;
}

/**
 * Entries of an override, each checked against its level: the project level holds `project.*`,
 * the branch level neither that nor the environment's own settings (domains, the e-mail server,
 * OAuth credentials...), which differ between a project's deployments.
 */
function readOverrideEntries(level: ConfigLevel, override: unknown): [string[], unknown][] {
  if (!isPlainObject(override)) {
    throw plainErrors.configOverrideNotObject();
  }
  const entries = flattenOverride(override);
  for (const [path, value] of entries) {
    checkLevel(level, path);
    if (level === "branch") {
      const environmentOnly = findEnvironmentOnlyPath(path, value);
      if (environmentOnly) throw plainErrors.environmentOnlyConfigKey(environmentOnly.join("."));
    }
  }
  return entries;
}

/**
 * The config after the override: every key must name a known config setting with a valid value;
 * nothing is written when one does not.
 */
function applyConfigOverride(
  config: ProjectConfig,
  level: ConfigLevel,
  override: unknown,
): { config: ProjectConfig; applied: [string[], unknown][] } {
  const entries = readOverrideEntries(level, override);
  const document = structuredClone(config) as unknown as Record<string, unknown>;
  const applied = setEntries(document, entries);
  return { config: validateDocument(document, applied), applied };
}

type LevelRecord = Record<string, unknown>;

async function readLevelRecords(
  db: Database,
  projectId: string,
): Promise<Record<ConfigLevel, LevelRecord>> {
  const rows = await db
    .select()
    .from(projectConfigOverrides)
    .where(eq(projectConfigOverrides.projectId, projectId));
  const records = { project: {}, branch: {}, environment: {} } as Record<ConfigLevel, LevelRecord>;
  for (const row of rows) {
    if ((configLevels as readonly string[]).includes(row.level) && isPlainObject(row.override)) {
      records[row.level as ConfigLevel] = row.override;
    }
  }
  return records;
}

/** Whether `key` is `path` or lies under it (both dot-notation). */
const isAtOrUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/** The record after setting these entries: a set path replaces what the level had at or under it. */
function recordWith(record: LevelRecord, entries: [string[], unknown][]): LevelRecord {
  const next = { ...record };
  for (const [path, value] of entries) {
    const dotted = path.join(".");
    for (const key of Object.keys(next)) if (isAtOrUnder(key, dotted)) delete next[key];
    next[dotted] = value;
  }
  return next;
}

/**
 * The value a path has once a level no longer sets it: the new-project default with every level's
 * remaining record applied in order (project, branch, environment).
 */
function valueWithout(records: Record<ConfigLevel, LevelRecord>, path: string[]): unknown {
  const document = structuredClone(
    parseProjectConfig(newProjectConfigDefaults),
  ) as unknown as Record<string, unknown>;
  for (const level of configLevels) {
    for (const [key, value] of Object.entries(records[level])) {
      setAtPath(document, key.split("."), value);
    }
  }
  return getAtPath(document, path);
}

async function saveConfig(
  db: Database,
  project: LoadedProject,
  level: ConfigLevel,
  config: ProjectConfig,
  record: LevelRecord,
  now: Date,
  checks: ProjectWriteChecks,
): Promise<void> {
  assertProductionModeAllowed(checks, project.id, project.isProductionMode, config);
  await assertProjectTargetsAllowed(project.config, config, checks.outgoing);
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ config: sealConfigSecrets(config, project.id, checks.secrets) })
      .where(eq(projects.id, project.id));
    await storeLevelRecord(tx, checks.secrets, project.id, level, record, now);
  });
}

/**
 * Records entries under a level without touching the config (the caller wrote it, in the same
 * transaction): legacy project updates are environment-level changes, as in the reference.
 */
export async function recordLevelEntries(
  db: Database,
  secrets: SecretBox,
  projectId: string,
  level: ConfigLevel,
  entries: [string[], unknown][],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const record = recordWith((await readLevelRecords(db, projectId))[level], entries);
  await storeLevelRecord(db, secrets, projectId, level, record, now);
}

/**
 * Stores a level's record with its secrets sealed (project-secrets.ts). Records are read as
 * stored, sealed values and all, and opened only to be shown (readLevelOverride).
 */
async function storeLevelRecord(
  db: Database,
  secrets: SecretBox,
  projectId: string,
  level: ConfigLevel,
  record: LevelRecord,
  now: Date,
): Promise<void> {
  const override = mapRecordSecrets(record, sealing(secrets, projectId));
  await db
    .insert(projectConfigOverrides)
    .values({ projectId, level, override, updatedAt: now })
    .onConflictDoUpdate({
      target: [projectConfigOverrides.projectId, projectConfigOverrides.level],
      set: { override, updatedAt: now },
    });
}

/** What a level has set (dot-notation keys; `null` = removed), its secrets opened. */
export async function readLevelOverride(
  db: Database,
  secrets: SecretBox,
  projectId: string,
  level: ConfigLevel,
): Promise<LevelRecord> {
  const record = (await readLevelRecords(db, projectId))[level];
  return mapRecordSecrets(record, opening(secrets, projectId));
}

/** PATCH: applies an override and records it for the level; production mode stays valid. */
export async function patchConfigOverride(
  db: Database,
  project: LoadedProject,
  level: ConfigLevel,
  override: unknown,
  now: Date,
  checks: ProjectWriteChecks,
): Promise<void> {
  const { config, applied } = applyConfigOverride(project.config, level, override);
  const records = await readLevelRecords(db, project.id);
  await saveConfig(db, project, level, config, recordWith(records[level], applied), now, checks);
}

/** Takes back what a level set at or under these keys; the values fall back to the levels below. */
function resetInDocument(
  config: ProjectConfig,
  records: Record<ConfigLevel, LevelRecord>,
  level: ConfigLevel,
  keys: string[],
): { document: Record<string, unknown>; record: LevelRecord } {
  const record = { ...records[level] };
  for (const key of keys) {
    for (const recorded of Object.keys(record))
      if (isAtOrUnder(recorded, key)) delete record[recorded];
  }
  const remaining = { ...records, [level]: record };
  const document = structuredClone(config) as unknown as Record<string, unknown>;
  for (const key of keys) {
    const path = key.split(".");
    const value = valueWithout(remaining, path);
    setAtPath(document, path, value === undefined ? null : value);
  }
  return { document, record };
}

/** POST reset-keys. */
export async function resetConfigOverrideKeys(
  db: Database,
  project: LoadedProject,
  level: ConfigLevel,
  keys: string[],
  now: Date,
  checks: ProjectWriteChecks,
): Promise<void> {
  for (const key of keys) {
    if (key.split(".").some((segment) => segment === "")) {
      throw plainErrors.invalidConfigKey(key);
    }
    checkLevel(level, key.split("."));
  }
  const records = await readLevelRecords(db, project.id);
  const { document, record } = resetInDocument(project.config, records, level, keys);
  await saveConfig(db, project, level, validateDocument(document, []), record, now, checks);
}

/** PUT: the level's override becomes exactly this one (what it set before is taken back first). */
export async function replaceConfigOverride(
  db: Database,
  project: LoadedProject,
  level: ConfigLevel,
  override: unknown,
  now: Date,
  checks: ProjectWriteChecks,
): Promise<void> {
  const entries = readOverrideEntries(level, override);
  const records = await readLevelRecords(db, project.id);
  const { document } = resetInDocument(project.config, records, level, Object.keys(records[level]));
  const applied = setEntries(document, entries);
  const config = validateDocument(document, applied);
  await saveConfig(db, project, level, config, recordWith({}, applied), now, checks);
}
