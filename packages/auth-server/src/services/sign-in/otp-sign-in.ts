/**
 * Sign-in with an e-mailed code (contract §2.4): one `otp_sign_in` verification code serves both
 * as the magic link's `code` and, split, as the OTP a user types (its first 6 characters) plus the
 * nonce the client keeps (the other 39). Redeeming it signs the address's account in, or signs a
 * new user up with that address verified (upgrading the caller when it is an anonymous user). A new
 * user's country is the one of the request that asked for the code (the reference keeps that
 * request's context in the code), not of the one that redeems it.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq, inArray } from "drizzle-orm";
import { contactChannels, users } from "../../db/schema";
import { createUser, updateUser } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { renderProjectEmail } from "../email/project-emails";
import { emailSenderFor } from "../email/project-mail";
import { buildCodeLink, renderMagicLinkEmail } from "../email-delivery/emails";
import type { MailLanguage } from "../email-delivery/mail-texts";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, normalizeEmail, requireUser } from "../records/user-records";
import { plainErrors } from "../shared/plain-errors";
import {
  applySignUpRules,
  createSignUpRuleContext,
  signUpCountryFields,
} from "../sign-up-rules/sign-up-rules";
import { completeFirstFactorSignIn, type SignInTokens } from "./first-factor-sign-in";

/** Characters of the code a user types; the rest is the nonce `send-sign-in-code` answers. */
export const otpLength = 6;

interface AuthEmailChannel {
  userId: string;
  value: string;
  isVerified: boolean;
}

function assertOtpEnabled(project: LoadedProject): void {
  if (!project.config.auth.otp.allowSignIn) {
    throw plainErrors.otpSignInNotEnabled();
  }
}

/** The channel signing in with this address: exact value first, then the normalized one. */
async function findAuthEmailChannel(
  deps: AuthDeps,
  projectId: string,
  email: string,
): Promise<AuthEmailChannel | null> {
  const candidates = [...new Set([email, normalizeEmail(email)])];
  const rows = await deps.db
    .select({
      userId: contactChannels.userId,
      value: contactChannels.value,
      isVerified: contactChannels.isVerified,
    })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.usedForAuth, true),
        inArray(contactChannels.value, candidates),
      ),
    );
  return rows.find((row) => row.value === email) ?? rows[0] ?? null;
}

/**
 * Whether this address may sign in with a code, as the reference decides it: an account whose
 * address is not verified cannot (someone else may have typed it in), and a new address needs
 * sign-up to be open.
 */
function assertAddressAllowsOtp(project: LoadedProject, channel: AuthEmailChannel | null): void {
  if (channel && !channel.isVerified) {
    throw knownErrors.userEmailAlreadyExists({
      email: channel.value,
      would_work_if_email_was_verified: true,
    });
  }
  if (!channel && !project.config.auth.allowSignUp) throw knownErrors.signUpNotEnabled();
}

/** Mails a sign-in code and link to `email`; returns the nonce the client sends with the OTP. */
export async function sendSignInCode(
  deps: AuthDeps,
  project: LoadedProject,
  input: {
    email: string;
    callbackUrl: string;
    countryCode: string | null;
    language?: MailLanguage | undefined;
  },
): Promise<{ nonce: string }> {
  assertOtpEnabled(project);
  // Before the lookup, so an untrusted callback URL gets the same answer for every address.
  if (!isTrustedRedirectUrl(project.config, input.callbackUrl)) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  const channel = await findAuthEmailChannel(deps, project.id, input.email);
  assertAddressAllowsOtp(project, channel);
  const email = channel?.value ?? normalizeEmail(input.email);
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: "otp_sign_in",
    data: { email, sign_up_country_code: input.countryCode },
  });
  const otp = code.slice(0, otpLength).toUpperCase();
  await emailSenderFor(deps, project).send({
    projectId: project.id,
    fromName: project.displayName,
    to: email,
    // A project may override the built-in template (services/email/project-emails.ts).
    ...(await renderProjectEmail(
      project,
      "magic_link",
      { magicLink: buildCodeLink(input.callbackUrl, code), otp },
      () =>
        renderMagicLinkEmail({
          projectName: project.displayName,
          link: buildCodeLink(input.callbackUrl, code),
          otp,
          language: input.language,
        }),
      deps,
    )),
  });
  return { nonce: code.slice(otpLength) };
}

/** `sign-in/check-code`: the code's checks without using it up. */
export async function checkSignInCode(
  deps: AuthDeps,
  project: LoadedProject,
  code: string,
): Promise<void> {
  await redeemVerificationCode(deps, {
    projectId: project.id,
    type: "otp_sign_in",
    code,
    consume: false,
  });
}

/** The account of a verified address, with the OTP method turned on if it was off. */
async function signInExistingAccount(
  deps: AuthDeps,
  project: LoadedProject,
  userId: string,
): Promise<LoadedUser> {
  // Receiving the code proves control of the address, so OTP joins the account's sign-in methods.
  await deps.db
    .update(users)
    .set({ otpAuthEnabled: true })
    .where(and(eq(users.id, userId), eq(users.otpAuthEnabled, false)));
  return requireUser(deps.db, project.id, userId);
}

/**
 * Redeems a sign-in code (the link's code, or OTP + nonce). The code is used up only once every
 * other check has passed, so a refused attempt leaves it usable after the project is fixed.
 */
export async function signInWithCode(
  deps: AuthDeps,
  project: LoadedProject,
  input: { code: string; currentUser: LoadedUser | null; ip: string | null },
): Promise<SignInTokens> {
  const redeem = { projectId: project.id, type: "otp_sign_in", code: input.code } as const;
  const data = await redeemVerificationCode(deps, { ...redeem, consume: false });
  assertOtpEnabled(project);
  const email = typeof data.email === "string" ? data.email : "";
  const countryCode =
    typeof data.sign_up_country_code === "string" ? data.sign_up_country_code : null;
  const channel = await findAuthEmailChannel(deps, project.id, email);
  assertAddressAllowsOtp(project, channel);
  const anonymousUser = input.currentUser?.row.isAnonymous ? input.currentUser : null;
  // A sign-up the project's rules refuse leaves the code usable, as the other refusals do.
  const ruleFields = channel
    ? {}
    : applySignUpRules(
        deps,
        project,
        createSignUpRuleContext({ email, countryCode, authMethod: "otp", oauthProvider: null }),
        anonymousUser?.row.restrictedByAdminPrivateDetails ?? null,
      );
  await redeemVerificationCode(deps, { ...redeem, consume: true });

  if (channel) {
    const user = await signInExistingAccount(deps, project, channel.userId);
    return completeFirstFactorSignIn(deps, project, user, { isNewUser: false, ip: input.ip });
  }
  const fields = {
    primary_email: email,
    primary_email_verified: true,
    primary_email_auth_enabled: true,
    otp_auth_enabled: true,
    ...ruleFields,
  };
  const user = await deps.db.transaction((tx) =>
    anonymousUser
      ? updateUser(tx, deps, project, anonymousUser.row.id, {
          ...fields,
          is_anonymous: false,
          ...signUpCountryFields(anonymousUser, countryCode),
        })
      : createUser(tx, deps, project, { ...fields, ...signUpCountryFields(null, countryCode) }),
  );
  return completeFirstFactorSignIn(deps, project, user, { isNewUser: true, ip: input.ip });
}
