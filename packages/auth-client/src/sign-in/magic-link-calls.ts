/**
 * @module
 * Sign-in with an e-mailed code (contract §2.4): the e-mail carries a magic link (`?code=` appended
 * to `callbackUrl`) and a 6-character OTP; `sendMagicLinkEmail` answers the nonce that, after the
 * OTP, makes up the same code. New addresses are signed up (an anonymous session is upgraded in
 * place). Expected failures (OTP off, wrong or used code, sign-up closed, …) are `AuthResult`s.
 * @example
 * const callbackUrl = `${origin}/handler/magic-link-callback`;
 * const sent = await auth.sendMagicLinkEmail(email, { callbackUrl });
 * // on the link's page:
 * await auth.signInWithMagicLink(new URL(location.href).searchParams.get("code") ?? "");
 * // or with the typed code:
 * if (sent.status === "ok") await auth.signInWithOtp({ otp, nonce: sent.data.nonce });
 */
import { isKnownError, sendSignInCodeResponseSchema } from "@heritage/auth-protocol";
import { type AppCore, type AuthResult, parseResponse } from "../calls-core";
import { type SignedIn, storeSignInResponse } from "./sign-in-response";

export interface MagicLinkCalls {
  /** `POST /auth/otp/send-sign-in-code`; resolves with the nonce `signInWithOtp` needs. */
  sendMagicLinkEmail(
    email: string,
    options: { callbackUrl: string },
  ): Promise<AuthResult<{ nonce: string }>>;
  /** `POST /auth/otp/sign-in/check-code`: whether a link's code can still sign in. */
  verifyMagicLinkCode(code: string): Promise<AuthResult<void>>;
  /** `POST /auth/otp/sign-in` with the link's `code`; stores the session. */
  signInWithMagicLink(code: string): Promise<AuthResult<SignedIn>>;
  /** `POST /auth/otp/sign-in` with the typed 6-character OTP and the nonce; stores the session. */
  signInWithOtp(input: { otp: string; nonce: string }): Promise<AuthResult<SignedIn>>;
}

export function createMagicLinkCalls(core: AppCore): MagicLinkCalls {
  const { send, session } = core;

  /** POSTs with the session (an anonymous user is upgraded); known errors become results. */
  const attempt = async <T>(
    path: string,
    body: Record<string, unknown>,
    read: (response: Response) => Promise<T>,
  ): Promise<AuthResult<T>> => {
    let response: Response;
    try {
      response = await send(path, { method: "POST", body, session });
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error };
      throw error;
    }
    return { status: "ok", data: await read(response) };
  };

  const signIn = (code: string) =>
    attempt("/auth/otp/sign-in", { code }, (response) => storeSignInResponse(session, response));

  return {
    sendMagicLinkEmail: (email, { callbackUrl }) =>
      attempt(
        "/auth/otp/send-sign-in-code",
        { email, callback_url: callbackUrl },
        async (response) => {
          const { nonce } = await parseResponse(response, sendSignInCodeResponseSchema);
          return { nonce };
        },
      ),
    verifyMagicLinkCode: (code) =>
      attempt("/auth/otp/sign-in/check-code", { code }, async () => undefined),
    signInWithMagicLink: signIn,
    signInWithOtp: ({ otp, nonce }) => signIn(`${otp.trim()}${nonce}`),
  };
}
