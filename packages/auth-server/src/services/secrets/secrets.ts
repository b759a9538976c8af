/**
 * Random secrets and their stored digests: refresh tokens (contract §1.5 format), project keys
 * (`pck_`/`ssk_`/`sak_` + 45 random characters) and UUIDs. Only SHA-256 digests are ever stored.
 * @module
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { refreshTokenAlphabet, refreshTokenLength } from "@heritage/auth-protocol";

/** 45 characters of lowercase Crockford base32 (225 bits); 256 is a multiple of 32, so no bias. */
export function generateOpaqueToken(): string {
  const bytes = randomBytes(refreshTokenLength);
  let token = "";
  for (const byte of bytes) token += refreshTokenAlphabet[byte & 31];
  return token;
}

/** The hex SHA-256 digest under which a secret (refresh token, project key) is stored and looked up. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export type ProjectKeyKind =
  | "publishable_client_key"
  | "secret_server_key"
  | "super_secret_admin_key";

const projectKeyPrefixes: Record<ProjectKeyKind, string> = {
  publishable_client_key: "pck_",
  secret_server_key: "ssk_",
  super_secret_admin_key: "sak_",
};

export function generateProjectKey(kind: ProjectKeyKind): string {
  return `${projectKeyPrefixes[kind]}${generateOpaqueToken()}`;
}

/** Generators the services use; tests may replace them to get predictable values. */
export interface IdGenerators {
  generateId: () => string;
  generateToken: () => string;
}

export const defaultIdGenerators: IdGenerators = {
  generateId: () => randomUUID(),
  generateToken: generateOpaqueToken,
};
