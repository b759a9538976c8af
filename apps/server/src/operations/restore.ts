/**
 * @module
 * `npm run restore -- FILE [--database-url URL]`: loads a backup archive into an empty target
 * (PostgreSQL with --database-url or DATABASE_URL, else DATA_DIR's embedded database). Order:
 * the archive is unpacked and every checksum verified; the target is checked empty (database and
 * media); the media files are written; the rows go in, in one transaction. A refusal or a failure
 * at any step leaves the target as it was: media written are removed again, and an embedded
 * database this command created is removed whole.
 */
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  checkKnownMigrations,
  type LoadReport,
  loadInto,
  TransferRefused,
  targetProblem,
} from "@heritage/db/transfer";
import type { SiteConfig } from "../config/site-config";
import { contentTypeOfKey, type MediaStorage } from "../media/media-storage";
import { createMediaStorageFromConfig } from "../media/media-storage-from-config";
import { type Manifest, mediaFile, openArchive } from "./archive";
import {
  embeddedDatabaseDir,
  findSecretsKey,
  openConfiguredDatabase,
  operationsMigrationSets,
  type SecretsKeyInfo,
} from "./shared";

export interface RestoreOptions {
  settings: SiteConfig & {
    DATA_DIR: string;
    DATABASE_URL?: string | undefined;
    SECRETS_KEY?: string | undefined;
  };
  file: string;
  /** Overrides DATABASE_URL. */
  databaseUrl?: string | undefined;
  /** Tests pass their own media storage; by default the configured one. */
  mediaStorage?: MediaStorage;
}

export interface RestoreReport extends LoadReport {
  engine: "pglite" | "postgres";
  manifest: Manifest;
  mediaFiles: number;
  /** The key this configuration would use, to compare with `manifest.secretsKeyId`. */
  secretsKey: SecretsKeyInfo | null;
}

export async function restore(options: RestoreOptions): Promise<RestoreReport> {
  const archive = await openArchive(options.file);
  try {
    const { manifest } = archive;
    checkKnownMigrations(operationsMigrationSets, manifest.migrations);
    const settings = {
      ...options.settings,
      DATABASE_URL: options.databaseUrl ?? options.settings.DATABASE_URL,
    };
    const embeddedDir = embeddedDatabaseDir(settings.DATA_DIR);
    const createdEmbedded = !settings.DATABASE_URL && !existsSync(join(embeddedDir, "PG_VERSION"));
    const target = await openConfiguredDatabase(settings, { create: true });
    let succeeded = false;
    const written: string[] = [];
    const storage = options.mediaStorage ?? createMediaStorageFromConfig(options.settings);
    try {
      const problem = await targetProblem(target.db, operationsMigrationSets, manifest.migrations);
      if (problem) throw new TransferRefused(problem);
      for (const key of archive.mediaKeys) {
        if (await storage.get(key)) {
          throw new TransferRefused(
            `the media storage already holds ${key}: restore into an empty DATA_DIR/media (or bucket)`,
          );
        }
      }
      for (const key of archive.mediaKeys) {
        const body = await readFile(join(archive.directory, mediaFile(key)));
        written.push(key);
        await storage.put(key, body, contentTypeOfKey(key));
      }
      const report = await loadInto(target.db, operationsMigrationSets, {
        engine: manifest.source.engine,
        migrations: manifest.migrations,
        tables: manifest.tables.map((table) => ({
          qualifiedName: table.name,
          columns: table.columns,
          rowCount: table.rows,
        })),
        sequences: manifest.sequences.map((sequence) => ({
          qualifiedName: sequence.name,
          state: { lastValue: sequence.lastValue, isCalled: sequence.isCalled },
        })),
        rows: (qualifiedName) => archive.rows(qualifiedName),
      });
      succeeded = true;
      return {
        ...report,
        engine: target.engine,
        manifest,
        mediaFiles: archive.mediaKeys.length,
        secretsKey: await findSecretsKey(options.settings),
      };
    } finally {
      if (!succeeded) {
        for (const key of written) await storage.delete(key).catch(() => {});
      }
      await target.close();
      if (!succeeded && createdEmbedded) await rm(embeddedDir, { recursive: true, force: true });
    }
  } finally {
    await archive.close();
  }
}
