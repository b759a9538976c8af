/**
 * Passkeys (contract §2.15) with @simplewebauthn/server: registration and sign-in each start with
 * options whose challenge is kept as a short-lived verification code. The options carry the SDK's
 * sentinel RP id, which the browser side replaces with its own host name; the answer is then checked
 * against the origin in its client data, which must be a trusted domain of the project (or localhost
 * when the project allows it), with the RP id being that origin's host, as the reference does.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps";
import {
  findPasskeyCredential,
  replacePasskeyCredential,
  updatePasskeyCounter,
} from "../credentials/passkey-credentials";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, requireUser } from "../records/user-records";
import { completeFirstFactorSignIn, type SignInTokens } from "./first-factor-sign-in";

/** The SDK asserts this RP id and replaces it with the page's host name. */
export const sentinelRpId = "THIS_VALUE_WILL_BE_REPLACED.example.com";
export const passkeyTimeoutMillis = 60_000;
/** The challenge outlives the browser's timeout a little, as in the reference. */
const challengeLifetimeMillis = passkeyTimeoutMillis + 5_000;
/** Ed25519, ES256, RS256: the contract's `pubKeyCredParams`. */
const supportedAlgorithmIds = [-8, -7, -257];
/** WebAuthn's limit on `user.id` (spec §5 and §9). */
export const maxWebAuthnUserIdBytes = 64;

/**
 * The challenge under STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING: the UTF-8 bytes of
 * "MOCK", as in the reference, whose e2e suite replays answers signed for it. Never in production
 * (config.ts refuses the switch there).
 */
export const fixedTestPasskeyChallenge = "MOCK";

/** The challenge to offer: the fixed one when the test switch is on; undefined means random. */
function challengeFor(deps: AuthDeps): Uint8Array<ArrayBuffer> | undefined {
  if (!deps.config.STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING) return undefined;
  return new Uint8Array(Buffer.from(fixedTestPasskeyChallenge, "utf8"));
}

const registrationDataSchema = z.object({ challenge: z.string(), user_id: z.string() });
const authenticationDataSchema = z.object({ challenge: z.string() });

function requirePasskeysEnabled(project: LoadedProject): void {
  if (!project.config.auth.passkey.allowSignIn) throw knownErrors.passkeyAuthenticationNotEnabled();
}

/**
 * The origin the browser signed for, when the project trusts it; null otherwise (including for
 * client data that cannot be decoded).
 */
function trustedOriginOf(project: LoadedProject, clientDataJSON: string): URL | null {
  try {
    const { origin } = decodeClientDataJSON(clientDataJSON);
    if (typeof origin !== "string" || !isTrustedRedirectUrl(project.config, origin)) return null;
    return new URL(origin);
  } catch {
    return null;
  }
}

/** The WebAuthn `user.id`: the UTF-8 bytes of our user id, which must fit WebAuthn's 1..64 bytes. */
export function webAuthnUserIdOf(userId: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Buffer.from(userId, "utf8"));
  if (bytes.length < 1 || bytes.length > maxWebAuthnUserIdBytes) {
    throw new Error(`A WebAuthn user id must be 1 to 64 bytes, got ${bytes.length}`);
  }
  return bytes;
}

export async function initiatePasskeyRegistration(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
): Promise<{ optionsJson: unknown; code: string }> {
  requirePasskeysEnabled(project);
  const name = user.row.displayName || user.primaryEmail?.value || "Stack Auth User";
  const options = await generateRegistrationOptions({
    rpName: project.displayName,
    rpID: sentinelRpId,
    userID: webAuthnUserIdOf(user.row.id),
    userName: name,
    userDisplayName: name,
    challenge: challengeFor(deps),
    timeout: passkeyTimeoutMillis,
    attestationType: "none",
    supportedAlgorithmIDs: supportedAlgorithmIds,
    // Discoverable credentials, so sign-in needs no user name first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  // The contract's options carry no empty `hints`.
  const { hints, ...rest } = options;
  const optionsJson = hints && hints.length > 0 ? options : rest;
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: "passkey_registration_challenge",
    data: { challenge: options.challenge, user_id: user.row.id },
    expiresInMillis: challengeLifetimeMillis,
  });
  return { optionsJson, code };
}

/** Checks the authenticator's attestation and stores the passkey; returns its credential id. */
export async function registerPasskey(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  input: { credential: RegistrationResponseJSON; code: string },
): Promise<{ userHandle: string }> {
  const redeem = (consume: boolean) =>
    redeemVerificationCode(deps, {
      projectId: project.id,
      type: "passkey_registration_challenge",
      code: input.code,
      consume,
    });
  const data = registrationDataSchema.parse(await redeem(false));
  requirePasskeysEnabled(project);
  if (data.user_id !== user.row.id) {
    throw knownErrors.passkeyRegistrationFailed({
      message: "Passkey registration failed because the challenge belongs to another user",
    });
  }
  const origin = trustedOriginOf(project, input.credential.response.clientDataJSON);
  if (!origin) {
    throw knownErrors.passkeyRegistrationFailed({
      message: "Passkey registration failed because the origin is not allowed",
    });
  }
  const verification = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: data.challenge,
    expectedOrigin: origin.origin,
    expectedRPID: origin.hostname,
    expectedType: "webauthn.create",
    requireUserVerification: false,
    supportedAlgorithmIDs: supportedAlgorithmIds,
  }).catch(() => null);
  if (!verification?.verified) {
    throw knownErrors.passkeyRegistrationFailed({
      message: "Passkey registration failed because the verification response is invalid",
    });
  }
  await redeem(true);
  const { credential } = verification.registrationInfo;
  await deps.db.transaction((tx) =>
    replacePasskeyCredential(
      tx,
      {
        id: deps.ids.generateId(),
        projectId: project.id,
        userId: user.row.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      deps.clock(),
    ),
  );
  return { userHandle: credential.id };
}

export async function initiatePasskeyAuthentication(
  deps: AuthDeps,
  project: LoadedProject,
): Promise<{ optionsJson: unknown; code: string }> {
  requirePasskeysEnabled(project);
  const options = await generateAuthenticationOptions({
    rpID: sentinelRpId,
    challenge: challengeFor(deps),
    timeout: passkeyTimeoutMillis,
    userVerification: "preferred",
    allowCredentials: [],
  });
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: "passkey_authentication_challenge",
    data: { challenge: options.challenge },
    expiresInMillis: challengeLifetimeMillis,
  });
  return { optionsJson: options, code };
}

/** Checks the authenticator's assertion, then finishes the sign-in (MFA applies). */
export async function signInWithPasskey(
  deps: AuthDeps,
  project: LoadedProject,
  input: { authenticationResponse: AuthenticationResponseJSON; code: string; ip: string | null },
): Promise<SignInTokens> {
  const redeem = (consume: boolean) =>
    redeemVerificationCode(deps, {
      projectId: project.id,
      type: "passkey_authentication_challenge",
      code: input.code,
      consume,
    });
  const data = authenticationDataSchema.parse(await redeem(false));
  requirePasskeysEnabled(project);
  const stored = await findPasskeyCredential(deps.db, project.id, input.authenticationResponse.id);
  if (!stored) throw knownErrors.passkeyAuthenticationFailed({ message: "Passkey not found" });
  const origin = trustedOriginOf(project, input.authenticationResponse.response.clientDataJSON);
  if (!origin) {
    throw knownErrors.passkeyAuthenticationFailed({
      message: "Passkey authentication failed because the origin is not allowed",
    });
  }
  const verification = await verifyAuthenticationResponse({
    response: input.authenticationResponse,
    expectedChallenge: data.challenge,
    expectedOrigin: origin.origin,
    expectedRPID: origin.hostname,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) {
    throw knownErrors.passkeyAuthenticationFailed({
      message:
        "The signature of the authentication response could not be verified with the stored public key tied to this credential ID",
    });
  }
  await redeem(true);
  await updatePasskeyCounter(deps.db, stored.id, verification.authenticationInfo.newCounter);
  const user = await requireUser(deps.db, project.id, stored.userId);
  return completeFirstFactorSignIn(deps, project, user, { ip: input.ip });
}
