/**
 * Verification codes (contract §2.1), the one mechanism behind password reset and e-mail
 * verification: a random 45-character code is handed out once and stored as a digest with its type,
 * JSON data and expiry. Redeeming checks, in order: unknown, too many attempts (20 per nonce), expired,
 * already used; every attempt counts. `check` runs the same checks without using the code up.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq, isNull, sql } from "drizzle-orm";
import { verificationCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { hashSecret } from "../secrets/secrets";

export type VerificationCodeType =
  | "password_reset"
  | "contact_channel_verification"
  | "team_invitation"
  | "otp_sign_in"
  | "mfa_attempt"
  | "passkey_registration_challenge"
  | "passkey_authentication_challenge"
  | "integration_project_transfer"
  | "unsubscribe_link";

/** Codes are valid for 7 days unless the caller says otherwise (the reference's default). */
export const defaultCodeLifetimeMillis = 7 * 24 * 60 * 60 * 1000;
export const maxCodeAttempts = 20;
/** The part of a code attempts are counted on (the reference's OTP nonce). */
const nonceLength = 39;

type CodeDeps = Pick<AuthDeps, "db" | "clock" | "ids">;

function nonceOf(code: string): string {
  return code.slice(-nonceLength);
}

/** Creates a code and returns it; only its digest is stored. */
export async function createVerificationCode(
  deps: CodeDeps,
  input: {
    projectId: string;
    type: VerificationCodeType;
    data: Record<string, unknown>;
    expiresInMillis?: number;
  },
): Promise<string> {
  const now = deps.clock();
  const code = deps.ids.generateToken().toLowerCase();
  await deps.db.insert(verificationCodes).values({
    id: deps.ids.generateId(),
    projectId: input.projectId,
    type: input.type,
    codeHash: hashSecret(code),
    nonceHash: hashSecret(nonceOf(code)),
    data: input.data,
    expiresAt: new Date(now.getTime() + (input.expiresInMillis ?? defaultCodeLifetimeMillis)),
    createdAt: now,
  });
  return code;
}

/**
 * Checks a code (case-insensitive) and, with `consume`, marks it used; returns its data. Throws the
 * `VERIFICATION_ERROR` family of known errors.
 */
export async function redeemVerificationCode(
  deps: CodeDeps,
  input: { projectId: string; type: VerificationCodeType; code: string; consume: boolean },
): Promise<Record<string, unknown>> {
  const code = input.code.toLowerCase();
  // Counting first means every attempt is counted, including those that fail below.
  const [row] = await deps.db
    .update(verificationCodes)
    .set({ attemptCount: sql`${verificationCodes.attemptCount} + 1` })
    .where(
      and(
        eq(verificationCodes.projectId, input.projectId),
        eq(verificationCodes.type, input.type),
        eq(verificationCodes.nonceHash, hashSecret(nonceOf(code))),
      ),
    )
    .returning();
  if (!row) throw knownErrors.verificationCodeNotFound();
  if (row.attemptCount > maxCodeAttempts) throw knownErrors.verificationCodeMaxAttemptsReached();
  if (row.codeHash !== hashSecret(code)) throw knownErrors.verificationCodeNotFound();
  const now = deps.clock();
  if (row.expiresAt <= now) throw knownErrors.verificationCodeExpired();
  if (row.usedAt !== null) throw knownErrors.verificationCodeAlreadyUsed();
  if (input.consume) {
    // Two concurrent redemptions: only one finds the code unused.
    const used = await deps.db
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw knownErrors.verificationCodeAlreadyUsed();
  }
  return row.data as Record<string, unknown>;
}
