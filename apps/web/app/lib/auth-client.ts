/**
 * @module
 * The browser's client app of the site's auth project. It talks to the auth API of this same
 * server (`/api/v1`, same origin) with the publishable key only, and keeps the session in the
 * cookies the official SDK uses (refresh 1 year, access 1 day; `@heritage/auth-client`), so the
 * server can read them when it renders a page or runs an admin action.
 */
import { type ClientApp, createClientApp } from "@heritage/auth-client";

/** What a page needs to talk to the auth platform: never the secret key. */
export interface SiteAuthConfig {
  projectId: string;
  publishableClientKey: string;
}

let browserApp: { key: string; app: ClientApp } | null = null;

/**
 * The client app for `config`. In the browser there is one per project (shared by every
 * provider, so sign-in on /login is seen by /admin); while server rendering a fresh app with an
 * empty memory store, which renders the "loading" state (admin screens render on the client).
 */
export function getSiteAuthApp(config: SiteAuthConfig): ClientApp {
  if (typeof document === "undefined") {
    return createClientApp({ ...config, tokenStore: "memory" });
  }
  const key = `${config.projectId}:${config.publishableClientKey}`;
  if (browserApp?.key !== key) {
    browserApp = {
      key,
      app: createClientApp({
        ...config,
        baseUrl: "",
        tokenStore: "cookie",
        // The mails a request causes (password reset, ...) speak the language of the page the
        // visitor is on (issue 33, item 1); one app serves every page, so it is asked each time.
        language: () => document.documentElement.lang || undefined,
      }),
    };
  }
  return browserApp.app;
}
