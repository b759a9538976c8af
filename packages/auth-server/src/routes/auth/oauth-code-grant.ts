/**
 * `POST /auth/oauth/token` with `grant_type=authorization_code` (contract §2.16 "Code exchange"):
 * the app redeems the code our OAuth callback gave it, proving with the PKCE verifier that it started
 * the flow, and receives a session (a cross-domain hand-off code: the session it hands on).
 * @module
 */
import { createHash } from "node:crypto";
import { knownErrors } from "@heritage/auth-protocol";
import type { Context } from "hono";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendJson } from "../../http/respond";
import { findHandedOnSession } from "../../services/oauth/cross-domain-handoff";
import { type AuthorizationCodeData, takeAuthorizationCode } from "../../services/oauth/flow-codes";
import { isSameRedirectUri } from "../../services/oauth/redirect-urls";
import type { LoadedProject } from "../../services/projects/projects";
import { requireUser } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";
import { limitCodeChecking } from "../../services/sign-in/code-rate-limits";
import { completeFirstFactorSignIn } from "../../services/sign-in/first-factor-sign-in";
import { mintAccessTokenForUser } from "../../services/sign-in/sessions";

const noStoreHeaders = { "cache-control": "no-store", pragma: "no-cache" };

function isPkceVerified(data: AuthorizationCodeData, verifier: string): boolean {
  if (data.codeChallengeMethod === "plain") return verifier === data.codeChallenge;
  return createHash("sha256").update(verifier).digest("base64url") === data.codeChallenge;
}

function missingParameter(c: Context<AuthEnv>, name: string): Response {
  return sendJson(
    c,
    { error: "invalid_request", error_description: `Missing parameter: \`${name}\`` },
    400,
    noStoreHeaders,
  );
}

/** Handles the grant for an already authenticated client (project from `client_id`). */
export async function handleAuthorizationCodeGrant(
  c: Context<AuthEnv>,
  deps: RouteDeps,
  project: LoadedProject,
  body: Record<string, unknown>,
): Promise<Response> {
  for (const name of ["code", "redirect_uri", "code_verifier"] as const) {
    if (typeof body[name] !== "string" || body[name] === "") return missingParameter(c, name);
  }
  const code = body.code as string;
  const redirectUri = body.redirect_uri as string;
  const codeVerifier = body.code_verifier as string;
  // Guessing codes here is guessing codes like anywhere else. The token endpoint takes no access
  // type; it is called from the end user's browser with the publishable key, so it counts as client.
  await limitCodeChecking(deps, { accessType: "client", ip: getClientIp(c, deps.trustProxy) });
  const taken = await takeAuthorizationCode(deps, code);
  if (taken.status !== "ok" || taken.projectId !== project.id) {
    throw knownErrors.invalidAuthorizationCode();
  }
  const data = taken.data;
  if (!isSameRedirectUri(redirectUri, data.redirectUri)) {
    throw plainErrors.oauthRedirectUriMismatch();
  }
  if (!isPkceVerified(data, codeVerifier)) throw knownErrors.invalidAuthorizationCode();
  const user = await requireUser(deps.db, project.id, data.userId).catch(() => {
    throw knownErrors.invalidAuthorizationCode();
  });
  // A cross-domain hand-off continues the session it was made for, while that session lives.
  const handedOnSession = data.handoff
    ? await findHandedOnSession(deps, project, user, data.handoff)
    : null;
  const handedOn = handedOnSession && {
    accessToken: await mintAccessTokenForUser(deps, project, user, handedOnSession.sessionId),
    refreshToken: handedOnSession.refreshToken,
  };
  // The second factor (contract §2.14): a TOTP user gets MULTI_FACTOR_AUTHENTICATION_REQUIRED with
  // an attempt code for POST /auth/mfa/sign-in instead of tokens.
  const session =
    handedOn ??
    (await completeFirstFactorSignIn(deps, project, user, {
      isNewUser: data.isNewUser,
      ip: getClientIp(c, deps.trustProxy),
    }));
  return sendJson(
    c,
    {
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
      token_type: "Bearer",
      expires_in: deps.config.STACK_ACCESS_TOKEN_EXPIRATION_TIME,
      scope: "legacy",
      is_new_user: data.isNewUser,
      newUser: data.isNewUser,
      after_callback_redirect_url: data.afterCallbackRedirectUrl,
      afterCallbackRedirectUrl: data.afterCallbackRedirectUrl,
    },
    200,
    noStoreHeaders,
  );
}
