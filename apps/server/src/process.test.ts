import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestPgliteDirectory } from "@heritage/db/testing";
import { afterAll, describe, expect, it } from "vitest";

const fixture = fileURLToPath(new URL("./testing/slow-server-fixture.ts", import.meta.url));
const dataDirs: string[] = [];
const fixtureSecretsKey = "this-secrets-key-is-for-the-process-tests-only";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function startFixture(env: Record<string, string>, dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // With DATABASE_URL every run shares one database: one key for all runs, not one per DATA_DIR.
      SECRETS_KEY: fixtureSecretsKey,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForOutput(read: () => string, text: string, child: ChildProcess) {
  // Generous: a cold start (tsx transpiling, PGlite initialising) is slow on a busy 2-core machine.
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (read().includes(text)) return;
    if (child.exitCode !== null) throw new Error(`process exited early: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for "${text}"`);
}

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "heritage-process-"));
  dataDirs.push(dataDir);
  return dataDir;
}

/**
 * A data folder whose embedded database is already made and migrated (the run's template), as a
 * server that ran before leaves it: what these tests watch comes after the start, and the first
 * start's own `initdb` cost each process 4 s of CPU. The first start on an empty folder stays
 * covered by secrets-key.test.ts.
 */
async function newDataDirWithDatabase(): Promise<string> {
  const dataDir = newDataDir();
  if (!process.env.DATABASE_URL) await createTestPgliteDirectory(join(dataDir, "db"));
  return dataDir;
}

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": "internal",
    },
    body: JSON.stringify(body),
  });
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("refuses a bad configuration value with one line naming the variable", {
    timeout: 120_000,
  }, async () => {
    const { exited, output } = startFixture({ PORT: "not-a-port" }, newDataDir());
    expect(await exited).toBe(1);
    const lines = output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid configuration: PORT: expected a port number \(got "not-a-port"\)$/,
    );
  });

  it("on SIGTERM finishes the request in flight, refuses new ones and exits 0", {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const { child, exited, output } = startFixture(
      { PORT: String(port), FIXTURE_DELAY_MS: "1000" },
      await newDataDirWithDatabase(),
    );
    await waitForOutput(() => output().stdout, "fixture-ready", child);

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    expect(await inFlight).toEqual({ status: 200, body: "slow page done" });
    expect(await exited).toBe(0);
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    "keeps what was written when killed with SIGKILL, and serves it after a restart",
    { timeout: 300_000 },
    async () => {
      const dataDir = await newDataDirWithDatabase();
      const credentials = { email: "durable@example.org", password: "survives a hard kill" };
      // The user signs up on `internal`, where sign-up is off by default.
      const signUpOn = { STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true" };

      const port = await freePort();
      const first = startFixture({ PORT: String(port), ...signUpOn }, dataDir);
      await waitForOutput(() => first.output().stdout, "fixture-ready", first.child);
      const signUp = await postJson(
        `http://127.0.0.1:${port}/api/v1/auth/password/sign-up`,
        credentials,
      );
      expect(signUp.status).toBe(200);
      first.child.kill("SIGKILL");
      await first.exited;

      const secondPort = await freePort();
      const second = startFixture({ PORT: String(secondPort), ...signUpOn }, dataDir);
      await waitForOutput(() => second.output().stdout, "fixture-ready", second.child);
      const signIn = await postJson(
        `http://127.0.0.1:${secondPort}/api/v1/auth/password/sign-in`,
        credentials,
      );
      expect(signIn.status).toBe(200);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    },
  );
});
