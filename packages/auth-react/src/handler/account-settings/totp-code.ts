/**
 * @module
 * The current TOTP code of a secret (RFC 6238: HMAC-SHA1, 6 digits, 30 s steps, as the server and
 * `createTotpUri` use), so turning two-factor on can check that the authenticator app was set up
 * right before the server starts asking for its codes.
 */

/** The 6-digit code of `secretBase64` for the 30-second step containing `atMs`. */
export async function computeTotpCode(secretBase64: string, atMs: number): Promise<string> {
  const secret = Uint8Array.from(atob(secretBase64), (char) => char.charCodeAt(0));
  // The step number as 8 big-endian bytes (a typed array: some test realms reject other buffers).
  const counter = new Uint8Array(8);
  let step = Math.floor(atMs / 30_000);
  for (let index = 7; index >= 0; index--) {
    counter[index] = step % 256;
    step = Math.floor(step / 256);
  }
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, counter));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 1_000_000).padStart(6, "0");
}

/** Whether `code` is the code of now or of the step before or after (clock drift). */
export async function isCurrentTotpCode(
  secretBase64: string,
  code: string,
  nowMs: number,
): Promise<boolean> {
  for (const drift of [-30_000, 0, 30_000]) {
    if ((await computeTotpCode(secretBase64, nowMs + drift)) === code) return true;
  }
  return false;
}
