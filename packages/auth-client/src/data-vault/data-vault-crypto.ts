/**
 * @module
 * Client-side data vault cryptography (spec §9), byte-compatible with the official SDK so either
 * library reads what the other wrote. WebCrypto only, so it runs in browsers and Node 20+.
 *
 * - Derived key = PBKDF2-SHA256(password = the user's key, salt = JSON of
 *   ["stack-crypto-helper-iterated-hash", purpose, base64(""), base64(secret)], 100 000 iterations, 256 bits).
 * - Hashed key (what the server sees) = base64 of one more PBKDF2 round over the derived key.
 * - Value = base64(0x01 0x00 ‖ salt (16) ‖ nonce (12) ‖ AES-256-GCM ciphertext), the AES key
 *   derived from the derived key by HKDF-SHA256 with that salt.
 */

const derivedKeyPurpose = "stack-data-vault-client-side-encryption-value-encryption-key-hash";
const hashPurpose = "stack-data-vault-client-side-encryption-key-hash";
const valuePurpose = "stack-data-vault-client-side-encryption-value-encryption-value-encryption";
/** Spec §9: iterations of the key derivation. */
export const dataVaultKeyIterations = 100_000;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesOf(value: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof value === "string" ? encoder.encode(value) : new Uint8Array(value);
}

async function iteratedHash(options: {
  purpose: string;
  extra: string;
  value: string | Uint8Array;
  iterations: number;
}): Promise<Uint8Array<ArrayBuffer>> {
  const input = await crypto.subtle.importKey("raw", bytesOf(options.value), "PBKDF2", false, [
    "deriveBits",
  ]);
  const salt = encoder.encode(
    JSON.stringify([
      "stack-crypto-helper-iterated-hash",
      options.purpose,
      toBase64(new Uint8Array()),
      toBase64(encoder.encode(options.extra)),
    ]),
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", salt, iterations: options.iterations, hash: "SHA-256" },
    input,
    256,
  );
  return new Uint8Array(bits);
}

function derivedKey(secret: string, key: string): Promise<Uint8Array<ArrayBuffer>> {
  return iteratedHash({
    purpose: derivedKeyPurpose,
    extra: secret,
    value: key,
    iterations: dataVaultKeyIterations,
  });
}

async function aesKey(secret: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>) {
  const base = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const info = encoder.encode(
    JSON.stringify([
      "stack-crypto-helper-derived-symmetric-key",
      valuePurpose,
      "binary-key",
      toBase64(salt),
    ]),
  );
  return crypto.subtle.deriveKey(
    { name: "HKDF", salt, hash: "SHA-256", info },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The key as the server stores it: a hash the server cannot reverse without the secret. */
export async function hashDataVaultKey(secret: string, key: string): Promise<string> {
  const derived = await derivedKey(secret, key);
  return toBase64(
    await iteratedHash({ purpose: hashPurpose, extra: secret, value: derived, iterations: 1 }),
  );
}

export async function encryptDataVaultValue(
  secret: string,
  key: string,
  value: string,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const cryptoKey = await aesKey(await derivedKey(secret, key), salt);
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce },
    cryptoKey,
    encoder.encode(value),
  );
  return toBase64(new Uint8Array([1, 0, ...salt, ...nonce, ...new Uint8Array(cipher)]));
}

/** Throws when the secret or key is wrong or the stored value was altered. */
export async function decryptDataVaultValue(
  secret: string,
  key: string,
  encryptedValue: string,
): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(encryptedValue);
  } catch (cause) {
    throw new Error("Data vault value is not valid base64.", { cause });
  }
  if (bytes.length < 2 + 16 + 12 + 16 || bytes[0] !== 1 || bytes[1] !== 0) {
    throw new Error("Data vault value has an unknown format.");
  }
  const salt = bytes.slice(2, 18);
  const nonce = bytes.slice(18, 30);
  const cryptoKey = await aesKey(await derivedKey(secret, key), salt);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: nonce },
      cryptoKey,
      bytes.slice(30),
    );
    return new TextDecoder().decode(plain);
  } catch (cause) {
    throw new Error("Data vault decryption failed: wrong secret or key, or an altered value.", {
      cause,
    });
  }
}
