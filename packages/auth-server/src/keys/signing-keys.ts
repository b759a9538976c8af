/**
 * ES256 signing keys, one active pair per audience kind (normal, anonymous, restricted; contract
 * §1.5), kept in `auth.signing_keys` so every process signs and verifies with the same keys.
 * Each kind also has a next pair, published in the JWKS before it signs anything (verifiers cache
 * the key set for an hour; the reference publishes two keys per kind too). Rotation retires the
 * active pair and makes the next one active; a retired key stays in the JWKS (and verifies) until
 * every token it signed has expired. The private halves are stored encrypted (services/secrets/secret-box.ts):
 * a database dump alone cannot sign tokens.
 * @module
 */
import { randomBytes } from "node:crypto";
import type { AccessTokenKind } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { signingKeys } from "../db/schema";
import { type SecretBox, secretContexts } from "../services/secrets/secret-box";

export const audienceKinds: readonly AccessTokenKind[] = ["normal", "anonymous", "restricted"];

export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface VerificationKey {
  kind: AccessTokenKind;
  publicKey: CryptoKey;
}

export interface PublicSigningJwk {
  kty: "EC";
  alg: "ES256";
  crv: "P-256";
  kid: string;
  x: string;
  y: string;
}

export interface SigningKeyStore {
  /** The key that signs new tokens of this kind (created if none exists yet). */
  getActiveKey(kind: AccessTokenKind): Promise<ActiveSigningKey>;
  /** The public key for a `kid`, or null when no such key exists. */
  getVerificationKey(kid: string): Promise<VerificationKey | null>;
  /** Public keys of these kinds that may still have live tokens (active or recently retired). */
  listPublicJwks(kinds: readonly AccessTokenKind[]): Promise<PublicSigningJwk[]>;
}

function isAccessTokenKind(value: string): value is AccessTokenKind {
  return (audienceKinds as readonly string[]).includes(value);
}

/** The `private_jwk` column's value: the JWK as sealed JSON (a JSON string in the jsonb column). */
export function sealPrivateJwk(secrets: SecretBox, kid: string, privateJwk: JWK): string {
  return secrets.seal(JSON.stringify(privateJwk), secretContexts.signingKey(kid));
}

/** The private JWK of a stored row; a JWK object is a row stored before keys were encrypted. */
export function openPrivateJwk(secrets: SecretBox, kid: string, stored: unknown): JWK {
  if (typeof stored !== "string") return stored as JWK;
  return JSON.parse(secrets.open(stored, secretContexts.signingKey(kid))) as JWK;
}

async function insertKeyPair(
  db: Database,
  secrets: SecretBox,
  kind: AccessTokenKind,
  now: Date,
  isNext = false,
): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomBytes(9).toString("base64url");
  const privateJwk = sealPrivateJwk(secrets, kid, {
    ...(await exportJWK(privateKey)),
    kid,
    alg: "ES256",
  });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256" };
  // The partial unique index allows one active and one next key per kind: a concurrent creator
  // simply wins.
  await db
    .insert(signingKeys)
    .values({ id: kid, audienceKind: kind, privateJwk, publicJwk, createdAt: now, isNext })
    .onConflictDoNothing();
}

/**
 * Creates the missing active and next key pairs (first start, or the first start after the next
 * keys came). Idempotent and safe to run concurrently.
 */
export async function ensureSigningKeys(
  db: Database,
  secrets: SecretBox,
  now: Date,
): Promise<void> {
  const current = await db
    .select({ kind: signingKeys.audienceKind, isNext: signingKeys.isNext })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt));
  const present = new Set(current.map((row) => `${row.kind}:${row.isNext}`));
  for (const kind of audienceKinds) {
    if (!present.has(`${kind}:false`)) await insertKeyPair(db, secrets, kind, now);
    if (!present.has(`${kind}:true`)) await insertKeyPair(db, secrets, kind, now, true);
  }
}

/**
 * Retires the active key pairs of the given kinds; their next pairs (already published) become
 * active (a new pair when there is none), and new next pairs are made.
 */
export async function rotateSigningKeys(
  db: Database,
  secrets: SecretBox,
  now: Date,
  kinds: readonly AccessTokenKind[] = audienceKinds,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const kind of kinds) {
      const current = and(eq(signingKeys.audienceKind, kind), isNull(signingKeys.retiredAt));
      await tx
        .update(signingKeys)
        .set({ retiredAt: now })
        .where(and(current, eq(signingKeys.isNext, false)));
      const promoted = await tx
        .update(signingKeys)
        .set({ isNext: false })
        .where(and(current, eq(signingKeys.isNext, true)))
        .returning({ id: signingKeys.id });
      if (promoted.length === 0) await insertKeyPair(tx, secrets, kind, now);
      await insertKeyPair(tx, secrets, kind, now, true);
    }
  });
}

function readPublicJwk(value: unknown, kid: string): PublicSigningJwk | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y } = value as { x?: unknown; y?: unknown };
  if (typeof x !== "string" || typeof y !== "string") return null;
  return { kty: "EC", alg: "ES256", crv: "P-256", kid, x, y };
}

export interface SigningKeyStoreOptions {
  clock: () => Date;
  /** How long a retired key stays published: the access-token lifetime, in seconds. */
  tokenLifetimeSeconds: number;
  /** How long the active keys are cached before re-reading them (rotation by another process). */
  cacheSeconds?: number;
  /** Opens and seals the private keys; without it the store only verifies (getActiveKey throws). */
  secrets?: SecretBox;
}

// Tokens are checked with no clock tolerance, but allow a minute of skew between processes.
const retentionMarginSeconds = 60;

export function createSigningKeyStore(
  db: Database,
  options: SigningKeyStoreOptions,
): SigningKeyStore {
  const cacheMillis = (options.cacheSeconds ?? 60) * 1000;
  const active = new Map<AccessTokenKind, { key: ActiveSigningKey; loadedAt: number }>();
  const verification = new Map<string, VerificationKey | null>();

  async function loadActiveKey(kind: AccessTokenKind): Promise<ActiveSigningKey> {
    const secrets = options.secrets;
    if (!secrets) throw new Error("This signing key store only verifies: it has no secrets key");
    for (let attempt = 0; attempt < 2; attempt++) {
      const [row] = await db
        .select()
        .from(signingKeys)
        .where(
          and(
            eq(signingKeys.audienceKind, kind),
            isNull(signingKeys.retiredAt),
            eq(signingKeys.isNext, false),
          ),
        )
        .limit(1);
      if (row) {
        const jwk = openPrivateJwk(secrets, row.id, row.privateJwk);
        const privateKey = await importJWK(jwk, "ES256");
        if (!(privateKey instanceof CryptoKey)) throw new Error("Signing key is not an EC key");
        return { kid: row.id, privateKey };
      }
      await insertKeyPair(db, secrets, kind, options.clock());
    }
    throw new Error(`No active signing key for ${kind} tokens`);
  }

  return {
    async getActiveKey(kind) {
      const now = options.clock().getTime();
      const cached = active.get(kind);
      const age = cached ? now - cached.loadedAt : Number.POSITIVE_INFINITY;
      if (cached && age >= 0 && age < cacheMillis) return cached.key;
      const key = await loadActiveKey(kind);
      active.set(kind, { key, loadedAt: now });
      return key;
    },
    async getVerificationKey(kid) {
      if (verification.has(kid)) return verification.get(kid) ?? null;
      const [row] = await db.select().from(signingKeys).where(eq(signingKeys.id, kid)).limit(1);
      const jwk = row ? readPublicJwk(row.publicJwk, row.id) : null;
      if (!row || !jwk || !isAccessTokenKind(row.audienceKind)) return null;
      const publicKey = await importJWK(jwk, "ES256");
      if (!(publicKey instanceof CryptoKey)) return null;
      const key = { kind: row.audienceKind, publicKey };
      // Unknown kids are not cached: a forged token must not be able to grow this map.
      verification.set(kid, key);
      return key;
    },
    async listPublicJwks(kinds) {
      const retainedSince = new Date(
        options.clock().getTime() - (options.tokenLifetimeSeconds + retentionMarginSeconds) * 1000,
      );
      const rows = await db
        .select()
        .from(signingKeys)
        .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, retainedSince)))
        .orderBy(signingKeys.createdAt, signingKeys.isNext);
      return rows
        .filter((row) => (kinds as readonly string[]).includes(row.audienceKind))
        .map((row) => readPublicJwk(row.publicJwk, row.id))
        .filter((jwk): jwk is PublicSigningJwk => jwk !== null);
    },
  };
}
