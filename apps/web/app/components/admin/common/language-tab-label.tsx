/**
 * @module
 * A content language named in itself (English, Deutsch, Bosanski), as the editors' tabs name
 * them (site spec, section 2) whatever the admin's language: marked with its `lang`, so screen
 * readers say it in that language.
 */
import { languageTags, type SiteLanguage } from "../../../lib/language";
import { adminLanguages } from "./languages";

export function LanguageTabLabel({ code }: { code: SiteLanguage }) {
  const label = adminLanguages.find((entry) => entry.code === code)?.tabLabel ?? code;
  return <span lang={languageTags[code].lang}>{label}</span>;
}
