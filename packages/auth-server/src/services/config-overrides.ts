/**
 * Config overrides in the reference's dot-notation form (contract §3.7 `PATCH
 * /internal/config/override/{level}`): each key is a path into the config (`"a.b.c"` or nested
 * objects), its value replaces what is there, `null` removes it. This platform keeps one stored
 * config per project (`projects.config`, the same document the admin project object shows), so an
 * override is applied to it directly; the level only decides which keys may be set there (the
 * `project` level holds `project.*`, the branch and environment levels everything else).
 * @module
 */
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { projects } from "../db/schema";
import { assertProductionModeAllowed } from "./production-mode";
import { type ProjectConfig, projectConfigSchema } from "./project-config";
import type { LoadedProject } from "./projects";
import { StatusError } from "./status-error";

export const configLevels = ["project", "branch", "environment"] as const;
export type ConfigLevel = (typeof configLevels)[number];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Flattens nested objects of an override into `[path, value]` pairs (dot keys kept as given). */
function flattenOverride(override: Record<string, unknown>, prefix: string[] = []) {
  const entries: [string[], unknown][] = [];
  for (const [key, value] of Object.entries(override)) {
    const path = [...prefix, ...key.split(".")];
    if (path.some((segment) => segment === "")) {
      throw new StatusError(400, `Invalid config key: ${[...prefix, key].join(".")}`);
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
    "domains.trustedDomains",
    "rbac.permissions",
    "emailDesigns.templates",
    "emailDesigns.themes",
    "dataVault.stores",
  ].includes(joined);
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
    throw new StatusError(400, `The project config level cannot hold ${path.join(".")}.`);
  }
  if (level !== "project" && isProjectKey) {
    throw new StatusError(400, `The ${level} config level cannot hold ${path.join(".")}.`);
  }
}

/**
 * The config after the override: every key must name a known config setting with a valid value;
 * nothing is written when one does not.
 */
export function applyConfigOverride(
  config: ProjectConfig,
  level: ConfigLevel,
  override: unknown,
): ProjectConfig {
  if (!isPlainObject(override)) {
    throw new StatusError(400, "A config override must be a JSON object.");
  }
  const document = structuredClone(config) as unknown as Record<string, unknown>;
  const entries = flattenOverride(override);
  for (const [path, value] of entries) {
    checkLevel(level, path);
    setAtPath(document, path, value);
  }
  const result = projectConfigSchema.safeParse(document);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join(".") || "config"}: ${issue.message}`,
    );
    throw new StatusError(
      400,
      `Invalid config override:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  // The schema drops keys it does not know: a set value that did not survive names no setting.
  for (const [path, value] of entries) {
    if (value !== null && getAtPath(result.data, path) === undefined) {
      throw new StatusError(400, `Unknown config key: ${path.join(".")}`);
    }
  }
  return result.data;
}

/** Applies an override to the stored config; a project in production mode stays valid. */
export async function patchConfigOverride(
  db: Database,
  project: LoadedProject,
  level: ConfigLevel,
  override: unknown,
): Promise<void> {
  const config = applyConfigOverride(project.config, level, override);
  assertProductionModeAllowed(project.id, project.isProductionMode, config);
  await db.update(projects).set({ config }).where(eq(projects.id, project.id));
}
