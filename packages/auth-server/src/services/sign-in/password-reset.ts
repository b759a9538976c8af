/**
 * Password reset, update and set (contract §2.2). A reset is a `password_reset` verification code
 * mailed to the account's sign-in address; asking for one never reveals whether the address exists.
 * A reset revokes every session of the user; an update revokes all but the caller's own.
 * @module
 */
import { knownErrors, maxPasswordLength, minPasswordLength } from "@heritage/auth-protocol";
import { and, eq, inArray, ne } from "drizzle-orm";
import { contactChannels, passwordCredentials, sessions } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { renderProjectEmail } from "../email/project-emails";
import { emailSenderFor } from "../email/project-mail";
import { buildCodeLink, renderPasswordResetEmail } from "../email-delivery/emails";
import type { MailLanguage } from "../email-delivery/mail-texts";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, normalizeEmail, requireUser } from "../records/user-records";
import { hashSecret } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";

/** PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG with the details the SDK reads (contract §4). */
export function assertPasswordLength(password: string): void {
  if (password.length < minPasswordLength) {
    throw knownErrors.passwordTooShort({ min_length: minPasswordLength });
  }
  if (password.length > maxPasswordLength) {
    throw knownErrors.passwordTooLong({ maxLength: maxPasswordLength });
  }
}

function assertPasswordsEnabled(project: LoadedProject): void {
  if (!project.config.auth.password.allowSignIn)
    throw knownErrors.passwordAuthenticationNotEnabled();
}

/** Stores a new argon2id hash for the user (replacing any old one). */
async function storePassword(
  deps: AuthDeps,
  tx: AuthDeps["db"],
  userId: string,
  password: string,
): Promise<void> {
  const passwordHash = await deps.passwords.hashPassword(password);
  const now = deps.clock();
  await tx
    .insert(passwordCredentials)
    .values({ userId, passwordHash, updatedAt: now })
    .onConflictDoUpdate({
      target: passwordCredentials.userId,
      set: { passwordHash, updatedAt: now },
    });
}

/**
 * Mails a reset code to the account signing in with this address, if there is one. Answers the same
 * way either way (issue 14): every check that does not depend on the account comes before the
 * lookup (the reference reports an untrusted callback URL only for an existing account, which tells
 * who has one), and the mail is only stored before the answer, so a slow mail server does not
 * make a known address answer later.
 */
export async function sendPasswordResetCode(
  deps: AuthDeps,
  project: LoadedProject,
  input: { email: string; callbackUrl: string; language?: MailLanguage | undefined },
): Promise<void> {
  assertPasswordsEnabled(project);
  if (!isTrustedRedirectUrl(project.config, input.callbackUrl)) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  const candidates = [...new Set([input.email, normalizeEmail(input.email)])];
  const [channel] = await deps.db
    .select({ userId: contactChannels.userId, value: contactChannels.value })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, project.id),
        eq(contactChannels.type, "email"),
        eq(contactChannels.usedForAuth, true),
        inArray(contactChannels.value, candidates),
      ),
    )
    .limit(1);
  if (!channel) return;
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: "password_reset",
    data: { user_id: channel.userId, email: channel.value },
  });
  const link = buildCodeLink(input.callbackUrl, code);
  // A project may override the built-in template (services/email/project-emails.ts).
  const rendered = await renderProjectEmail(
    project,
    "password_reset",
    { passwordResetLink: link },
    () =>
      renderPasswordResetEmail({
        projectName: project.displayName,
        link,
        language: input.language,
      }),
    deps,
  );
  await emailSenderFor(deps, project).sendInBackground({
    projectId: project.id,
    fromName: project.displayName,
    to: channel.value,
    ...rendered,
  });
}

/** `reset/check-code`: the code's checks without using it up. */
export async function checkPasswordResetCode(
  deps: AuthDeps,
  project: LoadedProject,
  code: string,
): Promise<void> {
  await redeemVerificationCode(deps, {
    projectId: project.id,
    type: "password_reset",
    code,
    consume: false,
  });
}

/**
 * Sets the password of the code's user and revokes all their sessions. The code is only used up once
 * the new password is accepted, so a too-short password can be corrected with the same link.
 */
export async function resetPasswordWithCode(
  deps: AuthDeps,
  project: LoadedProject,
  input: { code: string; password: string },
): Promise<void> {
  const redeem = { projectId: project.id, type: "password_reset", code: input.code } as const;
  const data = await redeemVerificationCode(deps, { ...redeem, consume: false });
  assertPasswordsEnabled(project);
  assertPasswordLength(input.password);
  const userId = typeof data.user_id === "string" ? data.user_id : "";
  const user = await requireUser(deps.db, project.id, userId);
  await redeemVerificationCode(deps, { ...redeem, consume: true });
  await deps.db.transaction(async (tx) => {
    await storePassword(deps, tx, user.row.id, input.password);
    await tx.delete(sessions).where(eq(sessions.userId, user.row.id));
  });
}

/**
 * Changes the signed-in user's password after checking the old one; every other session of the user
 * ends (all of them when the caller names no refresh token).
 */
export async function updatePassword(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  input: { oldPassword: string; newPassword: string; keepRefreshToken: string | null },
): Promise<void> {
  assertPasswordsEnabled(project);
  assertPasswordLength(input.newPassword);
  const [credential] = await deps.db
    .select()
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, user.row.id))
    .limit(1);
  if (!credential) throw knownErrors.userDoesNotHavePassword();
  const verification = await deps.passwords.verifyPassword(
    credential.passwordHash,
    input.oldPassword,
  );
  if (!verification.isValid) throw knownErrors.passwordConfirmationMismatch();
  await deps.db.transaction(async (tx) => {
    await storePassword(deps, tx, user.row.id, input.newPassword);
    const others =
      input.keepRefreshToken === null
        ? eq(sessions.userId, user.row.id)
        : and(
            eq(sessions.userId, user.row.id),
            ne(sessions.refreshTokenHash, hashSecret(input.keepRefreshToken)),
          );
    await tx.delete(sessions).where(others);
  });
}

/** Gives a password to a signed-in user who has none (e.g. signed up with OTP). */
export async function setPassword(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  password: string,
): Promise<void> {
  assertPasswordsEnabled(project);
  assertPasswordLength(password);
  if (user.hasPassword) throw plainErrors.passwordAlreadySet();
  await storePassword(deps, deps.db, user.row.id, password);
}
