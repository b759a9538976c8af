/**
 * @module
 * The backup archive (decision 016): one gzip-compressed tar holding `manifest.json`, one JSON
 * Lines file per table (`tables/{schema}.{table}.jsonl`, each line a row as @heritage/db/transfer
 * writes it) and, with local media storage, the media files (`media/{key}`). The manifest lists
 * every other file with its size and SHA-256; reading an archive checks them all before anything
 * is used, and refuses any entry it does not list.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { TransferRefused } from "@heritage/db/transfer";
import { extract, list } from "tar";
import { z } from "zod";
import { isMediaKey } from "../media/media-storage";

export const ARCHIVE_FORMAT = "heritage-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";

const fileEntry = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int() });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  createdAt: z.string(),
  source: z.object({ engine: z.enum(["pglite", "postgres"]) }),
  migrations: z.array(z.object({ module: z.string(), name: z.string(), checksum: z.string() })),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/),
      file: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  media: z.discriminatedUnion("storage", [
    z.object({ storage: z.literal("local"), files: z.number().int().min(0) }),
    z.object({ storage: z.literal("s3"), bucket: z.string(), note: z.string() }),
  ]),
  /** Id of the key stored secrets are encrypted with (the key itself is never in the archive). */
  secretsKeyId: z.string().nullable(),
  files: z.record(z.string(), fileEntry),
});

export type Manifest = z.infer<typeof manifestSchema>;

export function tableFile(qualifiedName: string): string {
  return `tables/${qualifiedName}.jsonl`;
}

export function mediaFile(key: string): string {
  return `media/${key}`;
}

export async function sha256OfFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Every file under `root`, as paths relative to it with `/` separators. */
async function listFiles(root: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else files.push(relative);
  }
  return files;
}

export interface OpenedArchive {
  manifest: Manifest;
  /** Where the archive was unpacked (removed by `close`). */
  directory: string;
  /** Media keys the archive holds. */
  mediaKeys: string[];
  /** The rows of a table, in batches of lines. */
  rows(qualifiedName: string): AsyncIterable<string[]>;
  close(): Promise<void>;
}

const damaged = (why: string) =>
  new TransferRefused(`the archive is damaged or not a backup: ${why}`);

/**
 * Unpacks `file` into a temporary folder and verifies it whole: a readable manifest of this
 * format, every listed file present with its size and SHA-256, nothing unlisted, only plain files.
 * Any fault is a TransferRefused naming it; nothing outside the temporary folder is touched.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  try {
    if (!(await stat(file)).isFile()) throw new TransferRefused(`${file} is not a file`);
  } catch (error) {
    if (error instanceof TransferRefused) throw error;
    throw new TransferRefused(`cannot read ${file}: ${(error as Error).message}`);
  }
  const directory = await mkdtemp(join(tmpdir(), "heritage-restore-"));
  const close = () => rm(directory, { recursive: true, force: true, maxRetries: 3 });
  try {
    // Read through once without writing anything: a damaged file (truncated, not gzip, not tar)
    // fails here, and entries other than plain files and folders (links could point anywhere)
    // are refused. Extracting a damaged file instead would leave writes in flight at its error.
    const unexpected: string[] = [];
    try {
      await list({
        file,
        strict: true,
        onReadEntry: (entry) => {
          if (entry.type !== "File" && entry.type !== "Directory") {
            unexpected.push(`${entry.path} (${entry.type})`);
          }
        },
      });
      if (unexpected.length === 0) await extract({ file, cwd: directory, strict: true });
    } catch (error) {
      throw damaged((error as Error).message);
    }
    if (unexpected.length > 0) throw damaged(`unexpected entries ${unexpected.join(", ")}`);

    let manifest: Manifest;
    try {
      const text = await readFile(join(directory, MANIFEST_FILE), "utf8");
      const parsed = manifestSchema.safeParse(JSON.parse(text));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw damaged(`manifest.json: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
      }
      manifest = parsed.data;
    } catch (error) {
      if (error instanceof TransferRefused) throw error;
      throw damaged(`manifest.json cannot be read (${(error as Error).message})`);
    }

    const present = new Set((await listFiles(directory)).filter((name) => name !== MANIFEST_FILE));
    for (const [name, expected] of Object.entries(manifest.files)) {
      if (!present.has(name)) throw damaged(`${name} is missing`);
      const actual = await sha256OfFile(join(directory, name));
      if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
        throw damaged(`${name} does not match its checksum`);
      }
      present.delete(name);
    }
    if (present.size > 0) throw damaged(`files not in the manifest: ${[...present].join(", ")}`);
    for (const table of manifest.tables) {
      if (table.file !== tableFile(table.name) || !manifest.files[table.file]) {
        throw damaged(`table ${table.name} has no file of its own`);
      }
    }
    const mediaKeys: string[] = [];
    for (const name of Object.keys(manifest.files)) {
      if (name.startsWith("tables/")) continue;
      const key = name.slice("media/".length);
      if (!name.startsWith("media/") || !isMediaKey(key)) throw damaged(`unexpected file ${name}`);
      mediaKeys.push(key);
    }

    const tableByName = new Map(manifest.tables.map((table) => [table.name, table]));
    return {
      manifest,
      directory,
      mediaKeys,
      async *rows(qualifiedName) {
        const table = tableByName.get(qualifiedName);
        if (!table) throw new Error(`the archive has no table ${qualifiedName}`);
        const lines = createInterface({
          input: createReadStream(join(directory, table.file), "utf8"),
          crlfDelay: Number.POSITIVE_INFINITY,
        });
        let batch: string[] = [];
        for await (const line of lines) {
          if (line.length === 0) continue;
          batch.push(line);
          if (batch.length >= 500) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
