/**
 * `npm run backup` and `npm run restore` on the test run's engine (testEngine()): a site
 * populated through the real server is backed up, restored into an empty target, and the same
 * rows and media bytes come back, with the admin signing in with the old password. Every refusal
 * (damaged archive, wrong checksum, non-empty target, a database a server holds open) is one line
 * and changes nothing.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { connect, type DatabaseConnection } from "@heritage/db";
import { createTestDatabaseUrl, createTestPgliteDirectory, testEngine } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { create, extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  faqQuestion,
  type PopulatedSite,
  populateSite,
  refresh,
  runCommand,
  signIn,
  startSite,
  tableDigests,
  testPostgresServerUrl,
} from "../testing/populated-site";
import { type Manifest, manifestSchema } from "./archive";

const engine = testEngine();
const serverUrl = process.env.DATABASE_URL ?? "";
let workDir: string;
let sourceEnv: Record<string, string | undefined>;
let site: PopulatedSite;
let sourceDigests: Record<string, string>;
let archive: string;
let secretsKey: string;
const drops: (() => Promise<void>)[] = [];

/** An empty target: a DATA_DIR (and, on PostgreSQL, an empty database given as --database-url). */
async function emptyTarget(name: string) {
  const dataDir = join(workDir, name);
  await mkdir(dataDir);
  if (engine === "pglite") return { env: { DATA_DIR: dataDir }, args: [], dataDir };
  const database = await createTestDatabaseUrl({ serverUrl, migrated: false });
  drops.push(database.drop);
  return {
    env: { DATA_DIR: dataDir },
    args: ["--database-url", database.url],
    dataDir,
    databaseUrl: database.url,
  };
}

type Target = Awaited<ReturnType<typeof emptyTarget>>;

async function openTarget(target: Target): Promise<DatabaseConnection> {
  return target.databaseUrl
    ? connect({ databaseUrl: target.databaseUrl, poolSize: 1 })
    : connect({ dataDir: join(target.dataDir, "db") });
}

async function digestsOf(target: Target) {
  const database = await openTarget(target);
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

/** Nothing written: no embedded database, no media, and on PostgreSQL not even a schema. */
async function expectUntouched(target: Target) {
  expect(await readdir(target.dataDir)).toEqual([]);
  if (target.databaseUrl) {
    const database = await openTarget(target);
    try {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_namespace
            where nspname in ('content', 'auth') or to_regclass('public.schema_migrations') is not null`,
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "heritage-backup-test-"));
  const sourceDir = join(workDir, "source");
  await mkdir(sourceDir);
  if (engine === "pglite") {
    await createTestPgliteDirectory(join(sourceDir, "db"));
    sourceEnv = { DATA_DIR: sourceDir };
  } else {
    const database = await createTestDatabaseUrl({ serverUrl, migrated: true });
    drops.push(database.drop);
    sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: database.url };
  }
  site = await populateSite(sourceEnv);
  secretsKey = (await readFile(join(sourceDir, "secrets.key"), "utf8")).trim();
  const source = sourceEnv.DATABASE_URL
    ? await connect({ databaseUrl: sourceEnv.DATABASE_URL, poolSize: 1 })
    : await connect({ dataDir: join(sourceDir, "db") });
  try {
    sourceDigests = await tableDigests(source.db);
  } finally {
    await source.close();
  }
  archive = join(workDir, "backups", "site.tar.gz");
}, 120_000);

afterAll(async () => {
  for (const drop of drops) await drop();
  await rm(workDir, { recursive: true, force: true });
});

async function readManifest(file: string): Promise<Manifest> {
  const unpacked = await mkdtemp(join(workDir, "unpacked-"));
  await extract({ file, cwd: unpacked });
  return manifestSchema.parse(JSON.parse(await readFile(join(unpacked, "manifest.json"), "utf8")));
}

describe(`backup and restore (${engine})`, () => {
  it("writes one archive: a manifest with versions, row counts and checksums, the rows and the media files", async () => {
    // Under the usual umask (022), which made archives world-readable before (issue 28).
    const umask = process.umask(0o022);
    const backedUp = await runCommand("backup", ["--out", archive], sourceEnv).finally(() =>
      process.umask(umask),
    );
    expect(backedUp.err).toEqual([]);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(archive))).mode & 0o777).toBe(0o700);
    expect(backedUp.code).toBe(0);
    expect(backedUp.out[0]).toMatch(/^Backup written: .*site\.tar\.gz \(\d+ bytes\)$/);

    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({
      format: "heritage-backup",
      formatVersion: 1,
      source: { engine },
      media: { storage: "local", files: 1 + site.mediaVariantUrls.length },
    });
    expect(manifest.migrations.length).toBeGreaterThan(20);
    const counts = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    expect(counts).toEqual(
      Object.fromEntries(
        Object.entries(sourceDigests).map(([name, digest]) => [name, Number(digest.split(" ")[0])]),
      ),
    );
    expect(Object.keys(manifest.files)).toContain(`media${site.mediaUrl.slice("/media".length)}`);
    expect(manifest.secretsKeyId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(JSON.stringify(manifest)).not.toContain(secretsKey);

    const again = await runCommand("backup", ["--out", archive], sourceEnv);
    expect(again.code).toBe(1);
    expect(again.err).toEqual([`backup: ${archive} exists: choose another --out`]);
  });

  let restored: Target;

  it("restores into an empty target: the same rows and media bytes, and the admin signs in with the old password", {
    timeout: 120_000,
  }, async () => {
    restored = await emptyTarget("restored");
    const result = await runCommand("restore", [archive, ...restored.args], restored.env);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.join("\n")).toMatch(
      /SECRETS_KEY: the stored secrets were encrypted with key id/,
    );
    // What the admin saved left revisions and audit entries (issue 29): they come back too.
    expect(sourceDigests["content.revisions"]).toMatch(/^[1-9]\d* rows /);
    expect(sourceDigests["content.audit_log"]).toMatch(/^[1-9]\d* rows /);
    expect(await digestsOf(restored)).toEqual(sourceDigests);

    const server = await startSite({
      ...restored.env,
      DATABASE_URL: restored.databaseUrl,
      SECRETS_KEY: secretsKey,
    });
    try {
      expect((await signIn(server)).status).toBe(200);
      expect((await refresh(server, site.refreshToken)).status).toBe(200);
      const media = await fetch(`${server.url}${site.mediaUrl}`);
      expect(Buffer.from(await media.arrayBuffer()).equals(site.mediaBytes)).toBe(true);
      const faqs = await fetch(`${server.url}/functions/api-faqs`);
      expect(JSON.stringify(await faqs.json())).toContain(faqQuestion);
    } finally {
      await server.stop();
    }
  });

  it.skipIf(engine !== "pglite")(
    "restores an embedded database's archive into PostgreSQL as well",
    async () => {
      const database = await createTestDatabaseUrl({
        serverUrl: testPostgresServerUrl(),
        migrated: false,
      });
      drops.push(database.drop);
      const target = { env: { DATA_DIR: join(workDir, "to-postgres") }, databaseUrl: database.url };
      await mkdir(target.env.DATA_DIR);
      const result = await runCommand(
        "restore",
        [archive, "--database-url", database.url],
        target.env,
      );
      expect(result.err).toEqual([]);
      const restoredDatabase = await connect({ databaseUrl: database.url, poolSize: 1 });
      try {
        expect(await tableDigests(restoredDatabase.db)).toEqual(sourceDigests);
      } finally {
        await restoredDatabase.close();
      }
    },
  );

  it("refuses a target that is not empty with one line, and changes nothing", async () => {
    const before = await digestsOf(restored);
    const mediaBefore = await readdir(join(restored.dataDir, "media"), { recursive: true });
    const again = await runCommand("restore", [archive, ...restored.args], restored.env);
    expect(again.code).toBe(1);
    expect(again.err).toEqual([
      expect.stringMatching(
        /^restore: the target is not empty \(\w+\.\w+ has \d+ rows?\): use an empty database$/,
      ),
    ]);
    expect(await digestsOf(restored)).toEqual(before);
    expect(await readdir(join(restored.dataDir, "media"), { recursive: true })).toEqual(
      mediaBefore,
    );
  });

  it("refuses a damaged archive and a wrong checksum with one line, before touching the target", async () => {
    const target = await emptyTarget("refusals");
    const bytes = await readFile(archive);
    const truncated = join(workDir, "truncated.tar.gz");
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const notAnArchive = join(workDir, "not-an-archive.tar.gz");
    await writeFile(notAnArchive, "hello");

    // One table file changed after the backup, its manifest entry not.
    const unpacked = await mkdtemp(join(workDir, "tampered-"));
    await extract({ file: archive, cwd: unpacked });
    const faqs = join(unpacked, "tables", "content.faqs.jsonl");
    await writeFile(faqs, (await readFile(faqs, "utf8")).replace(faqQuestion, "Tampered?"));
    const tampered = join(workDir, "tampered.tar.gz");
    await create({ gzip: true, file: tampered, cwd: unpacked }, await readdir(unpacked));

    const cases: [string, RegExp][] = [
      [truncated, /^restore: the archive is damaged or not a backup: /],
      [notAnArchive, /^restore: the archive is damaged or not a backup: /],
      [
        tampered,
        /^restore: the archive is damaged or not a backup: tables\/content\.faqs\.jsonl does not match its checksum$/,
      ],
      [join(workDir, "missing.tar.gz"), /^restore: cannot read .*missing\.tar\.gz: /],
    ];
    for (const [file, message] of cases) {
      const refused = await runCommand("restore", [file, ...target.args], target.env);
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([expect.stringMatching(message)]);
      await expectUntouched(target);
    }
  });

  it.skipIf(engine !== "pglite")(
    "refuses to back up an embedded database a server holds open (stop the server first)",
    async () => {
      const open = await connect({ dataDir: join(sourceEnv.DATA_DIR ?? "", "db") });
      try {
        const out = join(workDir, "while-open.tar.gz");
        const refused = await runCommand("backup", ["--out", out], sourceEnv);
        expect(refused.code).toBe(1);
        expect(refused.err).toEqual([expect.stringMatching(/stop the server first/)]);
        expect(existsSync(out)).toBe(false);
      } finally {
        await open.close();
      }
    },
  );
});
