/**
 * @module
 * The language of the sign-in pages (/login, /handler/*; issue 33, item 1). Their URL says it, as
 * on the public site (/de/login, /bs/handler/sign-in). A visitor who opens an English address
 * (typed, bookmarked, or sent there by the admin guard) is sent on to their language: the one
 * they chose on the site (a cookie) or else the one their browser asks for (`Accept-Language`).
 *
 * The choice is kept in a cookie only the sign-in paths receive (`Path=/login`, `Path=/handler`):
 * a cookie on the public pages would keep them out of the page cache (page-cache.ts serves no
 * request that carries one).
 */
import { preferredLanguage, readersOfBosnian } from "@heritage/auth-protocol";
import { isSiteLanguage, type SiteLanguage, siteLanguages } from "./language";

export const SIGN_IN_LANGUAGE_COOKIE = "preferredLanguage";

/** The paths whose requests carry the cookie: the English sign-in pages. */
export const signInCookiePaths = ["/login", "/handler"] as const;

/** True for the English (unprefixed) sign-in pages. */
export function isUnprefixedSignInPath(pathname: string): boolean {
  return /^\/(login|handler)(\/|$)/.test(pathname);
}

/** The visitor's language for an English sign-in page: their cookie, their browser, or English. */
export function chosenSignInLanguage(headers: Headers): SiteLanguage {
  const cookie = headers.get("cookie") ?? "";
  const stored = new RegExp(`(?:^|;\\s*)${SIGN_IN_LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(
    cookie,
  )?.[1];
  if (isSiteLanguage(stored)) return stored;
  return preferredLanguage(headers.get("accept-language"), siteLanguages, readersOfBosnian) ?? "en";
}

/**
 * Where a request for an English sign-in page goes instead (the same page and query under the
 * visitor's language prefix), or null when it stays.
 */
export function signInLanguageRedirect(url: URL, headers: Headers): string | null {
  if (!isUnprefixedSignInPath(url.pathname)) return null;
  const language = chosenSignInLanguage(headers);
  if (language === "en") return null;
  return `/${language}${url.pathname}${url.search}`;
}

/** The cookie lines that remember `language` for the sign-in pages (for `document.cookie`). */
export function signInLanguageCookies(language: SiteLanguage): string[] {
  return signInCookiePaths.map(
    (path) =>
      `${SIGN_IN_LANGUAGE_COOKIE}=${language}; Path=${path}; Max-Age=31536000; SameSite=Lax`,
  );
}
