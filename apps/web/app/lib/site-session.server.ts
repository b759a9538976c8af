/**
 * @module
 * Who is signed in, read on the server from the request's auth cookies (the ones the browser's
 * client app and the official SDK write). Access tokens are verified in process with the site
 * project's keys (`context.siteAuth.verifyAccessToken`).
 *
 * Two levels:
 * - `getSiteSession` / `getSignedInUser` never call the auth API: an expired access token with a
 *   refresh token beside it is reported as `unknown` (and `getSignedInUser` gives null). Public
 *   pages use this: refreshing would mean a `Set-Cookie` on a page that should stay cacheable.
 * - `requireSiteAdmin` (admin loaders and actions) refreshes an expired access token through the
 *   auth API and hands back the `Set-Cookie` headers the response must carry.
 */
import {
  createRequestCookieTokenStore,
  createServerApp,
  type ServerApp,
} from "@heritage/auth-client";
import type { SiteRole } from "@heritage/content";
import type { AppLoadContext } from "react-router";

/** The signed-in user as the site sees it (site spec, section 3), with their role (decision 032). */
export interface SiteUser {
  id: string;
  email: string | null;
  displayName: string | null;
  /** Read from the user's record at this request, never from the token: a change counts at once. */
  role: SiteRole;
}

export type SiteSession =
  | { status: "signed-in"; user: SiteUser }
  | { status: "signed-out" }
  /** A refresh token without a usable access token: only a refresh would tell. */
  | { status: "unknown" };

function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1];
  if (payload === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The user of an access token, or null when it is not a valid token of the site's project. */
async function verifySiteAccessToken(
  token: string,
  context: AppLoadContext,
): Promise<SiteUser | null> {
  const verified = await context.siteAuth.verifyAccessToken(token);
  if (verified === null) return null;
  // The token is verified, so its claims can be trusted for display.
  const claims = decodeClaims(token);
  return {
    id: verified.userId,
    email: typeof claims.email === "string" ? claims.email : null,
    displayName: typeof claims.name === "string" ? claims.name : null,
    role: verified.role,
  };
}

/** True when the request carries a refresh token of the site's project (cheap, unverified). */
export function hasSiteSessionCookie(request: Request, context: AppLoadContext): boolean {
  const store = createRequestCookieTokenStore({ projectId: context.siteAuth.projectId, request });
  return store.read().refreshToken !== null;
}

/** The session of the request's cookies, without calling the auth API (see the module notes). */
export async function getSiteSession(
  request: Request,
  context: AppLoadContext,
): Promise<SiteSession> {
  const store = createRequestCookieTokenStore({ projectId: context.siteAuth.projectId, request });
  const { refreshToken, accessToken } = store.read();
  if (accessToken !== null) {
    const user = await verifySiteAccessToken(accessToken, context);
    if (user !== null) return { status: "signed-in", user };
  }
  return refreshToken === null ? { status: "signed-out" } : { status: "unknown" };
}

/** The verified signed-in user of the request, or null (signed out, or unknown without a refresh). */
export async function getSignedInUser(
  request: Request,
  context: AppLoadContext,
): Promise<SiteUser | null> {
  const session = await getSiteSession(request, context);
  return session.status === "signed-in" ? session.user : null;
}

/**
 * A server app of the site's project (secret key) that calls the auth API of this very server in
 * process (`context.authApiFetch`). Nothing of the request steers where it goes: an origin taken
 * from the request's Host header would send the secret key wherever a client names.
 */
export function createSiteServerApp(
  context: AppLoadContext,
  tokenStore?: ReturnType<typeof createRequestCookieTokenStore>,
): ServerApp {
  const { projectId, publishableClientKey, secretServerKey } = context.siteAuth;
  return createServerApp({
    projectId,
    publishableClientKey,
    secretServerKey,
    baseUrl: context.publicUrl,
    fetch: context.authApiFetch,
    ...(tokenStore ? { tokenStore } : {}),
  });
}

export type AdminCheck =
  | { ok: true; user: SiteUser; app: ServerApp; headers: Headers }
  | { ok: false; headers: Headers };

/**
 * Whether the request comes from a signed-in admin user of the site (site spec, section 6: every
 * user of the site's project may enter the admin area; `user.role` says what they may change
 * there). An expired access token is refreshed; `headers` carries the `Set-Cookie` lines for the
 * response either way (a rejected refresh clears the cookies).
 */
export async function requireSiteAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<AdminCheck> {
  const store = createRequestCookieTokenStore({ projectId: context.siteAuth.projectId, request });
  const app = createSiteServerApp(context, store);
  const headers = new Headers();
  const withCookies = () => {
    for (const line of store.getSetCookieHeaders()) headers.append("Set-Cookie", line);
    return headers;
  };
  if (store.read().refreshToken === null && store.read().accessToken === null) {
    return { ok: false, headers };
  }
  let tokens: Awaited<ReturnType<ServerApp["session"]["getTokens"]>> = null;
  try {
    tokens = await app.session.getTokens();
  } catch {
    tokens = null;
  }
  const user = tokens === null ? null : await verifySiteAccessToken(tokens.accessToken, context);
  if (user === null) return { ok: false, headers: withCookies() };
  // User management runs with the secret key alone; the caller's session is not needed for it.
  return { ok: true, user, app: createSiteServerApp(context), headers: withCookies() };
}
