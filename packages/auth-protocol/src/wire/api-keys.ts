/**
 * User and team API keys (contract §2.12): the read object (secret hidden behind `last_four`), the
 * create response (the full key, shown once), and the key format `{pk|sk}_{secret}{id}{type}{flag}
 * 574ck4u7h{crc32}` that lets secret scanners recognise a key and reject a mistyped one offline.
 * @module
 */
import { z } from "zod";
import { listEnvelopeSchema } from "./list";

export type ApiKeyType = "user" | "team";

const baseShape = {
  id: z.uuid(),
  description: z.string(),
  created_at_millis: z.int(),
  expires_at_millis: z.int().optional(),
  manually_revoked_at_millis: z.int().optional(),
  is_public: z.boolean(),
};

const ownerShapes = {
  user: { type: z.literal("user"), user_id: z.uuid() },
  team: { type: z.literal("team"), team_id: z.uuid() },
} as const;

const hiddenValue = z.strictObject({ last_four: z.string() });

/** A user API key as read, listed and checked. */
export const userApiKeySchema = z.strictObject({
  ...baseShape,
  ...ownerShapes.user,
  value: hiddenValue,
});
export type UserApiKey = z.infer<typeof userApiKeySchema>;

/** A team API key as read, listed and checked. */
export const teamApiKeySchema = z.strictObject({
  ...baseShape,
  ...ownerShapes.team,
  value: hiddenValue,
});
export type TeamApiKey = z.infer<typeof teamApiKeySchema>;

/** `POST /user-api-keys` response: `value` is the full key, never shown again. */
export const userApiKeyFirstViewSchema = z.strictObject({
  ...baseShape,
  ...ownerShapes.user,
  value: z.string(),
});
export type UserApiKeyFirstView = z.infer<typeof userApiKeyFirstViewSchema>;

/** `POST /team-api-keys` response: `value` is the full key, never shown again. */
export const teamApiKeyFirstViewSchema = z.strictObject({
  ...baseShape,
  ...ownerShapes.team,
  value: z.string(),
});
export type TeamApiKeyFirstView = z.infer<typeof teamApiKeyFirstViewSchema>;

export const userApiKeyListSchema = listEnvelopeSchema(userApiKeySchema);
export const teamApiKeyListSchema = listEnvelopeSchema(teamApiKeySchema);

/** The marker every key carries (secret scanners and the e2e serializer look for it). */
export const apiKeyMarker = "574ck4u7h";
/** The Crockford base32 alphabet the flag character is taken from (upper case, lower-cased in keys). */
const crockfordAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The part after the secret and id: owner type, flag character (self-hosted, public), marker. */
export function apiKeySuffix(options: { type: ApiKeyType; isPublic: boolean }): string {
  // Flag = 1 for a self-hosted server (never the provider's cloud) + 2 for a public key.
  const flag = crockfordAlphabet[1 + (options.isPublic ? 2 : 0)]?.toLowerCase() ?? "";
  return `${options.type}${flag}${apiKeyMarker}`;
}

const apiKeyPattern = new RegExp(
  `^(pk|sk)_([a-zA-Z0-9_]{45})([0-9a-f]{32})(user|team)([0-9a-z])${apiKeyMarker}([0-9a-f]{8})$`,
);

export interface ParsedApiKey {
  id: string;
  type: ApiKeyType;
  isPublic: boolean;
  /** The text the CRC-32 covers (everything before the checksum). */
  checksummedPart: string;
  checksum: string;
}

/**
 * Splits a key into its parts; null when it does not have the format. The checksum is returned, not
 * verified (CRC-32 needs a platform implementation; see the server's api-key service).
 */
export function parseApiKeyFormat(key: string): ParsedApiKey | null {
  const match = apiKeyPattern.exec(key);
  if (!match) return null;
  const [, prefix, , idHex, type, flag, checksum] = match;
  if (!idHex || !type || !flag || !checksum) return null;
  const flagIndex = crockfordAlphabet.indexOf(flag.toUpperCase());
  if (flagIndex < 0) return null;
  const isPublic = (flagIndex & 2) !== 0;
  if (isPublic !== (prefix === "pk")) return null;
  return {
    id: `${idHex.slice(0, 8)}-${idHex.slice(8, 12)}-${idHex.slice(12, 16)}-${idHex.slice(16, 20)}-${idHex.slice(20)}`,
    type: type as ApiKeyType,
    isPublic,
    checksummedPart: key.slice(0, -8),
    checksum,
  };
}
