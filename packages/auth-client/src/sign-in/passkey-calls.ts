/**
 * @module
 * Passkeys (contract §2.15) in the browser: `registerPasskey` adds one for the signed-in user,
 * `signInWithPasskey` signs in with one. The server's options carry a placeholder RP id that is
 * replaced by the page's host name before `navigator.credentials` runs (through
 * @simplewebauthn/browser), as the official SDK does. Browser refusals (the user cancels, no
 * authenticator) are `PASSKEY_WEBAUTHN_ERROR` results; a user with TOTP gets the
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` result of any sign-in (see mfa-calls.ts).
 */
import { isKnownError, knownErrors } from "@heritage/auth-protocol";
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type { AppCore, AuthResult } from "../calls-core";
import { AuthProtocolError } from "../errors";
import { type SignedIn, storeSignInResponse } from "./sign-in-response";

/** What the server puts where the page's host name belongs; the SDK checks it too. */
export const passkeyRpIdPlaceholder = "THIS_VALUE_WILL_BE_REPLACED.example.com";
/** WebAuthn's bounds on `user.id` (spec §5, §9). */
const minUserIdBytes = 1;
const maxUserIdBytes = 64;

export interface PasskeyOptions {
  /** The RP id: the page's host name by default (`location.hostname`). */
  hostname?: string;
}

export interface PasskeyCalls {
  /** Creates a passkey for the signed-in user and stores it on the server (replacing theirs). */
  registerPasskey(options?: PasskeyOptions): Promise<AuthResult<void>>;
  /** Signs in with a passkey of this site; stores the session. */
  signInWithPasskey(options?: PasskeyOptions): Promise<AuthResult<SignedIn>>;
}

/** The browser's two WebAuthn ceremonies; replaceable so other runtimes can supply them. */
export interface PasskeyCeremonies {
  create(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON>;
  get(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>;
}

export const browserPasskeyCeremonies: PasskeyCeremonies = {
  create: (optionsJSON) => startRegistration({ optionsJSON }),
  get: (optionsJSON) => startAuthentication({ optionsJSON }),
};

interface Initiated<O> {
  options_json: O;
  code: string;
}

function resolveHostname(options: PasskeyOptions | undefined): string {
  const hostname =
    options?.hostname ?? (globalThis as { location?: { hostname?: string } }).location?.hostname;
  if (!hostname) throw new Error("Passkeys need the page's host name (pass `hostname`)");
  return hostname;
}

function base64UrlByteLength(value: string): number {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  return atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)).length;
}

/** Checks the user id the server chose against WebAuthn's 1..64 bytes before the browser does. */
function checkUserId(options: PublicKeyCredentialCreationOptionsJSON): void {
  const bytes = base64UrlByteLength(options.user.id);
  if (bytes < minUserIdBytes || bytes > maxUserIdBytes) {
    throw new AuthProtocolError(
      `The server's WebAuthn user id has ${bytes} bytes; it must have 1 to 64`,
    );
  }
}

function webAuthnFailure(error: unknown) {
  if (error instanceof WebAuthnError) {
    return knownErrors.passkeyWebauthnError({ message: error.message, code: error.code });
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  return knownErrors.passkeyWebauthnError({
    message: failure.message || "The browser refused the passkey ceremony",
    code: failure.name,
  });
}

export function createPasskeyCalls(
  core: AppCore,
  ceremonies: PasskeyCeremonies = browserPasskeyCeremonies,
): PasskeyCalls {
  const { send, session } = core;

  const post = async (path: string, body: Record<string, unknown>) =>
    send(`/auth/passkey${path}`, { method: "POST", body, session });

  /** Runs `step`, turning the server's known errors into error results. */
  const asResult = async <T>(step: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> => {
    try {
      return await step();
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error };
      throw error;
    }
  };

  return {
    registerPasskey: (options) =>
      asResult(async () => {
        const hostname = resolveHostname(options);
        const initiation = await post("/initiate-passkey-registration", {});
        const { options_json, code } =
          (await initiation.json()) as Initiated<PublicKeyCredentialCreationOptionsJSON>;
        if (options_json.rp.id !== passkeyRpIdPlaceholder) {
          throw new AuthProtocolError(`Unexpected RP id from the server: ${options_json.rp.id}`);
        }
        checkUserId(options_json);
        let credential: RegistrationResponseJSON;
        try {
          credential = await ceremonies.create({
            ...options_json,
            rp: { ...options_json.rp, id: hostname },
          });
        } catch (error) {
          return { status: "error", error: webAuthnFailure(error) };
        }
        await post("/register", { credential, code });
        return { status: "ok", data: undefined };
      }),
    signInWithPasskey: (options) =>
      asResult(async () => {
        const hostname = resolveHostname(options);
        const initiation = await post("/initiate-passkey-authentication", {});
        const { options_json, code } =
          (await initiation.json()) as Initiated<PublicKeyCredentialRequestOptionsJSON>;
        if (options_json.rpId !== passkeyRpIdPlaceholder) {
          throw new AuthProtocolError(`Unexpected RP id from the server: ${options_json.rpId}`);
        }
        let assertion: AuthenticationResponseJSON;
        try {
          assertion = await ceremonies.get({ ...options_json, rpId: hostname });
        } catch (error) {
          return { status: "error", error: webAuthnFailure(error) };
        }
        const response = await post("/sign-in", { authentication_response: assertion, code });
        return { status: "ok", data: await storeSignInResponse(session, response) };
      }),
  };
}
