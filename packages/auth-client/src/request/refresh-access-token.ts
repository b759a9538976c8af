/**
 * @module
 * The refresh grant (contract §1.6): `POST {base}/api/v1/auth/oauth/token`, form-encoded, with no
 * protocol headers, as the SDK's OAuth library sends it. A `REFRESH_TOKEN_ERROR`-family answer means
 * the session is over (null); any other failure is retried up to 5 times, then surfaces as a network
 * error (or the offline error).
 */
import { isKnownErrorInFamily } from "@heritage/auth-protocol";
import { AuthHttpError, AuthProtocolError } from "../errors";
import type { AuthRuntime } from "../runtime";
import type { RefreshAccessToken } from "../session";
import { decodeAccessToken } from "../tokens/access-token";
import { getActualStatus, readKnownError } from "./parse-error";
import { getBackoffDelayMs, maxRequestAttempts, toNetworkFailure } from "./retry";

/** What the SDK sends as client secret when the app has no publishable key. */
export const publicClientSecretSentinel = "__stack_public_client__";

export interface RefreshConfig {
  apiUrl: string;
  projectId: string;
  publishableClientKey?: string | undefined;
  runtime: AuthRuntime;
}

type RefreshAttempt = { done: true; accessToken: string | null } | { done: false; error: unknown };

function readAccessToken(body: unknown): string {
  if (typeof body !== "object" || body === null) {
    throw new AuthProtocolError("The token endpoint did not answer with a JSON object.");
  }
  const { access_token: accessToken, token_type: tokenType } = body as Record<string, unknown>;
  if (typeof accessToken !== "string" || typeof tokenType !== "string") {
    throw new AuthProtocolError("The token endpoint's answer lacks access_token or token_type.");
  }
  if (tokenType.toLowerCase() !== "bearer") {
    throw new AuthProtocolError(`Unsupported token_type from the token endpoint: ${tokenType}`);
  }
  if (decodeAccessToken(accessToken) === null) {
    throw new AuthProtocolError("The token endpoint returned an access token with invalid claims.");
  }
  return accessToken;
}

/** A `RefreshAccessToken` for sessions of one project. */
export function createAccessTokenRefresher(config: RefreshConfig): RefreshAccessToken {
  const url = `${config.apiUrl}/auth/oauth/token`;
  const { runtime } = config;

  const attempt = async (refreshToken: string): Promise<RefreshAttempt> => {
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: config.projectId,
      client_secret: config.publishableClientKey || publicClientSecretSentinel,
    });
    let response: Response;
    try {
      response = await runtime.fetch(url, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: body.toString(),
        redirect: "manual",
      });
    } catch (error) {
      return { done: false, error };
    }
    const status = getActualStatus(response);
    const knownError = await readKnownError(response, status);
    if (knownError !== null) {
      if (isKnownErrorInFamily(knownError, "REFRESH_TOKEN_ERROR")) {
        return { done: true, accessToken: null };
      }
      return { done: false, error: knownError };
    }
    if (status < 200 || status >= 300) {
      return { done: false, error: new AuthHttpError(url, status, await response.text()) };
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      return { done: false, error };
    }
    return { done: true, accessToken: readAccessToken(json) };
  };

  return async (refreshToken) => {
    let lastError: unknown;
    for (let attemptIndex = 0; attemptIndex < maxRequestAttempts; attemptIndex++) {
      const result = await attempt(refreshToken);
      if (result.done) return result.accessToken;
      lastError = result.error;
      if (attemptIndex < maxRequestAttempts - 1) {
        await runtime.sleep(getBackoffDelayMs(attemptIndex, runtime.random));
      }
    }
    throw toNetworkFailure(runtime, url, lastError);
  };
}
