/**
 * The cross-domain hand-off (`POST /auth/oauth/cross-domain/authorize`, as the reference): a
 * signed-in browser on one domain asks for a one-time authorization code for its own session; the
 * app on another trusted domain redeems it at `POST /auth/oauth/token` with the PKCE verifier and
 * receives an access token of that same session and its refresh token, so both domains share one
 * session (signing out ends it on both).
 *
 * The caller proves the session with its refresh token besides the access token: it must be the
 * very session the access token names, of the same user and project, and live. The code keeps the
 * refresh token sealed with SECRETS_KEY (we store refresh tokens only as digests) until it is
 * redeemed, once, within the code's 5 minutes.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import type { LoadedUser } from "../records/user-records";
import { secretContexts } from "../secrets/secret-box";
import { hashSecret } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import { type AuthorizationCodeData, createAuthorizationCode } from "./flow-codes";
import { isTrustedOAuthRedirectUrl } from "./redirect-urls";

export interface HandoffRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  afterCallbackRedirectUrl: string | null;
}

/**
 * Checks the session and the URLs, then stores the code; returns the redirect URL with `code` and
 * `state` (the app's callback on the other domain).
 */
export async function createHandoffRedirect(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "secrets">,
  project: LoadedProject,
  caller: { user: LoadedUser | null; sessionId: string | null; refreshToken: string | undefined },
  request: HandoffRequest,
): Promise<string> {
  if (!caller.user) throw knownErrors.userAuthenticationRequired();
  if (!caller.sessionId) throw plainErrors.handoffWithoutSession();
  if (!caller.refreshToken) throw plainErrors.handoffRefreshTokenMissing();
  const [session] = await deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hashSecret(caller.refreshToken)))
    .limit(1);
  if (
    !session ||
    session.id !== caller.sessionId ||
    session.userId !== caller.user.row.id ||
    session.projectId !== project.id
  ) {
    throw plainErrors.handoffRefreshTokenMismatch();
  }
  if (session.expiresAt <= deps.clock()) throw plainErrors.handoffRefreshTokenInvalid();
  for (const url of [request.redirectUri, request.afterCallbackRedirectUrl]) {
    if (url !== null && !isTrustedOAuthRedirectUrl(project.config, url)) {
      throw knownErrors.redirectUrlNotWhitelisted();
    }
  }
  const code = await createAuthorizationCode(deps, project.id, {
    userId: caller.user.row.id,
    isNewUser: false,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: "S256",
    afterCallbackRedirectUrl: request.afterCallbackRedirectUrl,
    handoff: {
      sessionId: session.id,
      refreshTokenSealed: deps.secrets.seal(
        caller.refreshToken,
        secretContexts.handoffRefreshToken(session.id),
      ),
    },
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set("code", code);
  target.searchParams.set("state", request.state);
  return target.toString();
}

/**
 * The session a hand-off code hands on, with its refresh token (the caller mints the new access
 * token). Null when that session has ended since (or SECRETS_KEY changed): the code then signs the
 * user in afresh, as the reference creates a new refresh token in that case.
 */
export async function findHandedOnSession(
  deps: Pick<AuthDeps, "db" | "clock" | "secrets">,
  project: LoadedProject,
  user: LoadedUser,
  handoff: NonNullable<AuthorizationCodeData["handoff"]>,
): Promise<{ sessionId: string; refreshToken: string } | null> {
  let refreshToken: string;
  try {
    refreshToken = deps.secrets.open(
      handoff.refreshTokenSealed,
      secretContexts.handoffRefreshToken(handoff.sessionId),
    );
  } catch {
    return null;
  }
  const [session] = await deps.db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, handoff.sessionId),
        eq(sessions.refreshTokenHash, hashSecret(refreshToken)),
        eq(sessions.projectId, project.id),
        eq(sessions.userId, user.row.id),
      ),
    )
    .limit(1);
  if (!session || session.expiresAt <= deps.clock()) return null;
  return { sessionId: session.id, refreshToken };
}
