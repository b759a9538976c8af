/**
 * Data vault (contract §3.5): opaque values per project store, addressed by a key the SDK already
 * hashed and holding a value the SDK already encrypted, so the server never sees either in the clear.
 * The server seals each value once more at rest: AES-256-GCM under a key derived by HKDF-SHA256 from
 * `STACK_DATA_VAULT_SECRET` and a random 16-byte salt, with project, store and hashed key as
 * additional data (a sealed value copied to another row does not open). Stored format, base64:
 * `0x01 ‖ salt (16) ‖ nonce (12) ‖ ciphertext ‖ tag (16)`.
 * @module
 */
import { hkdfSync, randomBytes } from "node:crypto";
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq } from "drizzle-orm";
import { dataVaultEntries } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { aesGcmOpen, aesGcmSeal } from "../secrets/secret-box";
import { plainErrors } from "../shared/plain-errors";

/**
 * Used only when the process runs in development without `STACK_DATA_VAULT_SECRET` (also by the
 * sealing of provider tokens, services/oauth/provider-token-seal.ts).
 */
export const developmentSecret = "heritage-development-data-vault-secret";
const sealVersion = 1;

type VaultDeps = Pick<AuthDeps, "db" | "clock" | "config" | "isDevelopment">;

interface EntryAddress {
  projectId: string;
  storeId: string;
  hashedKey: string;
}

function vaultSecret(deps: VaultDeps): string {
  const secret = deps.config.STACK_DATA_VAULT_SECRET;
  if (secret) return secret;
  if (deps.isDevelopment) return developmentSecret;
  // Refusing is safer than storing values under a guessable key.
  throw plainErrors.dataVaultSecretMissing();
}

function additionalData(address: EntryAddress): Buffer {
  return Buffer.from(JSON.stringify([address.projectId, address.storeId, address.hashedKey]));
}

function deriveKey(secret: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, salt, "heritage-data-vault-at-rest", 32));
}

export function sealValue(secret: string, address: EntryAddress, value: string): string {
  const salt = randomBytes(16);
  const { nonce, sealed } = aesGcmSeal(deriveKey(secret, salt), additionalData(address), value);
  return Buffer.concat([Buffer.from([sealVersion]), salt, nonce, sealed]).toString("base64");
}

export function openValue(secret: string, address: EntryAddress, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64");
  if (bytes[0] !== sealVersion || bytes.length < 1 + 16 + 12 + 16) {
    throw new Error("Unknown data vault seal format");
  }
  const salt = bytes.subarray(1, 17);
  return aesGcmOpen(
    deriveKey(secret, salt),
    bytes.subarray(17, 29),
    additionalData(address),
    bytes.subarray(29),
  ).toString("utf8");
}

function requireStore(project: LoadedProject, storeId: string): void {
  if (!Object.hasOwn(project.config.dataVault.stores, storeId)) {
    throw knownErrors.dataVaultStoreDoesNotExist({ store_id: storeId });
  }
}

/** Stores (or replaces) the value under the hashed key. */
export async function setDataVaultValue(
  deps: VaultDeps,
  project: LoadedProject,
  storeId: string,
  hashedKey: string,
  encryptedValue: string,
): Promise<void> {
  requireStore(project, storeId);
  const address = { projectId: project.id, storeId, hashedKey };
  const sealedValue = sealValue(vaultSecret(deps), address, encryptedValue);
  const now = deps.clock();
  await deps.db
    .insert(dataVaultEntries)
    .values({ ...address, sealedValue, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [dataVaultEntries.projectId, dataVaultEntries.storeId, dataVaultEntries.hashedKey],
      set: { sealedValue, updatedAt: now },
    });
}

/** The value stored under the hashed key, as the client sent it. */
export async function getDataVaultValue(
  deps: VaultDeps,
  project: LoadedProject,
  storeId: string,
  hashedKey: string,
): Promise<string> {
  requireStore(project, storeId);
  const address = { projectId: project.id, storeId, hashedKey };
  const secret = vaultSecret(deps);
  const [row] = await deps.db
    .select({ sealedValue: dataVaultEntries.sealedValue })
    .from(dataVaultEntries)
    .where(
      and(
        eq(dataVaultEntries.projectId, project.id),
        eq(dataVaultEntries.storeId, storeId),
        eq(dataVaultEntries.hashedKey, hashedKey),
      ),
    )
    .limit(1);
  if (!row) {
    throw knownErrors.dataVaultStoreHashedKeyDoesNotExist({
      store_id: storeId,
      hashed_key: hashedKey,
    });
  }
  return openValue(secret, address, row.sealedValue);
}
