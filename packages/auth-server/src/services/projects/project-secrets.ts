/**
 * The secrets inside a project's configuration (issue 28): its own SMTP server's password and each
 * OAuth provider's client secret. They are stored sealed (services/secrets/secret-box.ts, bound to
 * the project and the path), in `projects.config` and in the config override records, so a backup
 * or a database dump holds no plain secret; the server opens them when it loads a project.
 *
 * The walkers descend only where a secret can be, and work on a whole document (path []) or on an
 * override record, whose keys are dotted paths to any level ("emails.server", "auth.oauth.providers.x.clientSecret").
 * @module
 */
import { type SecretBox, secretContexts } from "../secrets/secret-box";

/** Whether `path` names a secret: `emails.server.password`, `auth.oauth.providers.<id>.clientSecret`. */
function isSecretPath(path: readonly string[]): boolean {
  if (path.length === 3)
    return path[0] === "emails" && path[1] === "server" && path[2] === "password";
  return (
    path.length === 5 &&
    path[0] === "auth" &&
    path[1] === "oauth" &&
    path[2] === "providers" &&
    path[4] === "clientSecret"
  );
}

/** Whether something under `path` can be a secret. */
function mayHoldSecret(path: readonly string[]): boolean {
  const patterns = [
    ["emails", "server", "password"],
    ["auth", "oauth", "providers", "*", "clientSecret"],
  ];
  return patterns.some(
    (pattern) =>
      path.length < pattern.length &&
      path.every((segment, index) => pattern[index] === "*" || pattern[index] === segment),
  );
}

type SecretChange = (value: string, path: string) => string;

function mapSecrets(value: unknown, path: string[], change: SecretChange): unknown {
  if (typeof value === "string") return isSecretPath(path) ? change(value, path.join(".")) : value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if (!mayHoldSecret(path)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    copy[key] = mapSecrets(inner, [...path, key], change);
  return copy;
}

/** Every secret of a configuration document, changed by `change` (a copy; the rest shared). */
export function mapConfigSecrets<T>(config: T, change: SecretChange): T {
  return mapSecrets(config, [], change) as T;
}

/** Every secret of an override record (dotted keys), changed by `change`. */
export function mapRecordSecrets(
  record: Record<string, unknown>,
  change: SecretChange,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    copy[key] = mapSecrets(value, key === "" ? [] : key.split("."), change);
  }
  return copy;
}

/** Seals plain secrets; sealed ones stay as they are (the start-up pass moves old keys). */
export function sealing(secrets: SecretBox, projectId: string): SecretChange {
  return (value, path) =>
    secrets.stateOf(value) === "plain"
      ? secrets.seal(value, secretContexts.projectConfigSecret(projectId, path))
      : value;
}

/** Opens sealed secrets; a plain one (stored before sealing, until the next start) stays. */
export function opening(secrets: SecretBox, projectId: string): SecretChange {
  return (value, path) => secrets.open(value, secretContexts.projectConfigSecret(projectId, path));
}

export function sealConfigSecrets<T>(config: T, projectId: string, secrets: SecretBox): T {
  return mapConfigSecrets(config, sealing(secrets, projectId));
}

export function openConfigSecrets<T>(config: T, projectId: string, secrets: SecretBox): T {
  return mapConfigSecrets(config, opening(secrets, projectId));
}
