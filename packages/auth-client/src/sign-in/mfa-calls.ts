/**
 * @module
 * TOTP multi-factor authentication (contract §2.14). A sign-in of a user with TOTP answers the
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` error result; `getMfaAttemptCode(result.error)` gives its
 * attempt code and `signInWithMfa` finishes the sign-in with the code of the user's authenticator app.
 * The signed-in user turns TOTP on with a secret (`generateTotpSecret`, shown as `createTotpUri`)
 * and off again.
 * @example
 * const result = await auth.signInWithCredential({ email, password });
 * const attemptCode = result.status === "error" ? getMfaAttemptCode(result.error) : null;
 * if (attemptCode) await auth.signInWithMfa({ attemptCode, totp: codeTypedByTheUser });
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AppCore, AuthResult } from "../calls-core";
import { type SignedIn, storeSignInResponse } from "./sign-in-response";

export interface MfaCalls {
  /**
   * `POST /auth/mfa/sign-in`: the attempt code of a sign-in that required MFA plus a 6-digit TOTP
   * code; stores the session. Wrong codes are `INVALID_TOTP_CODE`, spent or old attempt codes the
   * `VERIFICATION_CODE_*` errors.
   */
  signInWithMfa(input: { attemptCode: string; totp: string }): Promise<AuthResult<SignedIn>>;
  /** Turns TOTP on for the signed-in user with this base64 secret (see `generateTotpSecret`). */
  enableTotpMfa(secretBase64: string): Promise<void>;
  /** Turns TOTP off for the signed-in user. */
  disableTotpMfa(): Promise<void>;
}

/** The attempt code when `error` says the sign-in needs a second factor, else null. */
export function getMfaAttemptCode(error: unknown): string | null {
  return isKnownError(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    ? error.details.attempt_code
    : null;
}

/** A new TOTP secret: 20 random bytes (RFC 4226's recommended length), base64. */
export function generateTotpSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(20));
  return btoa(String.fromCharCode(...bytes));
}

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += base32Alphabet[(value << (5 - bits)) & 31];
  return output;
}

/**
 * The `otpauth://` URI authenticator apps read (usually from a QR code): SHA-1, 6 digits, 30 s, the
 * server's parameters.
 */
export function createTotpUri(input: {
  secretBase64: string;
  accountName: string;
  issuer: string;
}): string {
  const bytes = Uint8Array.from(atob(input.secretBase64), (char) => char.charCodeAt(0));
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.accountName)}`;
  const query = new URLSearchParams({
    secret: toBase32(bytes),
    issuer: input.issuer,
    algorithm: "SHA1",
    digits: "6",
    period: "30",
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

export function createMfaCalls(core: AppCore): MfaCalls {
  const { send, session } = core;
  const patchTotpSecret = async (secret: string | null) => {
    await send("/users/me", { method: "PATCH", body: { totp_secret_base64: secret }, session });
  };
  return {
    async signInWithMfa({ attemptCode, totp }) {
      let response: Response;
      try {
        response = await send("/auth/mfa/sign-in", {
          method: "POST",
          body: { type: "totp", totp, code: attemptCode },
          session,
        });
      } catch (error) {
        if (isKnownError(error)) return { status: "error", error };
        throw error;
      }
      return { status: "ok", data: await storeSignInResponse(session, response) };
    },
    enableTotpMfa: (secretBase64) => patchTotpSecret(secretBase64),
    disableTotpMfa: () => patchTotpSecret(null),
  };
}
