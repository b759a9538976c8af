/**
 * @module
 * The three content languages as the admin screens label them: tab names (English, Deutsch,
 * Bosanski), the English names used in button texts and notices, flags and column suffixes.
 */
import type { SiteLanguage } from "../../../lib/language";

export interface AdminLanguage {
  code: SiteLanguage;
  /** The tab label, in the language itself (spec section 2). */
  tabLabel: string;
  /** The language's English name ("Save German Content"). */
  englishName: string;
  flag: string;
  /** Column suffix: "" for English, "_de", "_bs". */
  suffix: "" | "_de" | "_bs";
}

export const adminLanguages: readonly AdminLanguage[] = [
  { code: "en", tabLabel: "English", englishName: "English", flag: "🇬🇧", suffix: "" },
  { code: "de", tabLabel: "Deutsch", englishName: "German", flag: "🇩🇪", suffix: "_de" },
  { code: "bs", tabLabel: "Bosanski", englishName: "Bosnian", flag: "🇧🇦", suffix: "_bs" },
];
