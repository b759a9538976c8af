/**
 * @module
 * Crockford base32 (upper case, no padding), as the SDK uses for custom-domain cookie names and
 * random nonces.
 */
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function encodeCrockfordBase32(bytes: Uint8Array): string {
  let output = "";
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      output += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += alphabet[(value << (5 - bits)) & 31];
  return output;
}

/** The bytes of `text`, or null when it holds a character outside the alphabet. */
export function decodeCrockfordBase32(text: string): Uint8Array | null {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}
