/**
 * @module
 * Reading an access token on the client: the payload is decoded (never verified; the server does
 * that) and checked against the claim schema like the official SDK does. A token that fails the
 * check is treated as absent (contract §1.5).
 */
import { type AccessTokenClaims, accessTokenClaimsSchema } from "@heritage/auth-protocol";

// The SDK accepts extra claims and a missing `exp`, so the client is as lenient.
const clientClaimsSchema = accessTokenClaimsSchema.partial({ exp: true }).loose();

/** The claims of an access token as the client reads them (`exp` may be missing). */
export type ClientAccessTokenClaims = Omit<AccessTokenClaims, "exp"> & { exp?: number };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of `token`, or null when it is not a JWT with a valid payload. */
export function decodeAccessToken(token: string): ClientAccessTokenClaims | null {
  const payloadSegment = token.split(".")[1];
  if (payloadSegment === undefined) return null;
  try {
    const result = clientClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payloadSegment)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Milliseconds until `token` expires at `nowMs` (Infinity without `exp`; null when invalid). */
export function getAccessTokenLifetimeLeft(token: string, nowMs: number): number | null {
  const claims = decodeAccessToken(token);
  if (claims === null) return null;
  if (claims.exp === undefined) return Number.POSITIVE_INFINITY;
  return claims.exp * 1000 - nowMs;
}
