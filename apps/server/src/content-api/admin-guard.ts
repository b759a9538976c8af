/**
 * @module
 * Who may write: a signed-in user of the site's auth project. The access token comes as
 * `Authorization: Bearer <token>` (also the SDK's `Bearer stackauth_<base64 JSON>` form) or as the
 * `x-stack-auth` header that the Stack SDK's `getAuthHeaders()` produces
 * (`{"accessToken": "...", "refreshToken": "..."}`), and is verified with the auth platform's
 * keys, in process. Any signed-in user of the project may come in (spec section 6); what they may
 * do then depends on their role, which the check reads as it is now (`roleOf`, decision 032):
 * the content API refuses an editor what only an admin may do.
 */
import type { SiteRole } from "@heritage/content";

/** The answer of an admin check: the user, or why the request is refused. */
export type AdminCheck =
  | { ok: true; userId: string; role: SiteRole }
  | { ok: false; status: 401 | 403; message: string };

/** Checks a request's credentials. Never throws for a bad token; only for an internal failure. */
export type AdminVerifier = (request: Request) => Promise<AdminCheck>;

/**
 * The auth platform's in-process verifier (`AuthApi.accessTokens.verify` of `@heritage/auth-server`,
 * the process's one verifier): the token's user, or the known error a request would get.
 */
export type VerifyAccessToken = (
  token: string,
  options: { projectId: string; requireLiveSession: boolean },
) => Promise<{ userId: string } | { code: string; message: string }>;

export const adminGuardMessages = {
  missing:
    "Authentication required: send the access token as 'Authorization: Bearer <token>' or in the x-stack-auth header",
  malformedStackAuth:
    'The x-stack-auth header must be JSON like {"accessToken": "...", "refreshToken": "..."}',
  malformedAuthorization: "The Authorization header must be 'Bearer <access token>'",
  expired: "The access token has expired: sign in again",
  sessionEnded:
    "This session has ended (signed out, revoked or the account was removed): sign in again",
  userGone: "This account no longer exists: sign in with another one",
  invalid: "The access token is invalid: sign in again",
  wrongProject: "The access token belongs to another project, not to this site's admin project",
  anonymous: "Anonymous users cannot manage site content: sign in with an account",
  restricted: "This account is restricted and cannot manage site content",
} as const;

type TokenRead = { token: string } | { error: string } | null;

function decodeStackAuthJson(json: string): TokenRead {
  try {
    const parsed: unknown = JSON.parse(json);
    const accessToken =
      parsed && typeof parsed === "object"
        ? (parsed as { accessToken?: unknown }).accessToken
        : null;
    if (typeof accessToken === "string" && accessToken !== "") return { token: accessToken };
    if (accessToken === null) return null;
  } catch {
    // Falls through to the error below.
  }
  return { error: adminGuardMessages.malformedStackAuth };
}

/** Finds the access token in a request's headers (null when none is sent). */
export function readAccessToken(headers: Headers): TokenRead {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match?.[1]) return { error: adminGuardMessages.malformedAuthorization };
    const value = match[1];
    if (value.startsWith("stackauth_")) {
      const json = Buffer.from(value.slice("stackauth_".length), "base64").toString("utf8");
      return decodeStackAuthJson(json) ?? { error: adminGuardMessages.malformedStackAuth };
    }
    return { token: value };
  }
  const stackAuth = headers.get("x-stack-auth");
  if (stackAuth) return decodeStackAuthJson(stackAuth);
  return null;
}

function refusalFor(code: string): AdminCheck {
  switch (code) {
    case "ACCESS_TOKEN_EXPIRED":
      return { ok: false, status: 401, message: adminGuardMessages.expired };
    case "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED":
      return { ok: false, status: 401, message: adminGuardMessages.sessionEnded };
    case "INVALID_PROJECT_FOR_ACCESS_TOKEN":
      return { ok: false, status: 403, message: adminGuardMessages.wrongProject };
    case "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED":
      return { ok: false, status: 403, message: adminGuardMessages.anonymous };
    case "RESTRICTED_USER_NOT_ALLOWED":
      return { ok: false, status: 403, message: adminGuardMessages.restricted };
    default:
      return { ok: false, status: 401, message: adminGuardMessages.invalid };
  }
}

/**
 * Builds the admin check of the content API and functions.
 *
 * @example
 * const verifyAdmin = createAdminVerifier({
 *   verifyAccessToken: (token, options) => authApi.accessTokens.verify(token, options),
 *   siteProjectId: siteAuthProject.projectId,
 *   roleOf: createSiteRoleReader({ users: authApi.users, siteProjectId }),
 * });
 */
export function createAdminVerifier(options: {
  verifyAccessToken: VerifyAccessToken;
  /** The site's auth project; a function when it is only known after start-up. */
  siteProjectId: string | (() => string);
  /** The user's role now (null: no such user); site-auth/site-roles.ts. */
  roleOf: (userId: string) => Promise<SiteRole | null>;
}): AdminVerifier {
  return async (request) => {
    const read = readAccessToken(request.headers);
    if (read === null) return { ok: false, status: 401, message: adminGuardMessages.missing };
    if ("error" in read) return { ok: false, status: 401, message: read.error };
    const projectId =
      typeof options.siteProjectId === "function" ? options.siteProjectId() : options.siteProjectId;
    // Writes need a live session: an admin who signed out or was removed stops at once, not
    // when the (stateless) access token expires.
    const result = await options.verifyAccessToken(read.token, {
      projectId,
      requireLiveSession: true,
    });
    if (!("userId" in result)) return refusalFor(result.code);
    // Read per request, so a demoted admin's next write is refused (decision 032).
    const role = await options.roleOf(result.userId);
    if (role === null) return { ok: false, status: 401, message: adminGuardMessages.userGone };
    return { ok: true, userId: result.userId, role };
  };
}
