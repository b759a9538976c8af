/**
 * @module
 * How admin screens authenticate their calls to the content API (`/functions/api-*`): ask for a
 * fresh access token right before each request and send it as `Authorization: Bearer <token>`.
 *
 * @example
 * const getAccessToken = useAdminAccessToken();
 * const token = await getAccessToken();
 * await fetch("/functions/api-faqs", { headers: { Authorization: `Bearer ${token}` } });
 */
import { useAuth } from "@heritage/auth-react";
import { useCallback } from "react";

/** Thrown when no access token can be had: the session ended (the guard then sends to /login). */
export class NotSignedInError extends Error {
  override readonly name = "NotSignedInError";
  constructor() {
    super("You are not signed in any more. Please sign in again.");
  }
}

/**
 * A stable function returning a fresh access token of the signed-in admin (refreshed when it is
 * about to expire). Call it per request; never keep the token. Rejects with `NotSignedInError`.
 */
export function useAdminAccessToken(): () => Promise<string> {
  const { app } = useAuth();
  return useCallback(async () => {
    const token = await app.getAccessToken();
    if (token === null) throw new NotSignedInError();
    return token;
  }, [app]);
}

/** Same as `useAdminAccessToken`, as ready-made request headers. */
export function useAdminAuthHeaders(): () => Promise<{ Authorization: string }> {
  const getAccessToken = useAdminAccessToken();
  return useCallback(
    async () => ({ Authorization: `Bearer ${await getAccessToken()}` }),
    [getAccessToken],
  );
}
