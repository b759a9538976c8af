/**
 * @module
 * The operator commands behind `npm run db:move`, `npm run backup` and `npm run restore`
 * (scripts/operations.mjs). Each reads the same configuration as the server; a refusal or a
 * failure is one line on stderr and exit code 1, with nothing changed.
 */
import { parseArgs } from "node:util";
import { TransferRefused } from "@heritage/db/transfer";
import { type Config, ConfigError, loadConfig } from "../config/config";
import { backup, defaultBackupFile } from "./backup";
import { moveToPostgres } from "./move";
import { restore } from "./restore";
import { describeDatabaseUrl, redactDatabaseUrl, type SecretsKeyInfo } from "./shared";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const usage = {
  "db:move": "usage: npm run db:move -- postgres://user:password@host:5432/database",
  backup: "usage: npm run backup [-- --out FILE]",
  restore: "usage: npm run restore -- FILE [--database-url postgres://...]",
} as const;

export type OperationName = keyof typeof usage;

class UsageError extends Error {}

const rowsText = (count: number) => `${count} row${count === 1 ? "" : "s"}`;

function secretsKeyAdvice(key: SecretsKeyInfo | null, keyIdNeeded?: string | null): string {
  if (keyIdNeeded && key && key.keyId !== keyIdNeeded) {
    return `SECRETS_KEY: the stored secrets were encrypted with key id ${keyIdNeeded}, but this configuration's key has id ${key.keyId}: set SECRETS_KEY to the original key (the server refuses to start otherwise).`;
  }
  if (keyIdNeeded && !key) {
    return `SECRETS_KEY: the stored secrets were encrypted with key id ${keyIdNeeded}: set SECRETS_KEY to that key, or put its file at DATA_DIR/secrets.key, before starting (it is not in the archive).`;
  }
  if (!key) return "SECRETS_KEY: none found (no stored secrets were encrypted yet).";
  if (key.source === "SECRETS_KEY") {
    return `SECRETS_KEY: keep it set to the same key (id ${key.keyId}) on every server: stored secrets are encrypted with it.`;
  }
  return `SECRETS_KEY: stored secrets are encrypted with the key in ${key.path} (id ${key.keyId}): keep that file in DATA_DIR, or set SECRETS_KEY to its contents on every server that uses the database.`;
}

async function runMove(args: string[], config: Config, io: CliIo): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [targetUrl, ...extra] = positionals;
  if (!targetUrl || extra.length > 0) throw new UsageError(usage["db:move"]);
  const report = await moveToPostgres({ settings: config, targetUrl });
  const rows = report.tables.reduce((sum, table) => sum + table.rowCount, 0);
  io.out(`Copied ${report.sourceDir} into PostgreSQL at ${describeDatabaseUrl(targetUrl)}:`);
  const filled = report.tables.filter((table) => table.rowCount > 0);
  for (const table of filled) io.out(`  ${table.qualifiedName}: ${rowsText(table.rowCount)}`);
  io.out(`  (${report.tables.length - filled.length} more tables, empty)`);
  io.out(
    `${report.tables.length} tables, ${rows} rows (each table's count checked), ${report.sequences} sequences, ${report.migrations} migrations.`,
  );
  io.out(
    config.S3_BUCKET
      ? `Media: on S3 (bucket ${config.S3_BUCKET}), as before; the media records moved with the rows.`
      : `Media: the files stay in ${config.DATA_DIR}/media; the media records moved with the rows. Servers on other machines need those files too (or S3).`,
  );
  io.out(secretsKeyAdvice(report.secretsKey));
  io.out("The embedded database was only read; it is left as it was.");
  io.out(`Next: DATABASE_URL='${redactDatabaseUrl(targetUrl)}' npm start`);
}

async function runBackup(args: string[], config: Config, io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string" } },
  });
  if (positionals.length > 0) throw new UsageError(usage.backup);
  const out = values.out ?? defaultBackupFile(new Date());
  const report = await backup({ settings: config, out });
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  io.out(`Backup written: ${report.file} (${report.bytes} bytes)`);
  io.out(
    `${report.engine === "pglite" ? "Embedded database" : "PostgreSQL"}: ${report.tables.length} tables, ${rows} rows.`,
  );
  io.out(
    report.media.storage === "local"
      ? `Media: ${report.media.files} files from ${config.DATA_DIR}/media.`
      : `Media: on S3 (bucket ${report.media.bucket}), not in the archive.`,
  );
  io.out(
    `The archive does not hold SECRETS_KEY${report.secretsKeyId ? ` (key id ${report.secretsKeyId})` : ""}: keep the key apart from the archive, backed up too.`,
  );
}

async function runRestore(args: string[], config: Config, io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { "database-url": { type: "string" } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError(usage.restore);
  const databaseUrl = values["database-url"];
  const report = await restore({ settings: config, file, databaseUrl });
  const rows = report.tables.reduce((sum, table) => sum + table.rowCount, 0);
  const target =
    (databaseUrl ?? config.DATABASE_URL)
      ? `PostgreSQL at ${describeDatabaseUrl(databaseUrl ?? config.DATABASE_URL ?? "")}`
      : `the embedded database in ${config.DATA_DIR}/db`;
  io.out(`Restored ${file} (made ${report.manifest.createdAt}) into ${target}:`);
  io.out(
    `${report.tables.length} tables, ${rows} rows (each table's count checked), ${report.sequences} sequences; ${report.mediaFiles} media files.`,
  );
  if (report.manifest.media.storage === "s3") {
    io.out(`Media: the archive's media live on S3 (bucket ${report.manifest.media.bucket}).`);
  }
  io.out(secretsKeyAdvice(report.secretsKey, report.manifest.secretsKeyId));
  io.out(
    databaseUrl
      ? `Next: DATABASE_URL='${redactDatabaseUrl(databaseUrl)}' npm start (migrations newer than the archive are applied then)`
      : "Next: npm start (migrations newer than the archive are applied then)",
  );
}

/** Runs one command; answers the process's exit code. */
export async function runOperation(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const prefix = `${name}:`;
  try {
    if (!(name in usage))
      throw new UsageError(`unknown command (${Object.keys(usage).join(", ")})`);
    const config = loadConfig(env);
    if (name === "db:move") await runMove(args, config, io);
    else if (name === "backup") await runBackup(args, config, io);
    else await runRestore(args, config, io);
    return 0;
  } catch (error) {
    const known =
      error instanceof TransferRefused ||
      error instanceof ConfigError ||
      error instanceof UsageError ||
      String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
    const message = ((error as Error).message || String(error)).split("\n")[0];
    io.err(known ? `${prefix} ${message}` : `${prefix} failed, nothing was changed: ${message}`);
    return 1;
  }
}

/** Entry of scripts/operations.mjs: `node scripts/operations.mjs <command> [args]`. */
export async function main(argv = process.argv.slice(2)): Promise<never> {
  const [name = "", ...args] = argv;
  const code = await runOperation(name, args, process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(code);
}
