/**
 * @module
 * `npm run db:move -- postgres://...`: copies the embedded database (DATA_DIR/db) into an empty
 * PostgreSQL database, every table of the server's schemas, in one transaction on the target
 * (@heritage/db/transfer, decision 016). The embedded database is only read.
 */
import {
  copyDatabase,
  type LoadReport,
  openPgliteDirectory,
  openPostgres,
} from "@heritage/db/transfer";
import {
  type DatabaseSettings,
  embeddedDatabaseDir,
  findSecretsKey,
  operationsMigrationSets,
  type SecretsKeyInfo,
} from "./shared";

export interface MoveOptions {
  settings: DatabaseSettings & { SECRETS_KEY?: string | undefined; S3_BUCKET?: string | undefined };
  targetUrl: string;
}

export interface MoveReport extends LoadReport {
  sourceDir: string;
  secretsKey: SecretsKeyInfo | null;
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const sourceDir = embeddedDatabaseDir(options.settings.DATA_DIR);
  // The target first: a wrong URL is refused before the embedded database is opened.
  const target = await openPostgres(options.targetUrl);
  try {
    const source = await openPgliteDirectory(sourceDir);
    try {
      const report = await copyDatabase(source, target, operationsMigrationSets);
      return { ...report, sourceDir, secretsKey: await findSecretsKey(options.settings) };
    } finally {
      await source.close();
    }
  } finally {
    await target.close();
  }
}
