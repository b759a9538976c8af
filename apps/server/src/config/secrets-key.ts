/**
 * @module
 * Where the key of secrets at rest comes from (the auth platform's services/secrets/secret-box.ts):
 * `SECRETS_KEY`, or else `DATA_DIR/secrets.key`, generated on the first start (32 random bytes,
 * base64url, mode 0600) and read on every later one. Processes sharing one database must share
 * the key: on one machine they share the file through DATA_DIR; on several machines SECRETS_KEY
 * must be set. A process whose key opens nothing stored refuses to start (the platform's start-up
 * check), so a forgotten key shows at once instead of as unreadable data later.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { secretsKeyMinLength } from "@heritage/auth-server";
import type { Logger } from "pino";
import { ConfigError } from "./config";

export const SECRETS_KEY_FILE = "secrets.key";

export interface SecretsKeySource {
  SECRETS_KEY?: string | undefined;
  DATA_DIR: string;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

async function readKeyFile(path: string, logger: Logger): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
  const key = text.trim();
  if (key.length < secretsKeyMinLength) {
    throw new ConfigError(
      `Invalid configuration: SECRETS_KEY: ${path} does not hold a key of at least ${secretsKeyMinLength} characters`,
    );
  }
  if (((await stat(path)).mode & 0o077) !== 0) {
    logger.warn({ path }, "the secrets key file can be read by other users: chmod 600 it");
  }
  return key;
}

/** Creates the file with `key` unless it exists; false when another process created it first. */
async function createKeyFile(path: string, key: string): Promise<boolean> {
  // Written under a temporary name, then linked into place: a process starting at the same
  // moment sees either no file or the whole key, and of two creators exactly one link succeeds.
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${key}\n`, { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    if (errorCode(error) !== "EPERM" && errorCode(error) !== "ENOTSUP") throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  // A file system without hard links: exclusive creation still lets only one process win.
  try {
    await writeFile(path, `${key}\n`, { mode: 0o600, flag: "wx" });
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
}

/** The key stored secrets are encrypted with: SECRETS_KEY, or the key file (made if missing). */
export async function resolveSecretsKey(source: SecretsKeySource, logger: Logger): Promise<string> {
  if (source.SECRETS_KEY) return source.SECRETS_KEY;
  const path = resolve(source.DATA_DIR, SECRETS_KEY_FILE);
  const existing = await readKeyFile(path, logger);
  if (existing) return existing;
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(32).toString("base64url");
  if (await createKeyFile(path, key)) {
    logger.warn(
      { path },
      "generated the key stored secrets are encrypted with (SECRETS_KEY) into DATA_DIR: back it up with the database; processes on other machines that share this database need SECRETS_KEY set to it",
    );
    return key;
  }
  const created = await readKeyFile(path, logger);
  if (!created) throw new Error(`${path} vanished while it was being created`);
  return created;
}
