/**
 * @module
 * The token answer of the second-factor and passkey sign-ins (`access_token`, `refresh_token`,
 * `user_id`, `is_new_user`), read and stored in the app's session.
 */

import { AuthProtocolError } from "../errors";
import type { AuthSession } from "../session";

export interface SignedIn {
  userId: string;
  /** True when the first factor was a sign-up. */
  isNewUser: boolean;
}

interface WireSignIn {
  access_token: string;
  refresh_token: string;
  user_id: string;
  is_new_user: boolean;
}

function isWireSignIn(value: unknown): value is WireSignIn {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.access_token === "string" &&
    typeof body.refresh_token === "string" &&
    typeof body.user_id === "string" &&
    typeof body.is_new_user === "boolean"
  );
}

/** Parses a sign-in answer, stores its tokens as the session, and says who signed in. */
export async function storeSignInResponse(
  session: AuthSession,
  response: Response,
): Promise<SignedIn> {
  const body: unknown = await response.json();
  if (!isWireSignIn(body)) {
    throw new AuthProtocolError(`Unexpected sign-in response from ${response.url || "the server"}`);
  }
  session.setTokens({ refreshToken: body.refresh_token, accessToken: body.access_token });
  return { userId: body.user_id, isNewUser: body.is_new_user };
}
