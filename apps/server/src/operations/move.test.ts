/**
 * `npm run db:move`: a site populated through the real server on the embedded database moves to
 * a new PostgreSQL database, and a server on that database serves the same admins (their old
 * passwords, their sessions' refresh tokens), content and uploads. Refusals change nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "@heritage/db";
import { createTestDatabaseUrl, createTestPgliteDirectory, testEngine } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  faqQuestion,
  type PopulatedSite,
  populateSite,
  refresh,
  runCommand,
  signIn,
  siteAdmin,
  startSite,
  tableDigests,
  testPostgresServerUrl,
} from "../testing/populated-site";

let dataDir: string;
let site: PopulatedSite;
let sourceDigests: Record<string, string>;
const dropTargets: (() => Promise<void>)[] = [];

async function digestsOfDirectory(directory: string) {
  const database = await connect({ dataDir: join(directory, "db") });
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

async function digestsOfUrl(databaseUrl: string) {
  const database = await connect({ databaseUrl, poolSize: 1 });
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

async function emptyTarget(): Promise<string> {
  const target = await createTestDatabaseUrl({
    serverUrl: testPostgresServerUrl(),
    migrated: false,
  });
  dropTargets.push(target.drop);
  return target.url;
}

// From the embedded database to PostgreSQL whatever the run's engine: the run on PGlite covers it,
// and a run on PostgreSQL (CI's second pass, which picks this file as it names DATABASE_URL) skips
// it rather than repeat the same test.
describe.skipIf(testEngine() === "postgres")("npm run db:move", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "heritage-move-"));
    await createTestPgliteDirectory(join(dataDir, "db"));
    site = await populateSite({ DATA_DIR: dataDir });
    sourceDigests = await digestsOfDirectory(dataDir);
  }, 120_000);

  afterAll(async () => {
    for (const drop of dropTargets) await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let targetUrl: string;

  it("copies every table into PostgreSQL, where the admins sign in with their old passwords, sessions refresh and uploads are served", {
    timeout: 120_000,
  }, async () => {
    targetUrl = await emptyTarget();
    const moved = await runCommand("db:move", [targetUrl], { DATA_DIR: dataDir });
    expect(moved.err).toEqual([]);
    expect(moved.code).toBe(0);
    expect(moved.out.at(-1)).toBe(`Next: DATABASE_URL='${targetUrl}' npm start`);
    expect(moved.out.join("\n")).toMatch(
      /SECRETS_KEY: stored secrets are encrypted with the key in .*secrets\.key/,
    );
    expect(moved.out.join("\n")).toContain(`Media: the files stay in ${dataDir}/media`);

    // Every row of every table, as text; and the embedded database left as it was.
    expect(sourceDigests["auth.users"]).toMatch(/^1 rows /);
    expect(sourceDigests["content.media"]).toMatch(/^1 rows /);
    // What the admin saved left revisions and audit entries (issue 29): they move too.
    expect(sourceDigests["content.revisions"]).toMatch(/^[1-9]\d* rows /);
    expect(sourceDigests["content.audit_log"]).toMatch(/^[1-9]\d* rows /);
    expect(await digestsOfUrl(targetUrl)).toEqual(sourceDigests);
    expect(await digestsOfDirectory(dataDir)).toEqual(sourceDigests);

    const server = await startSite({ DATA_DIR: dataDir, DATABASE_URL: targetUrl });
    try {
      expect(server.database.engine).toBe("postgres");
      expect((await signIn(server)).status).toBe(200);
      expect((await signIn(server, { ...siteAdmin, password: "not the password" })).status).toBe(
        400,
      );
      const refreshed = await refresh(server, site.refreshToken);
      expect(refreshed.status).toBe(200);
      expect(await refreshed.json()).toMatchObject({ access_token: expect.any(String) });
      const media = await fetch(`${server.url}${site.mediaUrl}`);
      expect(Buffer.from(await media.arrayBuffer()).equals(site.mediaBytes)).toBe(true);
      for (const variant of site.mediaVariantUrls) {
        expect((await fetch(`${server.url}${variant}`)).status).toBe(200);
      }
      const faqs = await fetch(`${server.url}/functions/api-faqs`);
      expect(JSON.stringify(await faqs.json())).toContain(faqQuestion);
    } finally {
      await server.stop();
    }
  });

  it("refuses a target that is not empty with one line, and changes nothing", async () => {
    const before = await digestsOfUrl(targetUrl);
    const again = await runCommand("db:move", [targetUrl], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.err).toHaveLength(1);
    expect(again.err[0]).toMatch(
      /^db:move: the target is not empty \(\w+\.\w+ has \d+ rows?\): use an empty database$/,
    );
    expect(again.out).toEqual([]);
    expect(await digestsOfUrl(targetUrl)).toEqual(before);
  });

  it("refuses an unreachable target and a bad URL with one line each, never printing a password", async () => {
    const unreachable = await runCommand(
      "db:move",
      ["postgres://postgres:secret-password@127.0.0.1:1/heritage"],
      { DATA_DIR: dataDir },
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toHaveLength(1);
    expect(unreachable.err[0]).toMatch(
      /^db:move: cannot reach PostgreSQL at 127\.0\.0\.1:1\/heritage: /,
    );
    expect(unreachable.err[0]).not.toContain("secret-password");

    for (const bad of ["mysql://root@127.0.0.1/heritage", "not a url"]) {
      const refused = await runCommand("db:move", [bad], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([
        expect.stringMatching(/^db:move: expected a postgres:\/\/ or postgresql:\/\/ URL/),
      ]);
    }
    const missing = await runCommand("db:move", [], { DATA_DIR: dataDir });
    expect(missing.err).toEqual([
      "db:move: usage: npm run db:move -- postgres://user:password@host:5432/database",
    ]);
    expect(await digestsOfDirectory(dataDir)).toEqual(sourceDigests);
  });

  it("refuses while a server has the embedded database open (stop the server first), leaving the target empty", async () => {
    const target = await emptyTarget();
    const open = await connect({ dataDir: join(dataDir, "db") });
    try {
      const refused = await runCommand("db:move", [target], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([
        expect.stringMatching(/is in use \(postmaster\.pid\): stop the server first/),
      ]);
    } finally {
      await open.close();
    }
    expect(await digestsOfUrl(target)).toEqual({});
    const nothing = await runCommand("db:move", [target], { DATA_DIR: join(dataDir, "nowhere") });
    expect(nothing.err).toEqual([
      expect.stringMatching(/^db:move: no embedded database in .*nowhere\/db$/),
    ]);
  });

  it("as the npm script: one line on stderr and exit code 1", () => {
    const root = fileURLToPath(new URL("../../../..", import.meta.url));
    const result = spawnSync(process.execPath, ["scripts/operations.mjs", "db:move", "not a url"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "db:move: expected a postgres:// or postgresql:// URL (it could not be read)\n",
    );
  });
});
