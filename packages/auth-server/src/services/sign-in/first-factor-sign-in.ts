/**
 * The last step of every first-factor sign-in (password, OTP, OAuth, passkey, sign-up): a user with a
 * TOTP secret gets no tokens yet but `MULTI_FACTOR_AUTHENTICATION_REQUIRED` with an attempt code
 * (contract §2.14), redeemed with a TOTP code at `POST /auth/mfa/sign-in`; anyone else gets a session.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode } from "../credentials/verification-codes";
import type { LoadedProject } from "../projects/projects";
import type { LoadedUser } from "../records/user-records";
import { emitAuthEvent } from "../shared/auth-events";
import { startSession } from "./sessions";

/** An attempt code is valid for 5 minutes (the reference's lifetime). */
export const mfaAttemptLifetimeMillis = 5 * 60 * 1000;

/** What an MFA attempt code stands for: who passed the first factor, and whether they just signed up. */
export interface MfaAttemptData {
  user_id: string;
  is_new_user: boolean;
}

/** Tokens of a fresh session, as every sign-in endpoint answers them. */
export interface SignInTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  isNewUser: boolean;
}

export function requiresTotpMfa(user: LoadedUser): boolean {
  return user.row.totpSecretBase64 !== null;
}

/** Stores an attempt code for the second factor and returns it. */
export async function createMfaAttemptCode(
  deps: AuthDeps,
  project: LoadedProject,
  data: MfaAttemptData,
): Promise<string> {
  return createVerificationCode(deps, {
    projectId: project.id,
    type: "mfa_attempt",
    data: { ...data },
    expiresInMillis: mfaAttemptLifetimeMillis,
  });
}

/**
 * Finishes a sign-in whose first factor has been checked: throws `MULTI_FACTOR_AUTHENTICATION_REQUIRED`
 * (details `attempt_code`) for a user with TOTP, otherwise starts a session and returns its tokens.
 * Call it after every other check of the first factor, so a wrong password never yields an attempt code.
 */
export async function completeFirstFactorSignIn(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  options: { isNewUser?: boolean; ip?: string | null } = {},
): Promise<SignInTokens> {
  const isNewUser = options.isNewUser ?? false;
  if (requiresTotpMfa(user)) {
    const attemptCode = await createMfaAttemptCode(deps, project, {
      user_id: user.row.id,
      is_new_user: isNewUser,
    });
    throw knownErrors.multiFactorAuthenticationRequired({ attempt_code: attemptCode });
  }
  const session = await startSession(deps, project, user, { ip: options.ip ?? null });
  emitAuthEvent(deps.logger, deps.events?.signedIn, {
    projectId: project.id,
    userId: user.row.id,
    ip: options.ip ?? null,
    isNewUser,
  });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userId: user.row.id,
    isNewUser,
  };
}
