/**
 * User and team API keys (contract §2.12): keys a project issues to its users and teams. A key is
 * shown once when created and stored only as its SHA-256 digest with its last four characters; it is
 * valid until it expires or is revoked (revoking keeps the first revocation time).
 * @module
 */
import { crc32 } from "node:zlib";
import {
  type ApiKeyType,
  apiKeySuffix,
  knownErrors,
  parseApiKeyFormat,
  type TeamApiKey,
  type TeamApiKeyFirstView,
  type UserApiKey,
  type UserApiKeyFirstView,
} from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, desc, eq } from "drizzle-orm";
import { type CustomerApiKeyRow, customerApiKeys, teams, users } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { ProjectConfig } from "../projects/project-config";
import { generateOpaqueToken, hashSecret } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";

/** Whom a key belongs to: exactly one user or one team (also enforced by a table check). */
export type ApiKeyOwner = { type: "user"; userId: string } | { type: "team"; teamId: string };

function checksumOf(text: string): string {
  return crc32(Buffer.from(text, "utf8")).toString(16).padStart(8, "0");
}

/** A new key in the reference's format: `{pk|sk}_{45 random}{id hex}{type}{flag}574ck4u7h{crc32}`. */
export function generateApiKey(input: { id: string; type: ApiKeyType; isPublic: boolean }): string {
  const prefix = input.isPublic ? "pk" : "sk";
  const body = `${prefix}_${generateOpaqueToken()}${input.id.replaceAll("-", "")}${apiKeySuffix(input)}`;
  return `${body}${checksumOf(body)}`;
}

/** Whether a string has the key format and a matching checksum (a typo never reaches the database). */
export function isWellFormedApiKey(key: string): boolean {
  const parsed = parseApiKeyFormat(key);
  return parsed !== null && checksumOf(parsed.checksummedPart) === parsed.checksum;
}

/** 400 text answer when the project has not enabled this kind of key (the reference's wording). */
export function requireApiKeysEnabled(config: ProjectConfig, type: ApiKeyType): void {
  if (!config.apiKeys.enabled[type]) {
    throw plainErrors.apiKeysNotEnabled(type);
  }
}

export function ownerTypeOf(row: CustomerApiKeyRow): ApiKeyType {
  return row.teamId === null ? "user" : "team";
}

/** The owner of a stored key (the table's check constraint guarantees exactly one). */
export function ownerOf(row: CustomerApiKeyRow): ApiKeyOwner {
  if (row.teamId !== null) return { type: "team", teamId: row.teamId };
  if (row.userId !== null) return { type: "user", userId: row.userId };
  throw new Error(`API key ${row.id} has neither a user nor a team`);
}

function baseWire(row: CustomerApiKeyRow) {
  return {
    id: row.id,
    description: row.description,
    created_at_millis: row.createdAt.getTime(),
    ...(row.expiresAt ? { expires_at_millis: row.expiresAt.getTime() } : {}),
    ...(row.revokedAt ? { manually_revoked_at_millis: row.revokedAt.getTime() } : {}),
    is_public: row.isPublic,
  };
}

/** The read object: the secret appears only as its last four characters. */
export function toApiKeyWire(row: CustomerApiKeyRow): UserApiKey | TeamApiKey {
  const value = { last_four: row.lastFour };
  const owner = ownerOf(row);
  return owner.type === "user"
    ? { ...baseWire(row), type: "user", user_id: owner.userId, value }
    : { ...baseWire(row), type: "team", team_id: owner.teamId, value };
}

/** The create response, the only time the full key is shown. */
export function toApiKeyFirstView(
  row: CustomerApiKeyRow,
  key: string,
): UserApiKeyFirstView | TeamApiKeyFirstView {
  const owner = ownerOf(row);
  return owner.type === "user"
    ? { ...baseWire(row), type: "user", user_id: owner.userId, value: key }
    : { ...baseWire(row), type: "team", team_id: owner.teamId, value: key };
}

/** Server access may name any user or team: an unknown one is a clear 404, not a database error. */
export async function requireOwnerExists(
  db: Database,
  projectId: string,
  owner: ApiKeyOwner,
): Promise<void> {
  if (owner.type === "user") {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.projectId, projectId), eq(users.id, owner.userId)))
      .limit(1);
    if (!row) throw knownErrors.userNotFound();
  } else {
    const [row] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.projectId, projectId), eq(teams.id, owner.teamId)))
      .limit(1);
    if (!row) throw knownErrors.teamNotFound({ team_id: owner.teamId });
  }
}

export async function createApiKey(
  deps: Pick<AuthDeps, "db" | "ids" | "clock">,
  projectId: string,
  input: {
    owner: ApiKeyOwner;
    description: string;
    expiresAt: Date | null;
    isPublic: boolean;
  },
): Promise<{ row: CustomerApiKeyRow; key: string }> {
  const id = deps.ids.generateId();
  const key = generateApiKey({ id, type: input.owner.type, isPublic: input.isPublic });
  const [row] = await deps.db
    .insert(customerApiKeys)
    .values({
      id,
      projectId,
      userId: input.owner.type === "user" ? input.owner.userId : null,
      teamId: input.owner.type === "team" ? input.owner.teamId : null,
      description: input.description,
      isPublic: input.isPublic,
      secretHash: hashSecret(key),
      lastFour: key.slice(-4),
      expiresAt: input.expiresAt,
      createdAt: deps.clock(),
    })
    .returning();
  if (!row) throw new Error("Inserting an API key returned no row");
  return { row, key };
}

/** The keys of one user or team, newest first. */
export async function listApiKeys(
  db: Database,
  projectId: string,
  owner: ApiKeyOwner,
): Promise<CustomerApiKeyRow[]> {
  return db
    .select()
    .from(customerApiKeys)
    .where(
      and(
        eq(customerApiKeys.projectId, projectId),
        owner.type === "user"
          ? eq(customerApiKeys.userId, owner.userId)
          : eq(customerApiKeys.teamId, owner.teamId),
      ),
    )
    .orderBy(desc(customerApiKeys.createdAt), desc(customerApiKeys.id));
}

/** A key of this project and type by id; API_KEY_NOT_FOUND otherwise (a key of the other type too). */
export async function requireApiKey(
  db: Database,
  projectId: string,
  type: ApiKeyType,
  id: string,
): Promise<CustomerApiKeyRow> {
  const [row] = await db
    .select()
    .from(customerApiKeys)
    .where(and(eq(customerApiKeys.projectId, projectId), eq(customerApiKeys.id, id)))
    .limit(1);
  if (!row || ownerTypeOf(row) !== type) throw knownErrors.apiKeyNotFound();
  return row;
}

export async function updateApiKey(
  db: Database,
  row: CustomerApiKeyRow,
  input: { description?: string; expiresAt?: Date | null; revoke?: boolean },
  now: Date,
): Promise<CustomerApiKeyRow> {
  const changes = {
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.expiresAt === undefined ? {} : { expiresAt: input.expiresAt }),
    // A second revocation keeps the first time (the reference's behaviour).
    ...(input.revoke && row.revokedAt === null ? { revokedAt: now } : {}),
  };
  if (Object.keys(changes).length === 0) return row;
  const [updated] = await db
    .update(customerApiKeys)
    .set(changes)
    .where(eq(customerApiKeys.id, row.id))
    .returning();
  if (!updated) throw knownErrors.apiKeyNotFound();
  return updated;
}

async function findByKey(
  db: Database,
  key: string,
  projectId?: string,
): Promise<CustomerApiKeyRow | null> {
  if (!isWellFormedApiKey(key)) return null;
  const [row] = await db
    .select()
    .from(customerApiKeys)
    .where(
      and(
        eq(customerApiKeys.secretHash, hashSecret(key)),
        projectId === undefined ? undefined : eq(customerApiKeys.projectId, projectId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The server-side check (`POST /{type}-api-keys/check`): the key's row when it is valid, else
 * API_KEY_NOT_FOUND, WRONG_API_KEY_TYPE, API_KEY_REVOKED or API_KEY_EXPIRED, in the reference's order.
 */
export async function checkApiKey(
  db: Database,
  projectId: string,
  type: ApiKeyType,
  key: string,
  now: Date,
): Promise<CustomerApiKeyRow> {
  const row = await findByKey(db, key, projectId);
  if (!row) throw knownErrors.apiKeyNotFound();
  const actual = ownerTypeOf(row);
  if (actual !== type) {
    throw knownErrors.wrongApiKeyType({ expected_type: type, actual_type: actual });
  }
  if (row.revokedAt) throw knownErrors.apiKeyRevoked();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw knownErrors.apiKeyExpired();
  return row;
}

/**
 * Revokes a leaked key reported by a secret scanner, in whichever project it lives. Public keys are
 * meant to be seen and cannot be revoked this way; an expired key is reported as such; a key revoked
 * already stays as it is. Returns the revoked row, or null when nothing changed.
 */
export async function revokeLeakedApiKey(
  db: Database,
  key: string,
  now: Date,
): Promise<CustomerApiKeyRow | null> {
  const row = await findByKey(db, key);
  if (!row) throw knownErrors.apiKeyNotFound();
  if (row.isPublic) throw knownErrors.publicApiKeyCannotBeRevoked();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw knownErrors.apiKeyExpired();
  if (row.revokedAt) return null;
  return updateApiKey(db, row, { revoke: true }, now);
}
