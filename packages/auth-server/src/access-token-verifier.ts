/**
 * In-process verification of user access tokens for other modules (the site's admin guard): the same
 * keys and rules as the auth API, with no HTTP hop. Tokens are stateless (contract §1.3): a revoked
 * session does not invalidate an access token before it expires, unless the caller asks for
 * `requireLiveSession` (one indexed read), as the site's content writes do: an admin who signed
 * out or was removed must not keep writing for the token's last minutes.
 * @module
 */
import {
  type AccessTokenClaims,
  isKnownError,
  type KnownError,
  knownErrors,
} from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt } from "drizzle-orm";
import { sessions } from "./db/schema";
import { createSigningKeyStore, type SigningKeyStore } from "./keys/signing-keys";
import { verifyAccessToken } from "./services/sign-in/tokens";

export interface VerifiedUserToken {
  userId: string;
  projectId: string;
  claims: AccessTokenClaims;
}

export interface AccessTokenVerifier {
  /**
   * Verifies `token` for `projectId`. Returns the token's user, or the KnownError a request would
   * get: ACCESS_TOKEN_EXPIRED, UNPARSABLE_ACCESS_TOKEN, INVALID_PROJECT_FOR_ACCESS_TOKEN,
   * ANONYMOUS_AUTHENTICATION_NOT_ALLOWED or RESTRICTED_USER_NOT_ALLOWED.
   */
  verify(
    token: string,
    options: {
      projectId: string;
      allowAnonymous?: boolean;
      allowRestricted?: boolean;
      /**
       * Also require the token's session (`refresh_token_id`) to still exist and be unexpired;
       * else REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED (signed out, session revoked, user deleted).
       */
      requireLiveSession?: boolean;
    },
  ): Promise<VerifiedUserToken | KnownError>;
}

/**
 * A verifier over `signingKeys` (an auth API's own store: `AuthApi.accessTokens`, so a process
 * keeps one set of keys in memory), or over a store of its own when none is given.
 */
export function createAccessTokenVerifier(
  db: Database,
  options: { baseUrl: string; clock?: () => Date; signingKeys?: SigningKeyStore },
): AccessTokenVerifier {
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  // The lifetime only matters for publishing retired keys, which verification does not do.
  const signingKeys =
    options.signingKeys ?? createSigningKeyStore(db, { clock, tokenLifetimeSeconds: 0 });
  return {
    async verify(token, verifyOptions) {
      try {
        const verified = await verifyAccessToken({ baseUrl, clock, signingKeys }, token);
        if (verified.projectId !== verifyOptions.projectId) {
          return knownErrors.invalidProjectForAccessToken({
            expected_project_id: verifyOptions.projectId,
            actual_project_id: verified.projectId,
          });
        }
        const allowAnonymous = verifyOptions.allowAnonymous ?? false;
        if (verified.kind === "anonymous" && !allowAnonymous) {
          return knownErrors.anonymousAuthenticationNotAllowed();
        }
        const reason = verified.claims.restricted_reason;
        if (
          verified.kind === "restricted" &&
          reason &&
          !(verifyOptions.allowRestricted || allowAnonymous)
        ) {
          return knownErrors.restrictedUserNotAllowed({ restricted_reason: reason });
        }
        if (
          verifyOptions.requireLiveSession &&
          !(await hasLiveSession(db, verified.claims, verifyOptions.projectId, clock()))
        ) {
          return knownErrors.refreshTokenNotFoundOrExpired();
        }
        return {
          userId: verified.claims.sub,
          projectId: verified.projectId,
          claims: verified.claims,
        };
      } catch (error) {
        if (isKnownError(error)) return error;
        throw error;
      }
    },
  };
}

async function hasLiveSession(
  db: Database,
  claims: AccessTokenClaims,
  projectId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, claims.refresh_token_id),
        eq(sessions.projectId, projectId),
        eq(sessions.userId, claims.sub),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
