/**
 * @module
 * What a credential sign-in failure or success says (site spec, sections 5 and 8).
 */
import type { KnownError } from "@heritage/auth-protocol";

export const signInMessages = {
  errorTitle: "Authentication Error",
  noUser: "Invalid email or password",
  fallback: "Authentication failed",
  unexpectedTitle: "Error",
  unknown: "An unknown error occurred",
  successTitle: "Success!",
  successText: "You've been signed in",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
} as const;

export interface Notice {
  title: string;
  text: string;
}

/** A `KnownError` from the platform: its message (e.g. "Wrong e-mail or password."). */
export function describeSignInError(error: KnownError): Notice {
  return { title: signInMessages.errorTitle, text: error.message || signInMessages.fallback };
}

/** Anything else thrown while signing in. */
export function describeUnexpectedError(error: unknown): Notice {
  const text = error instanceof Error && error.message ? error.message : signInMessages.unknown;
  return { title: signInMessages.unexpectedTitle, text };
}
