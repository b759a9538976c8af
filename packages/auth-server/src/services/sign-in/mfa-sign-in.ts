/**
 * `POST /auth/mfa/sign-in` (contract §2.14): an attempt code from a first-factor sign-in plus a TOTP
 * code give the session. Code problems answer the `VERIFICATION_ERROR` family; a wrong or reused TOTP
 * code answers `INVALID_TOTP_CODE` and leaves the attempt code usable (its attempts are counted, 20 at
 * most, so it cannot be used to guess codes).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps";
import { claimTotpStep, findTotpStep, openTotpSecret } from "../credentials/totp";
import { redeemVerificationCode } from "../credentials/verification-codes";
import type { LoadedProject } from "../projects/projects";
import { findUser } from "../records/user-records";
import { emitAuthEvent } from "../shared/auth-events";
import type { SignInTokens } from "./first-factor-sign-in";
import { startSession } from "./sessions";

const attemptDataSchema = z.object({ user_id: z.string(), is_new_user: z.boolean() });

export async function signInWithTotp(
  deps: AuthDeps,
  project: LoadedProject,
  input: { attemptCode: string; totp: string; ip: string | null },
): Promise<SignInTokens> {
  const redeem = (consume: boolean) =>
    redeemVerificationCode(deps, {
      projectId: project.id,
      type: "mfa_attempt",
      code: input.attemptCode,
      consume,
    });
  const data = attemptDataSchema.parse(await redeem(false));
  const user = await findUser(deps.db, project.id, data.user_id);
  // Deleted since, or TOTP turned off since: the attempt no longer leads anywhere.
  const stored = user?.row.totpSecretBase64;
  if (!user || !stored) throw knownErrors.verificationCodeNotFound();
  const secret = openTotpSecret(deps.secrets, user.row.id, stored);
  const step = findTotpStep(secret, input.totp, deps.clock());
  if (step === null || !(await claimTotpStep(deps.db, user.row.id, step))) {
    throw knownErrors.invalidTotpCode();
  }
  await redeem(true);
  const session = await startSession(deps, project, user, { ip: input.ip });
  emitAuthEvent(deps.logger, deps.events?.signedIn, {
    projectId: project.id,
    userId: user.row.id,
    ip: input.ip,
    isNewUser: data.is_new_user,
  });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userId: user.row.id,
    isNewUser: data.is_new_user,
  };
}
