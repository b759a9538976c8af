/**
 * Refresh-token format (contract §1.5): 45 characters of lowercase Crockford base32 (`0-9a-z` without
 * `i l o u`), 225 bits. Clients treat the token as opaque; the server uses this to reject garbage early.
 * Verification codes (§2.1) use the same alphabet and length.
 * @module
 */

/** The 32 symbols, in Crockford order (value 0 to 31). */
export const refreshTokenAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";

export const refreshTokenLength = 45;

export const refreshTokenPattern = /^[0-9a-hjkmnp-tv-z]{45}$/;

/** Whether a string has the shape of a refresh token (says nothing about whether it is valid). */
export function isRefreshTokenFormat(value: string): boolean {
  return refreshTokenPattern.test(value);
}
