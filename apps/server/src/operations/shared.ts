/**
 * @module
 * What the operator commands (move, backup, restore) share: which database the configuration
 * names, the migration sets whose schemas are copied, and the secrets key's id.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createSecretBox } from "@heritage/auth-server";
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { migrationSet as contentMigrations } from "@heritage/content/migrations";
import type { MigrationSet } from "@heritage/db";
import { type OpenDatabase, openPgliteDirectory, openPostgres } from "@heritage/db/transfer";
import { SECRETS_KEY_FILE } from "../config/secrets-key";

/** The schemas the server owns, as it migrates them (server.ts's `migrationSets`). */
export const operationsMigrationSets: MigrationSet[] = [contentMigrations, authMigrations];

export interface DatabaseSettings {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}

export function embeddedDatabaseDir(dataDir: string): string {
  return resolve(dataDir, "db");
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else DATA_DIR's PGlite. */
export function openConfiguredDatabase(
  settings: DatabaseSettings,
  options: { create?: boolean } = {},
): Promise<OpenDatabase> {
  if (settings.DATABASE_URL) return openPostgres(settings.DATABASE_URL);
  return openPgliteDirectory(embeddedDatabaseDir(settings.DATA_DIR), options);
}

/** `host:port/database` of a PostgreSQL URL, never its password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return "(unreadable URL)";
  }
}

/** The URL with its password replaced by `***`, for printing a command to copy. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unreadable URL)";
  }
}

export interface SecretsKeyInfo {
  /** Where the key comes from: the SECRETS_KEY variable or the key file. */
  source: "SECRETS_KEY" | "file";
  path?: string;
  keyId: string;
}

/** The key stored secrets are encrypted with, as the server would find it (null: none yet). */
export async function findSecretsKey(settings: {
  DATA_DIR: string;
  SECRETS_KEY?: string | undefined;
}): Promise<SecretsKeyInfo | null> {
  const idOf = (key: string) => {
    try {
      return createSecretBox({ current: key }).keyId;
    } catch {
      return "(not a valid key)";
    }
  };
  if (settings.SECRETS_KEY) return { source: "SECRETS_KEY", keyId: idOf(settings.SECRETS_KEY) };
  const path = resolve(settings.DATA_DIR, SECRETS_KEY_FILE);
  try {
    const key = (await readFile(path, "utf8")).trim();
    return { source: "file", path, keyId: idOf(key) };
  } catch {
    return null;
  }
}
