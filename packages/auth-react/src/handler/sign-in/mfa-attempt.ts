/**
 * @module
 * The attempt code of a sign-in that needs a second factor (MULTI_FACTOR_AUTHENTICATION_REQUIRED),
 * carried from the sign-in page to /handler/mfa in the tab's session storage: a secret that must
 * not sit in the URL (history, logs, referrers).
 */
import { getMfaAttemptCode } from "@heritage/auth-client";

const storageKey = "heritage-auth-mfa-attempt-code";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the MFA page then asks to sign in again.
    return null;
  }
}

/** Keeps the attempt code of `error` when it is an MFA requirement; true when it was one. */
export function keepMfaAttempt(error: unknown): boolean {
  const code = getMfaAttemptCode(error);
  if (code === null) return false;
  storage()?.setItem(storageKey, code);
  return true;
}

export function readMfaAttempt(): string | null {
  return storage()?.getItem(storageKey) ?? null;
}

export function clearMfaAttempt(): void {
  storage()?.removeItem(storageKey);
}
