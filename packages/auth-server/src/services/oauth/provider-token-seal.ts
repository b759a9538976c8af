/**
 * Provider tokens (the access and refresh tokens of connected accounts) sealed at rest with the data
 * vault's AES-256-GCM sealing (data-vault.ts: HKDF-SHA256 key from `STACK_DATA_VAULT_SECRET` and a
 * random salt per value), bound to their OAuth account and kind as additional data, so a sealed token
 * copied to another account's row does not open. Stored form: `sealed:v1:` + the vault's base64 seal.
 * A value without the prefix was written before tokens were sealed and is read as plain text, so old
 * rows need no migration.
 * @module
 */
import type { AuthDeps } from "../auth-deps";
import { developmentSecret, openValue, sealValue } from "../data-vault/data-vault";

const sealedPrefix = "sealed:v1:";
/** Keeps provider tokens apart from data vault entries (whose first element is a project id). */
const bindingMarker = "oauth-provider-token";

export interface ProviderTokenBinding {
  oauthAccountId: string;
  kind: "access" | "refresh";
}

/** A stored provider token that cannot be opened: altered in the database, or another secret. */
export class ProviderTokenUnreadableError extends Error {
  override readonly name = "ProviderTokenUnreadableError";
}

/**
 * The secret provider tokens are sealed with: the data vault's secret, or its fixed development
 * secret in development. Null in production without `STACK_DATA_VAULT_SECRET`: tokens are then not
 * kept at all rather than kept readable.
 */
export function providerTokenSecret(deps: Pick<AuthDeps, "config" | "isDevelopment">) {
  return deps.config.STACK_DATA_VAULT_SECRET ?? (deps.isDevelopment ? developmentSecret : null);
}

function vaultAddress(binding: ProviderTokenBinding) {
  return { projectId: bindingMarker, storeId: binding.oauthAccountId, hashedKey: binding.kind };
}

export function isSealedProviderToken(stored: string): boolean {
  return stored.startsWith(sealedPrefix);
}

export function sealProviderToken(
  secret: string,
  binding: ProviderTokenBinding,
  token: string,
): string {
  return `${sealedPrefix}${sealValue(secret, vaultAddress(binding), token)}`;
}

/** The token as the provider issued it; plain-text (pre-sealing) rows are returned unchanged. */
export function openProviderToken(
  secret: string | null,
  binding: ProviderTokenBinding,
  stored: string,
): string {
  if (!isSealedProviderToken(stored)) return stored;
  if (secret === null) {
    throw new ProviderTokenUnreadableError(
      "A stored provider token is sealed, but STACK_DATA_VAULT_SECRET is not set.",
    );
  }
  try {
    return openValue(secret, vaultAddress(binding), stored.slice(sealedPrefix.length));
  } catch (cause) {
    throw new ProviderTokenUnreadableError(
      `The stored ${binding.kind} token of OAuth account ${binding.oauthAccountId} failed its integrity check: it was altered, or sealed under another STACK_DATA_VAULT_SECRET.`,
      { cause },
    );
  }
}
