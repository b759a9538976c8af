/**
 * @module
 * Anonymous users (contract §2.13): a session for a user without any credential, e.g. to keep a
 * visitor's data before they sign up. Signing up later (password or e-mailed code) in the same app
 * turns that user into a regular one with the same id.
 */
import { signInResponseSchema } from "@heritage/auth-protocol";
import { type AppCore, parseResponse } from "../calls-core";

export interface AnonymousSignUpCalls {
  /** `POST /auth/anonymous/sign-up`; stores the anonymous session, resolves with its user id. */
  signUpAnonymously(): Promise<{ userId: string }>;
}

export function createAnonymousSignUpCalls(core: AppCore): AnonymousSignUpCalls {
  const { send, session } = core;
  return {
    async signUpAnonymously() {
      // Sent without the current session: an anonymous sign-up always starts a new user.
      const response = await send("/auth/anonymous/sign-up", { method: "POST", body: {} });
      const tokens = await parseResponse(response, signInResponseSchema);
      session.setTokens({ refreshToken: tokens.refresh_token, accessToken: tokens.access_token });
      return { userId: tokens.user_id };
    },
  };
}
