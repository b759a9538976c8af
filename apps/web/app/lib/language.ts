/**
 * @module
 * Languages of the public site and how they appear in URLs: English at the spec's paths
 * (`/about`), German and Bosnian under a prefix (`/de/about`, `/bs/about`). Browser-safe: the
 * same constants as `@heritage/content` (a unit test keeps them in step) without importing it.
 */

export const siteLanguages = ["en", "de", "bs"] as const;
export type SiteLanguage = (typeof siteLanguages)[number];
export const defaultLanguage: SiteLanguage = "en";

/** The localStorage key holding the visitor's choice (site spec, section 4). */
export const PREFERRED_LANGUAGE_KEY = "preferredLanguage";

/** Languages that live under a URL prefix. */
export const prefixedLanguages = ["de", "bs"] as const satisfies readonly SiteLanguage[];

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === "string" && (siteLanguages as readonly string[]).includes(value);
}

/** The language a path is in: its prefix, or English. */
export function languageFromPath(pathname: string): SiteLanguage {
  const first = pathname.split("/")[1];
  return first === "de" || first === "bs" ? first : defaultLanguage;
}

/** The path without its language prefix, always starting with "/". */
export function stripLanguagePrefix(pathname: string): string {
  const language = languageFromPath(pathname);
  if (language === defaultLanguage) return pathname || "/";
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/** A language-neutral path ("/about") in `language` ("/de/about"). */
export function withLanguagePrefix(path: string, language: SiteLanguage): string {
  if (language === defaultLanguage) return path;
  return path === "/" ? `/${language}` : `/${language}${path}`;
}

/** The same page in another language: "/de/project/x" -> "/bs/project/x". */
export function switchLanguagePath(pathname: string, language: SiteLanguage): string {
  return withLanguagePrefix(stripLanguagePrefix(pathname), language);
}

/** BCP 47 tags for `<html lang>`, `hreflang` and Open Graph locales. */
export const languageTags: Record<SiteLanguage, { lang: string; ogLocale: string }> = {
  en: { lang: "en", ogLocale: "en_GB" },
  de: { lang: "de", ogLocale: "de_DE" },
  bs: { lang: "bs", ogLocale: "bs_BA" },
};
