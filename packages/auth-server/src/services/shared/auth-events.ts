/**
 * @module
 * What an embedder hears of sign-ins (issue 29: the site's audit log records its admins signing
 * in and failing to). Listeners run after the answer is decided and never change it: a listener
 * that throws or rejects is logged, not passed on.
 */
import type { AuthLogger } from "./auth-logger";

export interface SignedInEvent {
  projectId: string;
  userId: string;
  ip: string | null;
  /** The first sign-in of a user made by it (a sign-up, an OAuth or OTP first use). */
  isNewUser: boolean;
}

export interface SignInFailedEvent {
  projectId: string;
  /** The address tried, trimmed and lower-cased. */
  email: string;
  ip: string | null;
  reason: "wrong_password";
}

export interface AuthEvents {
  signedIn?(event: SignedInEvent): void | Promise<void>;
  signInFailed?(event: SignInFailedEvent): void | Promise<void>;
}

/** Calls a listener without letting it fail or delay the request. */
export function emitAuthEvent<E>(
  logger: AuthLogger,
  listener: ((event: E) => void | Promise<void>) | undefined,
  event: E,
): void {
  if (!listener) return;
  try {
    Promise.resolve(listener(event)).catch((error: unknown) =>
      logger.error({ err: error }, "an auth event listener failed"),
    );
  } catch (error) {
    logger.error({ err: error }, "an auth event listener failed");
  }
}
