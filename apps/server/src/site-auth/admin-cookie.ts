/**
 * @module
 * Whether a request comes from a signed-in admin of the site, from its cookies alone: for what a
 * browser loads without the admin's `Authorization` header, such as an `<img>` of an upload that
 * visitors may not see (a trashed project's photo, issue 33, item 8). The access token is read
 * from the access cookie the site's client writes (`hexclave-access`, or the legacy
 * `stack-access`: `[refreshToken, accessToken]` as JSON, percent-encoded; the contract's §1.6,
 * packages/auth-client/src/token-stores/cookie-format.ts) and verified in process with the
 * site's keys, its session still alive: a signed-out admin is a visitor again at once. No token
 * is refreshed here; an admin whose access token expired gets a fresh one from the admin pages.
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AccessTokenVerifier } from "@heritage/auth-server";

const accessCookieNames = ["hexclave-access", "stack-access"];

/** The access token in a `Cookie` header's access cookie, or null. */
export function readAccessCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const name of accessCookieNames) {
    for (const part of cookieHeader.split(";")) {
      const separator = part.indexOf("=");
      if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
      try {
        const parsed: unknown = JSON.parse(decodeURIComponent(part.slice(separator + 1).trim()));
        if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === "string") {
          return parsed[1];
        }
      } catch {
        // Not an access cookie of ours: no session.
      }
      return null;
    }
  }
  return null;
}

export type CookieAdminCheck = (request: Request) => Promise<boolean>;

/** An admin check over the request's access cookie (see the module notes). */
export function createCookieAdminCheck(deps: {
  siteProjectId: string;
  accessTokens: AccessTokenVerifier;
}): CookieAdminCheck {
  return async (request) => {
    const token = readAccessCookie(request.headers.get("cookie"));
    if (token === null) return false;
    const result = await deps.accessTokens.verify(token, {
      projectId: deps.siteProjectId,
      requireLiveSession: true,
    });
    return !isKnownError(result);
  };
}
