/**
 * @module
 * The admin area's language (issue 34, item 5; decision 034). It is the sign-in pages' choice
 * carried on: one cookie, `preferredLanguage`, that the admin's language switch and the sign-in
 * pages' language links write for /login, /handler and /admin alike (each path gets its own copy,
 * so the public pages receive none and stay cacheable). Without it, the browser's
 * `Accept-Language`, then English. Read on the server, so the first paint is in it.
 */
import { isSiteLanguage, type SiteLanguage } from "./language";
import {
  chosenSignInLanguage,
  SIGN_IN_LANGUAGE_COOKIE,
  signInLanguageCookies,
} from "./sign-in-language";

/**
 * The admin area's paths for the cookie: its pages, and the dashboard's data requests, which
 * React Router sends to `/admin.data` (a path `Path=/admin` does not cover; `/admin/x.data` it
 * does). Without the second, switching on the dashboard would read the old language again.
 */
export const adminCookiePaths = ["/admin", "/admin.data"] as const;

/** The language an /admin request asks for: its cookie, the browser's, or English. */
export function chosenAdminLanguage(headers: Headers): SiteLanguage {
  return chosenSignInLanguage(headers);
}

/** The cookie lines that remember `language` for the admin area and the sign-in pages. */
export function adminLanguageCookies(language: SiteLanguage): string[] {
  return [
    ...signInLanguageCookies(language),
    ...adminCookiePaths.map(
      (path) =>
        `${SIGN_IN_LANGUAGE_COOKIE}=${language}; Path=${path}; Max-Age=31536000; SameSite=Lax`,
    ),
  ];
}

/** Remembers `language` in the browser (the admin's switch, the sign-in pages' links). */
export function rememberAdminLanguage(language: SiteLanguage): void {
  if (!isSiteLanguage(language)) return;
  for (const cookie of adminLanguageCookies(language)) {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain line per path works in every browser the site supports; the Cookie Store API does not yet
    document.cookie = cookie;
  }
}
