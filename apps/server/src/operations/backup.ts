/**
 * @module
 * `npm run backup [-- --out FILE]`: one archive (archive.ts) of every table of the server's
 * schemas, read in one consistent read-only snapshot, and of the local media files. PostgreSQL
 * can be backed up while servers run; the embedded database only while no server has it open
 * (PGlite is one process's database), which is refused with "stop the server first".
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, existsSync } from "node:fs";
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describeSource, inSnapshot, readRows, TransferRefused } from "@heritage/db/transfer";
import { create } from "tar";
import { isMediaKey } from "../media/media-storage";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST_FILE,
  type Manifest,
  mediaFile,
  sha256OfFile,
  tableFile,
} from "./archive";
import {
  type DatabaseSettings,
  findSecretsKey,
  openConfiguredDatabase,
  operationsMigrationSets,
} from "./shared";

export interface BackupOptions {
  settings: DatabaseSettings & {
    SECRETS_KEY?: string | undefined;
    S3_BUCKET?: string | undefined;
  };
  /** Where the archive goes; refused if it exists. */
  out: string;
  now?: Date;
}

export interface BackupReport {
  file: string;
  bytes: number;
  engine: "pglite" | "postgres";
  tables: { name: string; rows: number }[];
  media: Manifest["media"];
  secretsKeyId: string | null;
}

export function defaultBackupFile(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");
  return resolve("backups", `heritage-${stamp}.tar.gz`);
}

/** The media keys stored on disk under `root` (files being written, `*.tmp`, are not keys). */
async function listMediaKeys(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const keys: string[] = [];
  for (const folder of await readdir(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of await readdir(join(root, folder.name), { withFileTypes: true })) {
      const key = `${folder.name}/${file.name}`;
      if (file.isFile() && isMediaKey(key)) keys.push(key);
    }
  }
  return keys.sort();
}

export async function backup(options: BackupOptions): Promise<BackupReport> {
  const out = resolve(options.out);
  if (existsSync(out)) throw new TransferRefused(`${out} exists: choose another --out`);
  const now = options.now ?? new Date();
  const database = await openConfiguredDatabase(options.settings);
  const staging = await mkdtemp(join(tmpdir(), "heritage-backup-"));
  const partial = `${out}.partial`;
  try {
    await mkdir(join(staging, "tables"));
    const files: Manifest["files"] = {};
    const description = await inSnapshot(database.db, async (snapshot) => {
      const described = await describeSource(snapshot, database.engine, operationsMigrationSets);
      for (const table of described.tableInfos) {
        const name = tableFile(table.qualifiedName);
        const stream = createWriteStream(join(staging, name));
        const hash = createHash("sha256");
        let bytes = 0;
        for await (const batch of readRows(snapshot, table)) {
          const text = `${batch.join("\n")}\n`;
          hash.update(text);
          bytes += Buffer.byteLength(text);
          if (!stream.write(text)) await once(stream, "drain");
        }
        stream.end();
        await once(stream, "finish");
        files[name] = { sha256: hash.digest("hex"), bytes };
      }
      return described;
    });

    let media: Manifest["media"];
    if (options.settings.S3_BUCKET) {
      media = {
        storage: "s3",
        bucket: options.settings.S3_BUCKET,
        note: "media live in the S3 bucket and are not in this archive: back the bucket up with its own tools",
      };
    } else {
      const mediaRoot = resolve(options.settings.DATA_DIR, "media");
      const keys = await listMediaKeys(mediaRoot);
      for (const key of keys) files[mediaFile(key)] = await sha256OfFile(join(mediaRoot, key));
      // The archive takes the files from where they are, through a link (tar follows it).
      if (keys.length > 0) await symlink(mediaRoot, join(staging, "media"), "dir");
      media = { storage: "local", files: keys.length };
    }

    const secretsKey = await findSecretsKey(options.settings);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: now.toISOString(),
      source: { engine: database.engine },
      migrations: description.migrations,
      tables: description.tables.map((table) => ({
        name: table.qualifiedName,
        file: tableFile(table.qualifiedName),
        columns: table.columns,
        rows: table.rowCount,
      })),
      sequences: description.sequences.map((sequence) => ({
        name: sequence.qualifiedName,
        lastValue: sequence.state.lastValue,
        isCalled: sequence.state.isCalled,
      })),
      media,
      secretsKeyId: secretsKey?.keyId ?? null,
      files,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // The archive holds password hashes, e-mail addresses and messages: readable by its owner
    // only, whatever the umask, in a folder of the owner's own when this makes it (issue 28).
    await mkdir(dirname(out), { recursive: true, mode: 0o700 });
    await writeFile(partial, "", { mode: 0o600 });
    // A partial file left by a killed run keeps its old mode when written again.
    await chmod(partial, 0o600);
    await create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [
      MANIFEST_FILE,
      ...Object.keys(files),
    ]);
    // Written under another name, then renamed: a FILE that exists is a whole archive.
    await rename(partial, out);
    return {
      file: out,
      bytes: (await stat(out)).size,
      engine: database.engine,
      tables: manifest.tables.map((table) => ({ name: table.name, rows: table.rows })),
      media,
      secretsKeyId: manifest.secretsKeyId,
    };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
    await database.close();
  }
}
