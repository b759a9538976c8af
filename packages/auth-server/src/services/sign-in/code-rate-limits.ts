/**
 * Rate limits of the endpoints that mail codes (sign-in codes, password resets, e-mail
 * verifications) and of those that check or redeem them. Sending is counted per client IP and per
 * address before anything is looked up, so a 429 says nothing about whether an address has an
 * account; checking is counted per client IP, on top of the 20 attempts each code allows (§2.1).
 * Per-IP rules apply to client access only: server and admin calls come from the project's own
 * backend, which speaks for many end users from one address.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import type { AuthDeps } from "../auth-deps";
import { normalizeEmail } from "../records/user-records";
import { hashSecret } from "../secrets/secrets";
import { consumeRateLimits, type RateLimitRule } from "./rate-limits";

type LimitDeps = Pick<AuthDeps, "db" | "clock" | "config">;

/** Who sends the request: its access type and client IP. */
export interface CodeCaller {
  accessType: AccessType;
  ip: string | null;
}

function perIpRules(caller: CodeCaller, key: string, limit: number): RateLimitRule[] {
  if (caller.accessType !== "client") return [];
  return [{ key: `${key}:ip:${caller.ip ?? "unknown"}`, limit }];
}

/** Counts one code e-mail to `email`. */
export async function limitCodeSending(
  deps: LimitDeps,
  caller: CodeCaller,
  input: { projectId: string; email: string },
): Promise<void> {
  await consumeRateLimits(deps, [
    ...perIpRules(caller, "send-code", deps.config.AUTH_RATE_LIMIT_SEND_CODE_PER_IP),
    {
      // Digests keep counter keys short and addresses out of the rate-limit table.
      key: `send-code:email:${input.projectId}:${hashSecret(normalizeEmail(input.email))}`,
      limit: deps.config.AUTH_RATE_LIMIT_SEND_CODE_PER_EMAIL,
    },
  ]);
}

/** Counts one check or redemption of a code. */
export async function limitCodeChecking(deps: LimitDeps, caller: CodeCaller): Promise<void> {
  await consumeRateLimits(
    deps,
    perIpRules(caller, "check-code", deps.config.AUTH_RATE_LIMIT_CHECK_CODE_PER_IP),
  );
}

/**
 * Waits until `minimumMillis` have passed since `startedAt` (real time), so an answer that looked
 * an address up takes as long whether or not it found an account.
 */
export async function waitUntilMinimumDuration(
  startedAt: number,
  minimumMillis: number,
): Promise<void> {
  const remaining = startedAt + minimumMillis - performance.now();
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
