/**
 * Secrets at rest: the values the server must read back in the clear (the private halves of the
 * signing keys, TOTP secrets, webhook endpoint secrets, the site project's secret server key) are
 * stored encrypted with AES-256-GCM under a key derived by HKDF-SHA256 from `SECRETS_KEY`. Each
 * value is bound to its row and column by a context string used as additional data, so a value
 * copied to another row does not open. Stored form (base64url parts):
 * `enc:v1:<key id>:<nonce>:<ciphertext ‖ tag>`. The key id is derived from the key and reveals
 * nothing about it; it says which key sealed a value, so keys can rotate: the keys of
 * `SECRETS_KEY_PREVIOUS` still open old values, and each start re-seals those under the current
 * key (seal-stored-secrets.ts). A value without the `enc:` prefix was stored before encryption at
 * rest: it is read as it is until the next start seals it.
 * @module
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Shorter keys are refused: the key is used as it is given (HKDF input), not stretched. */
export const secretsKeyMinLength = 32;

const nonceLength = 12;
const tagLength = 16;
const sealedPrefix = "enc:";
const formatPrefix = "enc:v1:";

/** AES-256-GCM with a random 96-bit nonce; `sealed` is the ciphertext followed by the tag. */
export function aesGcmSeal(
  key: Buffer,
  additionalData: Buffer,
  plaintext: Buffer | string,
): { nonce: Buffer; sealed: Buffer } {
  const nonce = randomBytes(nonceLength);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(additionalData);
  const body = typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext;
  const sealed = Buffer.concat([cipher.update(body), cipher.final(), cipher.getAuthTag()]);
  return { nonce, sealed };
}

/** Opens what aesGcmSeal sealed; throws when the key, nonce, data or additional data differ. */
export function aesGcmOpen(
  key: Buffer,
  nonce: Buffer,
  additionalData: Buffer,
  sealed: Buffer,
): Buffer {
  if (nonce.length !== nonceLength || sealed.length < tagLength) {
    throw new Error("Sealed value too short");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAAD(additionalData);
  decipher.setAuthTag(sealed.subarray(sealed.length - tagLength));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - tagLength)),
    decipher.final(),
  ]);
}

/** A stored secret that cannot be opened: another key, or altered in the database. */
export class UnreadableSecretError extends Error {
  override readonly name = "UnreadableSecretError";
}

/**
 * The refusal to start when stored values name keys this process lacks: one line saying what to
 * set (the message goes to stderr as it is).
 */
export function keyMismatchError(
  secrets: SecretBox,
  place: string,
  foundKeyIds: readonly string[],
): UnreadableSecretError {
  const ids = [...new Set(foundKeyIds)].sort().join(", ");
  return new UnreadableSecretError(
    `Stored secrets in ${place} were encrypted with a key this process does not have (key id ${ids}; its SECRETS_KEY has key id ${secrets.keyId}). Set SECRETS_KEY to the key the other processes use (or the key that was in DATA_DIR/secrets.key), and put a former key in SECRETS_KEY_PREVIOUS while rotating.`,
  );
}

/** What a stored value needs at start: nothing, sealing, re-sealing, or a key this process lacks. */
export type StoredSecretState = "plain" | "current" | "previous" | "unknown-key";

export interface SecretBox {
  /** The id of the current key, as it appears in every value sealed now. */
  readonly keyId: string;
  /** Seals `plaintext` under the current key, bound to `context` (e.g. `auth.users.totp:<id>`). */
  seal(plaintext: string, context: string): string;
  /**
   * The value as it was sealed, or a plain (pre-encryption) value unchanged. Throws
   * UnreadableSecretError for an unknown key id, a wrong context or altered data.
   */
  open(stored: string, context: string): string;
  stateOf(stored: string): StoredSecretState;
  /** The key id a sealed value names; null for a plain value. */
  keyIdOf(stored: string): string | null;
}

export interface SecretsKeys {
  /** `SECRETS_KEY`: seals new values and opens them. */
  current: string;
  /** `SECRETS_KEY_PREVIOUS`: only open values sealed before a rotation. */
  previous?: readonly string[];
}

interface DerivedKey {
  id: string;
  encryptionKey: Buffer;
}

function deriveKey(secret: string): DerivedKey {
  if (secret.length < secretsKeyMinLength) {
    throw new Error(`A secrets key must be at least ${secretsKeyMinLength} characters`);
  }
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, length));
  return {
    id: derive("heritage-secrets-at-rest/v1/key-id", 6).toString("base64url"),
    encryptionKey: derive("heritage-secrets-at-rest/v1/encryption", 32),
  };
}

function isSealed(stored: string): boolean {
  return stored.startsWith(sealedPrefix);
}

function parseSealed(stored: string): { keyId: string; nonce: Buffer; sealed: Buffer } | null {
  if (!stored.startsWith(formatPrefix)) return null;
  const parts = stored.slice(formatPrefix.length).split(":");
  if (parts.length !== 3) return null;
  const [keyId, nonce, sealed] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{8}$/.test(keyId)) return null;
  return {
    keyId,
    nonce: Buffer.from(nonce, "base64url"),
    sealed: Buffer.from(sealed, "base64url"),
  };
}

export function createSecretBox(keys: SecretsKeys): SecretBox {
  const current = deriveKey(keys.current);
  const byId = new Map<string, DerivedKey>([[current.id, current]]);
  for (const previous of keys.previous ?? []) {
    const derived = deriveKey(previous);
    if (!byId.has(derived.id)) byId.set(derived.id, derived);
  }
  const additionalData = (context: string) => Buffer.from(`heritage-secret/v1/${context}`, "utf8");

  return {
    keyId: current.id,
    seal(plaintext, context) {
      const { nonce, sealed } = aesGcmSeal(
        current.encryptionKey,
        additionalData(context),
        plaintext,
      );
      return `${formatPrefix}${current.id}:${nonce.toString("base64url")}:${sealed.toString("base64url")}`;
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const parsed = parseSealed(stored);
      if (!parsed) {
        throw new UnreadableSecretError(`The stored secret ${context} is not in a known format.`);
      }
      const key = byId.get(parsed.keyId);
      if (!key) {
        throw new UnreadableSecretError(
          `The stored secret ${context} was encrypted with a key this process does not have (key id ${parsed.keyId}; SECRETS_KEY has key id ${current.id}).`,
        );
      }
      try {
        return aesGcmOpen(
          key.encryptionKey,
          parsed.nonce,
          additionalData(context),
          parsed.sealed,
        ).toString("utf8");
      } catch (cause) {
        throw new UnreadableSecretError(
          `The stored secret ${context} failed its integrity check: it was altered or moved in the database.`,
          { cause },
        );
      }
    },
    stateOf(stored) {
      if (!isSealed(stored)) return "plain";
      const keyId = parseSealed(stored)?.keyId;
      if (keyId === current.id) return "current";
      return keyId !== undefined && byId.has(keyId) ? "previous" : "unknown-key";
    },
    keyIdOf(stored) {
      if (!isSealed(stored)) return null;
      return parseSealed(stored)?.keyId ?? "unknown";
    },
  };
}

/** The context each kind of stored secret is bound to: its table, column and row. */
export const secretContexts = {
  signingKey: (kid: string) => `auth.signing_keys.private_jwk:${kid}`,
  totpSecret: (userId: string) => `auth.users.totp_secret_base64:${userId}`,
  webhookSecret: (endpointId: string) => `auth.webhook_endpoints.secret:${endpointId}`,
  /** A secret in a project's configuration or its override records, by its dotted path. */
  projectConfigSecret: (projectId: string, path: string) =>
    `auth.projects.config:${projectId}:${path}`,
  /** The browser's refresh token a completed CLI sign-in hands to the CLI's poll (once). */
  cliRefreshToken: (attemptId: string) => `auth.cli_auth_attempts.refresh_token:${attemptId}`,
  /** The CLI's own anonymous session, which the browser may claim (once). */
  cliAnonRefreshToken: (attemptId: string) =>
    `auth.cli_auth_attempts.anon_refresh_token:${attemptId}`,
  /** The session's refresh token a cross-domain hand-off code carries to the other domain. */
  handoffRefreshToken: (sessionId: string) =>
    `auth.oauth_flow_codes.data.handoff.refresh_token:${sessionId}`,
  /** The integration OpenID provider's ID-token signing key (one per integration family). */
  integrationIdpSigningKey: (idpId: string) => `auth.integration_idp_records.signing_key:${idpId}`,
  /** The admin key a dashboard's confirmation code carries, by the code's digest. */
  integrationCodeResult: (codeHash: string) =>
    `auth.integration_authorization_codes.result:${codeHash}`,
  /** The admin key an integration provider's account hands to the token exchange. */
  integrationAccountResult: (accountId: string) =>
    `auth.integration_idp_accounts.result:${accountId}`,
};

/** The configured keys, as the auth configuration parsed them. */
export interface SecretsKeySettings {
  SECRETS_KEY?: string | undefined;
  SECRETS_KEY_PREVIOUS?: readonly string[] | undefined;
}

/**
 * The box of the configured keys. Throws when `SECRETS_KEY` is unset: apps/server fills it from
 * `DATA_DIR/secrets.key` before the platform starts; a standalone caller must set it.
 */
export function secretBoxFromSettings(settings: SecretsKeySettings): SecretBox {
  if (!settings.SECRETS_KEY) {
    throw new Error("SECRETS_KEY is not set: the auth platform encrypts stored secrets with it.");
  }
  return createSecretBox({
    current: settings.SECRETS_KEY,
    previous: settings.SECRETS_KEY_PREVIOUS ?? [],
  });
}
