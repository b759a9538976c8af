/**
 * Project API keys (contract §1.3, §3.3): key sets of up to three keys (`pck_`, `ssk_`, `sak_`),
 * stored as SHA-256 digests and shown only once, at creation. A key is live while its set is
 * neither revoked nor expired.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { projectApiKeys } from "../../db/schema";
import {
  generateProjectKey,
  hashSecret,
  type IdGenerators,
  type ProjectKeyKind,
} from "../secrets/secrets";

export interface ProjectKeys {
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

export interface CreateKeySetOptions {
  projectId: string;
  description?: string;
  expiresAt?: Date | null;
  /** Creation time; the database clock when omitted. */
  now?: Date;
  /** Keys to store as given (e.g. from the environment); `true` generates one. */
  keys: {
    publishableClientKey?: string | true;
    secretServerKey?: string | true;
    superSecretAdminKey?: string | true;
  };
}

const lastFour = (key: string | undefined) => (key === undefined ? null : key.slice(-4));

function resolveKey(value: string | true | undefined, kind: ProjectKeyKind): string | undefined {
  return value === true ? generateProjectKey(kind) : value;
}

/** Stores a key set; returns its id and the keys in clear, which are never retrievable again. */
export async function createProjectKeySet(
  db: Database,
  ids: Pick<IdGenerators, "generateId">,
  options: CreateKeySetOptions,
): Promise<{ id: string; keys: ProjectKeys }> {
  const publishableClientKey = resolveKey(
    options.keys.publishableClientKey,
    "publishable_client_key",
  );
  const secretServerKey = resolveKey(options.keys.secretServerKey, "secret_server_key");
  const superSecretAdminKey = resolveKey(
    options.keys.superSecretAdminKey,
    "super_secret_admin_key",
  );
  const id = ids.generateId();
  await db.insert(projectApiKeys).values({
    id,
    projectId: options.projectId,
    description: options.description ?? "",
    publishableClientKeyHash: publishableClientKey ? hashSecret(publishableClientKey) : null,
    secretServerKeyHash: secretServerKey ? hashSecret(secretServerKey) : null,
    superSecretAdminKeyHash: superSecretAdminKey ? hashSecret(superSecretAdminKey) : null,
    publishableClientKeyLastFour: lastFour(publishableClientKey),
    secretServerKeyLastFour: lastFour(secretServerKey),
    superSecretAdminKeyLastFour: lastFour(superSecretAdminKey),
    expiresAt: options.expiresAt ?? null,
    ...(options.now ? { createdAt: options.now } : {}),
  });
  const keys: ProjectKeys = {};
  if (publishableClientKey) keys.publishableClientKey = publishableClientKey;
  if (secretServerKey) keys.secretServerKey = secretServerKey;
  if (superSecretAdminKey) keys.superSecretAdminKey = superSecretAdminKey;
  return { id, keys };
}

function hashColumn(kind: ProjectKeyKind) {
  switch (kind) {
    case "publishable_client_key":
      return projectApiKeys.publishableClientKeyHash;
    case "secret_server_key":
      return projectApiKeys.secretServerKeyHash;
    case "super_secret_admin_key":
      return projectApiKeys.superSecretAdminKeyHash;
  }
}

/** Whether `key` is a live key of this kind for the project (not revoked, not expired at `now`). */
export async function isLiveProjectKey(
  db: Database,
  projectId: string,
  kind: ProjectKeyKind,
  key: string,
  now: Date,
): Promise<boolean> {
  return isLiveProjectKeyDigest(db, projectId, kind, hashSecret(key), now);
}

/** The same, for a key known by its digest only (what a management token remembers). */
export async function isLiveProjectKeyDigest(
  db: Database,
  projectId: string,
  kind: ProjectKeyKind,
  digest: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: projectApiKeys.id })
    .from(projectApiKeys)
    .where(
      and(
        eq(projectApiKeys.projectId, projectId),
        eq(hashColumn(kind), digest),
        isNull(projectApiKeys.revokedAt),
        or(isNull(projectApiKeys.expiresAt), gt(projectApiKeys.expiresAt, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the project has this key stored at all (live or not); used to seed keys idempotently. */
export async function hasProjectKey(
  db: Database,
  projectId: string,
  kind: ProjectKeyKind,
  key: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: projectApiKeys.id })
    .from(projectApiKeys)
    .where(and(eq(projectApiKeys.projectId, projectId), eq(hashColumn(kind), hashSecret(key))))
    .limit(1);
  return rows.length > 0;
}

/** Whether the project has any live key set. */
export async function hasLiveKeySet(db: Database, projectId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: projectApiKeys.id })
    .from(projectApiKeys)
    .where(
      and(
        eq(projectApiKeys.projectId, projectId),
        isNull(projectApiKeys.revokedAt),
        or(isNull(projectApiKeys.expiresAt), gt(projectApiKeys.expiresAt, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Revokes a key set (it stops working at once). */
export async function revokeProjectKeySet(
  db: Database,
  projectId: string,
  keySetId: string,
  now: Date,
): Promise<void> {
  await db
    .update(projectApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(projectApiKeys.projectId, projectId), eq(projectApiKeys.id, keySetId)));
}
