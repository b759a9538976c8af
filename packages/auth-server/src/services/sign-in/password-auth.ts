/**
 * Password sign-in and sign-up (contract §1.7): the order of checks, timing-equal failure for unknown
 * emails, bcrypt-to-argon2id upgrade on sign-in, rate limits per IP, per address and IP, and per
 * address.
 * @module
 */
import { knownErrors, maxPasswordLength, minPasswordLength } from "@heritage/auth-protocol";
import { and, eq, inArray } from "drizzle-orm";
import { contactChannels, passwordCredentials } from "../../db/schema";
import { findContactChannel, sendChannelVerificationCode } from "../accounts/contact-channels";
import { createUser, updateUser } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { MailLanguage } from "../email-delivery/mail-texts";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, normalizeEmail, requireUser } from "../records/user-records";
// Digests keep counter keys short and keep addresses out of the rate-limit table.
import { hashSecret } from "../secrets/secrets";
import { emitAuthEvent } from "../shared/auth-events";
import {
  applySignUpRules,
  createSignUpRuleContext,
  signUpCountryFields,
} from "../sign-up-rules/sign-up-rules";
import { completeFirstFactorSignIn } from "./first-factor-sign-in";
import { consumeRateLimits } from "./rate-limits";

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
}

/** Looks up the auth email channel: exact value first, then the normalized one. */
async function findPasswordAccount(deps: AuthDeps, projectId: string, email: string) {
  const candidates = [...new Set([email, normalizeEmail(email)])];
  const rows = await deps.db
    .select({
      userId: contactChannels.userId,
      value: contactChannels.value,
      passwordHash: passwordCredentials.passwordHash,
    })
    .from(contactChannels)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, contactChannels.userId))
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

export async function signInWithPassword(
  deps: AuthDeps,
  project: LoadedProject,
  input: { email: string; password: string; ip: string | null },
): Promise<SessionTokens> {
  if (!project.config.auth.password.allowSignIn) {
    throw knownErrors.passwordAuthenticationNotEnabled();
  }
  const address = hashSecret(normalizeEmail(input.email));
  const ip = input.ip ?? "unknown";
  // Guesses are stopped per address *and* client (issue 14): someone guessing from one client
  // does not lock the owner out on another. The per-address ceiling is much higher and only
  // slows guessing spread over many clients.
  await consumeRateLimits(deps, [
    { key: `sign-in:ip:${ip}`, limit: deps.config.AUTH_RATE_LIMIT_SIGN_IN_PER_IP },
    {
      key: `sign-in:email-ip:${project.id}:${address}:${ip}`,
      limit: deps.config.AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP,
    },
    {
      key: `sign-in:email:${project.id}:${address}`,
      limit: deps.config.AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL,
    },
  ]);
  const account = await findPasswordAccount(deps, project.id, input.email);
  const refuse = () => {
    emitAuthEvent(deps.logger, deps.events?.signInFailed, {
      projectId: project.id,
      email: normalizeEmail(input.email),
      ip: input.ip,
      reason: "wrong_password",
    });
    return knownErrors.emailPasswordMismatch();
  };
  if (!account?.passwordHash) {
    await deps.passwords.verifyAgainstDummy(input.password);
    throw refuse();
  }
  const verification = await deps.passwords.verifyPassword(account.passwordHash, input.password);
  if (!verification.isValid) throw refuse();
  if (verification.needsRehash) {
    await deps.db
      .update(passwordCredentials)
      .set({
        passwordHash: await deps.passwords.hashPassword(input.password),
        updatedAt: deps.clock(),
      })
      .where(eq(passwordCredentials.userId, account.userId));
  }
  const user = await requireUser(deps.db, project.id, account.userId);
  return completeFirstFactorSignIn(deps, project, user, { ip: input.ip });
}

export async function signUpWithPassword(
  deps: AuthDeps,
  project: LoadedProject,
  input: {
    email: string;
    password: string;
    verificationCallbackUrl?: string | undefined;
    /** The language of the verification mail. */
    language?: MailLanguage | undefined;
    /** The user of the request's access token: an anonymous one is upgraded instead. */
    currentUser: LoadedUser | null;
    ip: string | null;
    /** The request's geo country (http/end-user-country.ts), for a new user's `country_code`. */
    countryCode: string | null;
  },
): Promise<SessionTokens> {
  const { config } = project;
  if (!config.auth.password.allowSignIn) throw knownErrors.passwordAuthenticationNotEnabled();
  if (
    input.verificationCallbackUrl !== undefined &&
    !isTrustedRedirectUrl(config, input.verificationCallbackUrl)
  ) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  if (!config.auth.allowSignUp) throw knownErrors.signUpNotEnabled();
  if (input.password.length < minPasswordLength) {
    throw knownErrors.passwordTooShort({ min_length: minPasswordLength });
  }
  if (input.password.length > maxPasswordLength) {
    throw knownErrors.passwordTooLong({ maxLength: maxPasswordLength });
  }
  await consumeRateLimits(deps, [
    {
      key: `sign-up:ip:${input.ip ?? "unknown"}`,
      limit: deps.config.AUTH_RATE_LIMIT_SIGN_UP_PER_IP,
    },
    {
      key: `sign-up:email:${project.id}:${hashSecret(normalizeEmail(input.email))}`,
      limit: deps.config.AUTH_RATE_LIMIT_SIGN_UP_PER_EMAIL,
    },
  ]);
  const anonymousUser = input.currentUser?.row.isAnonymous ? input.currentUser : null;
  const ruleFields = applySignUpRules(
    deps,
    project,
    createSignUpRuleContext({
      email: input.email,
      countryCode: input.countryCode,
      authMethod: "password",
      oauthProvider: null,
    }),
    anonymousUser?.row.restrictedByAdminPrivateDetails ?? null,
  );
  const user = await deps.db.transaction(async (tx) => {
    const fields = {
      primary_email: input.email,
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      password: input.password,
      ...ruleFields,
    };
    if (anonymousUser) {
      return updateUser(tx, deps, project, anonymousUser.row.id, {
        ...fields,
        is_anonymous: false,
        ...signUpCountryFields(anonymousUser, input.countryCode),
      });
    }
    return createUser(tx, deps, project, {
      ...fields,
      ...signUpCountryFields(null, input.countryCode),
    });
  });
  if (input.verificationCallbackUrl !== undefined && user.primaryEmail) {
    const channel = await findContactChannel(
      deps.db,
      project.id,
      user.row.id,
      user.primaryEmail.id,
    );
    if (channel && !channel.isVerified) {
      await sendChannelVerificationCode(
        deps,
        project,
        channel,
        input.verificationCallbackUrl,
        input.language,
      );
    }
  }
  return completeFirstFactorSignIn(deps, project, user, { isNewUser: true, ip: input.ip });
}
