/**
 * The key of secrets at rest: SECRETS_KEY, else DATA_DIR/secrets.key made once (mode 0600) and
 * reused; and a server process whose key opens nothing stored refuses to start with one line.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "./config";
import { resolveSecretsKey, SECRETS_KEY_FILE } from "./secrets-key";

const logger = pino({ level: "silent" });
const dataDirs: string[] = [];

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-secrets-key-"));
  dataDirs.push(dataDir);
  return dataDir;
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("resolveSecretsKey", () => {
  it("takes SECRETS_KEY when it is set, and writes no file", async () => {
    const dataDir = newDataDir();
    const key = "a-key-given-in-the-environment-0123456789";
    expect(await resolveSecretsKey({ SECRETS_KEY: key, DATA_DIR: dataDir }, logger)).toBe(key);
    await expect(stat(join(dataDir, SECRETS_KEY_FILE))).rejects.toThrow(/ENOENT/);
  });

  it("generates a key into DATA_DIR/secrets.key (mode 0600) once, and reads it on every later start", async () => {
    const dataDir = join(newDataDir(), "not-yet-made");
    const first = await resolveSecretsKey({ DATA_DIR: dataDir }, logger);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const path = join(dataDir, SECRETS_KEY_FILE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await readFile(path, "utf8")).trim()).toBe(first);
    expect(await resolveSecretsKey({ DATA_DIR: dataDir }, logger)).toBe(first);
  });

  it("gives processes starting at the same moment one and the same key", async () => {
    const dataDir = newDataDir();
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => resolveSecretsKey({ DATA_DIR: dataDir }, logger)),
    );
    expect(new Set(keys).size).toBe(1);
    expect((await readFile(join(dataDir, SECRETS_KEY_FILE), "utf8")).trim()).toBe(keys[0]);
  });

  it("refuses a key file that holds no usable key, naming the variable", async () => {
    const dataDir = newDataDir();
    await writeFile(join(dataDir, SECRETS_KEY_FILE), "short\n", { mode: 0o600 });
    const failure = resolveSecretsKey({ DATA_DIR: dataDir }, logger);
    await expect(failure).rejects.toThrow(ConfigError);
    await expect(failure).rejects.toThrow(/^Invalid configuration: SECRETS_KEY: .*secrets\.key/);
  });
});

const fixture = fileURLToPath(new URL("../testing/slow-server-fixture.ts", import.meta.url));

/** Runs the real start-up path to its first output; resolves with the exit code and stderr. */
function runFixture(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    // The embedded database of DATA_DIR, whichever engine the run tests: this database is ours.
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let stopping = false;
  child.stdout?.on("data", (chunk) => {
    stdout += String(chunk);
    // Started: it is stopped at once, the test only needed the start. Once: output after the
    // start (the go-live warning) must not send a second signal, which ends a graceful stop.
    if (!stopping && stdout.includes("fixture-ready")) {
      stopping = true;
      child.kill("SIGTERM");
    }
  });
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("a server process", () => {
  it("refuses to start, with one line, when the stored secrets were encrypted with another key", {
    timeout: 300_000,
  }, async () => {
    const dataDir = newDataDir();
    // First start: no SECRETS_KEY, so a key is generated into DATA_DIR and used.
    const first = await runFixture({ DATA_DIR: dataDir, SECRETS_KEY: "" });
    expect(first.stdout).toContain("fixture-ready");
    expect(first.code).toBe(0);
    expect((await readFile(join(dataDir, SECRETS_KEY_FILE), "utf8")).trim()).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );

    const second = await runFixture({
      DATA_DIR: dataDir,
      SECRETS_KEY: "a-key-that-is-not-the-one-in-data-dir-42",
    });
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain("fixture-ready");
    const lines = second.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Stored secrets in auth\.signing_keys were encrypted with a key this process does not have \(key id [\w-]{8}; its SECRETS_KEY has key id [\w-]{8}\)\. Set SECRETS_KEY/,
    );
  });
});
