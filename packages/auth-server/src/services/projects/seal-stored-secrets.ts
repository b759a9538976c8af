/**
 * The start-up step of secrets at rest (secret-box.ts), run by initAuthPlatform inside its locked
 * transaction: values stored in plain text by a version before encryption at rest are encrypted in
 * place, values encrypted with a `SECRETS_KEY_PREVIOUS` key are re-encrypted with `SECRETS_KEY`,
 * and values of a key this process does not have stop the start. A process with the wrong key
 * must not serve beside the others (it could verify nothing they signed), nor take the missing
 * signing keys as a first start and make new ones.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  projectConfigOverrides,
  projects,
  signingKeys,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { keyMismatchError, type SecretBox, secretContexts } from "../secrets/secret-box";
import { mapConfigSecrets, mapRecordSecrets } from "./project-secrets";

export interface SealedSecretsCount {
  /** Plain values encrypted now. */
  encrypted: number;
  /** Values moved from a previous key to the current one. */
  reencrypted: number;
}

interface StoredText {
  id: string;
  stored: string;
}

/** Where a stored value is not sealed under the current key (plain or another key). */
function notUnderCurrentKey(column: PgColumn, secrets: SecretBox): SQL {
  const prefix = `enc:v1:${secrets.keyId}:`;
  return sql`left(${column}, ${prefix.length}) <> ${prefix}`;
}

/** Encrypts or re-encrypts every secret of one kind; refuses (throws) on an unknown key. */
function planTextColumn(
  secrets: SecretBox,
  place: string,
  rows: StoredText[],
  context: (id: string) => string,
): { updates: { id: string; value: string }[]; count: SealedSecretsCount } {
  const unknown = rows.filter((row) => secrets.stateOf(row.stored) === "unknown-key");
  if (unknown.length > 0) {
    throw keyMismatchError(
      secrets,
      place,
      unknown.map((row) => secrets.keyIdOf(row.stored) ?? "?"),
    );
  }
  const count: SealedSecretsCount = { encrypted: 0, reencrypted: 0 };
  const updates = rows.flatMap((row) => {
    const state = secrets.stateOf(row.stored);
    if (state === "current") return [];
    if (state === "plain") count.encrypted += 1;
    else count.reencrypted += 1;
    const plain = secrets.open(row.stored, context(row.id));
    return [{ id: row.id, value: secrets.seal(plain, context(row.id)) }];
  });
  return { updates, count };
}

/**
 * The secrets inside project configurations and their override records (project-secrets.ts):
 * each document is walked with `map`, and rewritten when one of its secrets was not under the
 * current key. Refuses (throws) on an unknown key before anything is written.
 */
function planDocuments<T, R extends { projectId: string; document: T }>(
  secrets: SecretBox,
  place: string,
  rows: R[],
  map: (document: T, change: (value: string, path: string) => string) => T,
): { updates: R[]; count: SealedSecretsCount } {
  const unknown: string[] = [];
  const count: SealedSecretsCount = { encrypted: 0, reencrypted: 0 };
  const updates: R[] = [];
  for (const row of rows) {
    let changed = false;
    const document = map(row.document, (value, path) => {
      const state = secrets.stateOf(value);
      if (state === "current") return value;
      if (state === "unknown-key") {
        unknown.push(secrets.keyIdOf(value) ?? "?");
        return value;
      }
      changed = true;
      if (state === "plain") count.encrypted += 1;
      else count.reencrypted += 1;
      const context = secretContexts.projectConfigSecret(row.projectId, path);
      return secrets.seal(secrets.open(value, context), context);
    });
    if (changed) updates.push({ ...row, document });
  }
  if (unknown.length > 0) throw keyMismatchError(secrets, place, unknown);
  return { updates, count };
}

/**
 * Brings every stored secret under the current key. Throws UnreadableSecretError (naming the key
 * ids) when a value was encrypted with a key this process does not have, before changing anything.
 * Run it in the transaction that holds the platform's start-up lock.
 */
export async function sealStoredSecrets(
  tx: Database,
  secrets: SecretBox,
): Promise<SealedSecretsCount> {
  // Every kind is checked before anything is written: a refusal leaves the database as it was.
  // Signing keys are few rows; a JWK object (not a string) is a key stored before encryption.
  const keyRows = await tx
    .select({ id: signingKeys.id, privateJwk: signingKeys.privateJwk })
    .from(signingKeys);
  const keyPlan = planTextColumn(
    secrets,
    "auth.signing_keys",
    keyRows.map((row) => ({
      id: row.id,
      stored: typeof row.privateJwk === "string" ? row.privateJwk : JSON.stringify(row.privateJwk),
    })),
    secretContexts.signingKey,
  );
  // TOTP secrets and webhook secrets: only the rows that need work are read.
  const totpRows = await tx
    .select({ id: users.id, stored: users.totpSecretBase64 })
    .from(users)
    .where(
      and(isNotNull(users.totpSecretBase64), notUnderCurrentKey(users.totpSecretBase64, secrets)),
    );
  const totpPlan = planTextColumn(
    secrets,
    "auth.users (TOTP secrets)",
    totpRows.map((row) => ({ id: row.id, stored: row.stored ?? "" })),
    secretContexts.totpSecret,
  );
  const webhookRows = await tx
    .select({ id: webhookEndpoints.id, stored: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(notUnderCurrentKey(webhookEndpoints.secret, secrets));
  const webhookPlan = planTextColumn(
    secrets,
    "auth.webhook_endpoints",
    webhookRows,
    secretContexts.webhookSecret,
  );

  // Project configurations and override records: few rows, each walked where secrets can be.
  const projectRows = await tx
    .select({ projectId: projects.id, document: projects.config })
    .from(projects);
  const configPlan = planDocuments(
    secrets,
    "auth.projects (configuration secrets)",
    projectRows,
    mapConfigSecrets,
  );
  const overrideRows = await tx
    .select({
      projectId: projectConfigOverrides.projectId,
      level: projectConfigOverrides.level,
      override: projectConfigOverrides.override,
    })
    .from(projectConfigOverrides);
  const overridePlan = planDocuments(
    secrets,
    "auth.project_config_overrides",
    overrideRows.map((row) => ({
      projectId: row.projectId,
      level: row.level,
      document: (row.override ?? {}) as Record<string, unknown>,
    })),
    mapRecordSecrets,
  );

  for (const update of keyPlan.updates) {
    await tx
      .update(signingKeys)
      .set({ privateJwk: update.value })
      .where(eq(signingKeys.id, update.id));
  }
  for (const update of totpPlan.updates) {
    await tx.update(users).set({ totpSecretBase64: update.value }).where(eq(users.id, update.id));
  }
  for (const update of webhookPlan.updates) {
    await tx
      .update(webhookEndpoints)
      .set({ secret: update.value })
      .where(eq(webhookEndpoints.id, update.id));
  }
  for (const update of configPlan.updates) {
    await tx
      .update(projects)
      .set({ config: update.document })
      .where(eq(projects.id, update.projectId));
  }
  for (const { projectId, level, document } of overridePlan.updates) {
    await tx
      .update(projectConfigOverrides)
      .set({ override: document })
      .where(
        and(
          eq(projectConfigOverrides.projectId, projectId),
          eq(projectConfigOverrides.level, level),
        ),
      );
  }
  const total: SealedSecretsCount = { encrypted: 0, reencrypted: 0 };
  for (const plan of [keyPlan, totpPlan, webhookPlan, configPlan, overridePlan]) {
    total.encrypted += plan.count.encrypted;
    total.reencrypted += plan.count.reencrypted;
  }
  return total;
}
