/**
 * Follows an OAuth sign-in through its redirects as a browser would, without a browser: our
 * authorize endpoint (in process), the loopback provider's authorization endpoint (real HTTP, manual
 * redirects), and our callback with the inner cookie. Returns each hop so tests can look at them.
 * @module
 */
import type { TestAuthApi } from "./test-auth-api";

export interface OAuthRedirectHops {
  authorize: Response;
  /** Where authorize sent the browser (the provider), if it did. */
  providerUrl: URL | null;
  callback: Response | null;
  /** Where the callback sent the browser: the app's redirect URL with code and state (303), or with the error (307). */
  appRedirect: URL | null;
}

function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * `authorizeUrl` is our authorize URL (absolute or `/api/v1/...`); the browser's cookies for our
 * origin are carried from the authorize answer to the callback.
 */
export async function followOAuthRedirects(
  api: TestAuthApi,
  authorizeUrl: string,
): Promise<OAuthRedirectHops> {
  const authorize = await api.app.request(authorizeUrl);
  let providerUrl: URL | null = null;
  if (authorize.status === 307) {
    providerUrl = new URL(authorize.headers.get("location") ?? "");
  } else if (authorize.status === 200) {
    const body = (await authorize.clone().json()) as { location?: string };
    if (body.location) providerUrl = new URL(body.location);
  }
  if (!providerUrl) return { authorize, providerUrl, callback: null, appRedirect: null };
  const atProvider = await fetch(providerUrl, { redirect: "manual" });
  const back = atProvider.headers.get("location");
  if (atProvider.status !== 302 || !back) {
    throw new Error(`The provider did not redirect back: ${atProvider.status}`);
  }
  const callbackUrl = new URL(back);
  const callback = await api.app.request(`${callbackUrl.pathname}${callbackUrl.search}`, {
    headers: { cookie: cookieHeaderFrom(authorize) },
  });
  const location = callback.headers.get("location");
  return {
    authorize,
    providerUrl,
    callback,
    appRedirect:
      (callback.status === 303 || callback.status === 307) && location ? new URL(location) : null,
  };
}
