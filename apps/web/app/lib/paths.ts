/**
 * @module
 * Typed hrefs of the public site. Every link goes through here, so a page's URL is written
 * once and always carries the visitor's language prefix.
 */
import { type SiteLanguage, withLanguagePrefix } from "./language";

export const paths = {
  home: (language: SiteLanguage) => withLanguagePrefix("/", language),
  projects: (language: SiteLanguage) => `${withLanguagePrefix("/", language)}#projects`,
  faq: (language: SiteLanguage) => `${withLanguagePrefix("/", language)}#faq`,
  /** A project's page at its address (its slug; never its id, which may differ). */
  project: (slug: string, language: SiteLanguage) =>
    withLanguagePrefix(`/project/${encodeURIComponent(slug)}`, language),
  about: (language: SiteLanguage) => withLanguagePrefix("/about", language),
  contact: (language: SiteLanguage) => withLanguagePrefix("/contact", language),
  impressum: (language: SiteLanguage) => withLanguagePrefix("/impressum", language),
  datenschutz: (language: SiteLanguage) => withLanguagePrefix("/datenschutz", language),
  /** The admin area has no language prefix. */
  admin: () => "/admin",
  sitemap: () => "/sitemap.xml",
} as const;

/** Language-neutral paths of the static public pages, in sitemap order. */
export const staticPagePaths = ["/", "/about", "/contact", "/impressum", "/datenschutz"] as const;
