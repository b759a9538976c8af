/**
 * @module
 * The three content languages as the admin screens label them: tab names (English, Deutsch,
 * Bosanski), the English names used in button texts and notices, flags and column suffixes.
 */
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { adminEnglish } from "../../../i18n/admin/translator";
import type { SiteLanguage } from "../../../lib/language";

export interface AdminLanguage {
  code: SiteLanguage;
  /** The tab label, in the language itself (spec section 2). */
  tabLabel: string;
  /** The language's English name ("Save German Content"); `languageName` in the admin's. */
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

/** A content language's name in the admin's language ("German", "Deutsch", "njemački"). */
export function languageName(
  language: SiteLanguage,
  t: AdminTranslator["t"] = adminEnglish.t,
): string {
  return t(
    language === "en" ? "common.english" : language === "de" ? "common.german" : "common.bosnian",
  );
}
