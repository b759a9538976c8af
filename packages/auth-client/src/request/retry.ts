/**
 * @module
 * Retry timing shared by API requests and token refreshes (spec §7, §9): up to 5 attempts, waiting
 * `(random + 0.5) × 1000 ms × 2^attempt` between them (exponential from 1 s with ±50 % jitter).
 */

import { AuthNetworkError, AuthOfflineError } from "../errors";
import type { AuthRuntime } from "../runtime";

export const maxRequestAttempts = 5;
export const retryBaseDelayMs = 1000;

/** The wait after failed attempt number `attempt` (0-based). */
export function getBackoffDelayMs(attempt: number, random: () => number): number {
  return (random() + 0.5) * retryBaseDelayMs * 2 ** attempt;
}

/** Methods a client may resend after a network failure without risking a second effect. */
const idempotentMethods = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"]);

export function isIdempotentMethod(method: string): boolean {
  return idempotentMethods.has(method.toUpperCase());
}

// Failures before a connection existed (Node's fetch puts the system error code in `cause.code`):
// the server cannot have seen the request, so even a POST may be sent again.
const connectPhaseErrorCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Whether a fetch failure happened before the request could reach the server. */
export function isConnectPhaseFailure(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
  return typeof code === "string" && connectPhaseErrorCodes.has(code);
}

/** What a network failure becomes once it is final: offline if the runtime says so. */
export function toNetworkFailure(runtime: AuthRuntime, url: string, cause: unknown): Error {
  return runtime.isOnline() ? new AuthNetworkError(url, cause) : new AuthOfflineError(cause);
}
