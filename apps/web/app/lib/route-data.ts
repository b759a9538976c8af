/**
 * @module
 * Typed access to the data of the root and site-layout loaders from any route's `meta` or
 * component (their loaders are the single source; these are their shapes).
 */
import type { UIMatch } from "react-router";
import type { SiteLanguage } from "./language";
import type { LanguageOption, SiteSeo } from "./site-types";

export type RootData = {
  /** Public origin for canonical and Open Graph URLs, without a trailing slash. */
  origin: string;
  signedIn: boolean;
};

export type FooterCopy = { description: string; email: string; phone: string };

export type SiteLayoutData = {
  language: SiteLanguage;
  footer: FooterCopy;
  languages: LanguageOption[];
  seo: SiteSeo;
  signedIn: boolean;
  /** A signed-in admin's preview of a draft (decision 036): who saved it and when; else null. */
  preview: { savedBy: string | null; savedAt: string | null } | null;
};

export const ROOT_ROUTE_ID = "root";
export const SITE_LAYOUT_ROUTE_ID = "site-layout";
/** The admin layout: its data is the admin's language (decision 034). */
export const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";

export type AdminLayoutData = { language: SiteLanguage };

type AnyMatch = UIMatch<unknown, unknown> | undefined;

export function findRouteData<T>(matches: readonly AnyMatch[], id: string): T | undefined {
  return matches.find((match) => match?.id === id)?.data as T | undefined;
}
