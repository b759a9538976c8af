/**
 * Internal (project) API keys as the admin manages them (contract §3.3): create a key set holding
 * any of the three keys, list and read them with only the last four characters of each key, rename
 * and revoke. Request authentication (http/project-access.ts) reads the same rows, so a revoked or
 * expired set stops working with the next request.
 * @module
 */
import {
  type InternalApiKey,
  type InternalApiKeyCreate,
  type InternalApiKeyFirstView,
  knownErrors,
} from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, desc, eq } from "drizzle-orm";
import { projectApiKeys } from "../../db/schema";
import type { IdGenerators } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import { createProjectKeySet } from "./project-keys";

type KeySetRow = typeof projectApiKeys.$inferSelect;

function baseView(row: KeySetRow) {
  return {
    id: row.id,
    description: row.description,
    created_at_millis: row.createdAt.getTime(),
    ...(row.expiresAt ? { expires_at_millis: row.expiresAt.getTime() } : {}),
    ...(row.revokedAt ? { manually_revoked_at_millis: row.revokedAt.getTime() } : {}),
  };
}

function toInternalApiKey(row: KeySetRow): InternalApiKey {
  const hidden = (lastFour: string | null) =>
    lastFour === null ? undefined : { last_four: lastFour };
  const view: InternalApiKey = baseView(row);
  const publishable = hidden(row.publishableClientKeyLastFour);
  const secret = hidden(row.secretServerKeyLastFour);
  const admin = hidden(row.superSecretAdminKeyLastFour);
  if (publishable) view.publishable_client_key = publishable;
  if (secret) view.secret_server_key = secret;
  if (admin) view.super_secret_admin_key = admin;
  return view;
}

async function findKeySet(db: Database, projectId: string, keySetId: string) {
  const [row] = await db
    .select()
    .from(projectApiKeys)
    .where(and(eq(projectApiKeys.projectId, projectId), eq(projectApiKeys.id, keySetId)))
    .limit(1);
  return row ?? null;
}

/** The key set, or KE API_KEY_NOT_FOUND (also for a malformed id or another project's set). */
export async function getInternalApiKey(
  db: Database,
  projectId: string,
  keySetId: string,
): Promise<InternalApiKey> {
  const row = await findKeySet(db, projectId, keySetId);
  if (!row) throw knownErrors.apiKeyNotFound();
  return toInternalApiKey(row);
}

export async function listInternalApiKeys(
  db: Database,
  projectId: string,
): Promise<InternalApiKey[]> {
  const rows = await db
    .select()
    .from(projectApiKeys)
    .where(eq(projectApiKeys.projectId, projectId))
    .orderBy(desc(projectApiKeys.createdAt), desc(projectApiKeys.id));
  return rows.map(toInternalApiKey);
}

export async function createInternalApiKey(
  db: Database,
  ids: Pick<IdGenerators, "generateId">,
  projectId: string,
  input: InternalApiKeyCreate,
  now: Date,
): Promise<InternalApiKeyFirstView> {
  if (
    !input.has_publishable_client_key &&
    !input.has_secret_server_key &&
    !input.has_super_secret_admin_key
  ) {
    throw plainErrors.emptyApiKeySet();
  }
  const expiresAt = new Date(input.expires_at_millis);
  // A time in the past is taken, as by the reference: the set is born expired and no request
  // authenticates with it (its e2e suite creates sets with `expires_at_millis: 123`).
  if (Number.isNaN(expiresAt.getTime())) {
    throw plainErrors.invalidApiKeyExpiry();
  }
  const { id, keys } = await createProjectKeySet(db, ids, {
    projectId,
    description: input.description,
    expiresAt,
    now,
    keys: {
      ...(input.has_publishable_client_key ? { publishableClientKey: true as const } : {}),
      ...(input.has_secret_server_key ? { secretServerKey: true as const } : {}),
      ...(input.has_super_secret_admin_key ? { superSecretAdminKey: true as const } : {}),
    },
  });
  const row = await findKeySet(db, projectId, id);
  if (!row) throw new Error("The key set just created is missing");
  return {
    ...baseView(row),
    ...(keys.publishableClientKey ? { publishable_client_key: keys.publishableClientKey } : {}),
    ...(keys.secretServerKey ? { secret_server_key: keys.secretServerKey } : {}),
    ...(keys.superSecretAdminKey ? { super_secret_admin_key: keys.superSecretAdminKey } : {}),
  };
}

/** Renames and/or revokes; revoking twice keeps the first revocation time. */
export async function updateInternalApiKey(
  db: Database,
  projectId: string,
  keySetId: string,
  update: { description?: string; revoked?: true },
  now: Date,
): Promise<InternalApiKey> {
  const row = await findKeySet(db, projectId, keySetId);
  if (!row) throw knownErrors.apiKeyNotFound();
  const fields: Partial<typeof projectApiKeys.$inferInsert> = {};
  if (update.description !== undefined) fields.description = update.description;
  if (update.revoked && !row.revokedAt) fields.revokedAt = now;
  if (Object.keys(fields).length > 0) {
    await db
      .update(projectApiKeys)
      .set(fields)
      .where(and(eq(projectApiKeys.projectId, projectId), eq(projectApiKeys.id, keySetId)));
  }
  return getInternalApiKey(db, projectId, keySetId);
}
