/**
 * Checks of a config override beyond the shape the schema gives (services/projects/project-config.ts):
 * which settings only the environment level may hold, which OAuth provider types exist, and that
 * sign-up rule conditions can be evaluated. Stored documents are never checked this way (a read
 * must not fail on what an older version accepted); only what an override writes.
 * @module
 */
import { standardOAuthProviderIds } from "@heritage/auth-protocol";
import type { ProjectConfig } from "../projects/project-config";
import { plainErrors } from "../shared/plain-errors";
import { findConditionProblem } from "../sign-up-rules/rule-conditions";

/**
 * Settings that differ between a project's deployments (the reference's environment schema adds
 * them to the branch schema): a branch config pushed from a repository must not carry them. `*`
 * matches any one key (a provider id).
 */
const environmentOnlyPaths: readonly (readonly string[])[] = [
  ["domains", "allowLocalhost"],
  ["domains", "trustedDomains"],
  ["emails", "server"],
  ["payments", "testMode"],
  ...[
    "isShared",
    "clientId",
    "clientSecret",
    "facebookConfigId",
    "microsoftTenantId",
    "appleBundles",
    "issuerUrl",
  ].map((field) => ["auth", "oauth", "providers", "*", field]),
];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every path an entry sets: the entry's own, or the leaves of the object it sets. */
function leafPaths(path: string[], value: unknown): string[][] {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    leafPaths([...path, ...key.split(".")], child),
  );
}

const startsWithPattern = (path: readonly string[], pattern: readonly string[]) =>
  pattern.length <= path.length &&
  pattern.every((segment, index) => segment === "*" || segment === path[index]);

/** The first environment-only path an entry sets (full path as set), or null. */
export function findEnvironmentOnlyPath(path: string[], value: unknown): string[] | null {
  for (const leaf of leafPaths(path, value)) {
    if (environmentOnlyPaths.some((pattern) => startsWithPattern(leaf, pattern))) return leaf;
  }
  return null;
}

const providersPath = ["auth", "oauth", "providers"];

/** Ids of the providers an override's entries may have changed (all of them for a parent key). */
function touchedProviderIds(config: ProjectConfig, entries: [string[], unknown][]): Set<string> {
  const ids = new Set<string>();
  for (const [path] of entries) {
    if (path.length <= providersPath.length) {
      if (providersPath.slice(0, path.length).every((segment, index) => segment === path[index])) {
        for (const id of Object.keys(config.auth.oauth.providers)) ids.add(id);
      }
    } else if (startsWithPattern(path, providersPath)) {
      ids.add(path[providersPath.length] as string);
    }
  }
  return ids;
}

/**
 * Each provider the override set has a type this server can sign in with: a preset or `oidc`
 * (our generic OpenID Connect provider). The message lists the presets, as the reference's does.
 */
export function checkOAuthProviderTypes(
  config: ProjectConfig,
  entries: [string[], unknown][],
): void {
  const known = new Set<string>([...standardOAuthProviderIds, "oidc"]);
  for (const id of touchedProviderIds(config, entries)) {
    const provider = config.auth.oauth.providers[id];
    if (provider && !known.has(provider.type)) {
      throw plainErrors.unknownOAuthProviderType(
        [...providersPath, id, "type"].join("."),
        standardOAuthProviderIds,
      );
    }
  }
}

const signUpRulesPath = ["auth", "signUpRules"];

/**
 * Each sign-up rule the override set has a condition that can be evaluated (it parses, names only
 * the context's variables and gives a boolean; services/sign-up-rules/rule-conditions.ts), so a
 * rule that could never match is refused rather than stored. Only the rules the override touched:
 * a stored rule never blocks a write to something else.
 */
export function checkSignUpRuleConditions(
  config: ProjectConfig,
  entries: [string[], unknown][],
): void {
  const ids = new Set<string>();
  for (const [path] of entries) {
    if (path.length <= signUpRulesPath.length) {
      if (
        signUpRulesPath.slice(0, path.length).every((segment, index) => segment === path[index])
      ) {
        for (const id of Object.keys(config.auth.signUpRules)) ids.add(id);
      }
    } else if (startsWithPattern(path, signUpRulesPath)) {
      ids.add(path[signUpRulesPath.length] as string);
    }
  }
  const problems: string[] = [];
  for (const id of ids) {
    const condition = config.auth.signUpRules[id]?.condition;
    if (condition === undefined) continue;
    const problem = findConditionProblem(condition);
    if (problem !== null) {
      problems.push(`${[...signUpRulesPath, id, "condition"].join(".")}: ${problem}`);
    }
  }
  if (problems.length > 0) throw plainErrors.invalidConfigOverride(problems);
}
