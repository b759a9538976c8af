/**
 * @module
 * The UI strings of the page's language. The language comes from the URL (see language.ts), so
 * server and browser agree on it before any data has loaded.
 */
import { useLocation } from "react-router";
import { bs } from "../i18n/bs";
import { de } from "../i18n/de";
import { en, type UiStrings } from "../i18n/en";
import { languageFromPath, type SiteLanguage } from "./language";

export const uiStrings: Record<SiteLanguage, UiStrings> = { en, de, bs };

/** The language of the current page. */
export function useLanguage(): SiteLanguage {
  return languageFromPath(useLocation().pathname);
}

/** The UI strings of the current page's language. */
export function useStrings(): UiStrings {
  return uiStrings[useLanguage()];
}
