/**
 * @module
 * The admin's language switch (issue 34, item 5; decision 034): a labelled select of the three
 * languages, each named in itself (English, Deutsch, Bosanski). A choice is remembered in the
 * admin's and the sign-in pages' cookie and the admin layout's loader reads it again, so the
 * whole area, `<html lang>` included, changes at once and stays so after a reload.
 */
import { Languages } from "lucide-react";
import { useId } from "react";
import { useRevalidator } from "react-router";
import { rememberAdminLanguage } from "../../../lib/admin-language";
import { isSiteLanguage, languageTags, siteLanguages } from "../../../lib/language";
import { adminLanguages } from "../common/languages";
import { useAdminI18n } from "./admin-language";

export function AdminLanguageSwitch() {
  const { t, language } = useAdminI18n();
  const revalidator = useRevalidator();
  const id = useId();
  return (
    <div className="inline-flex min-h-11 items-center gap-1.5 px-2">
      <label htmlFor={id} className="inline-flex items-center gap-1 text-sm text-gray-700">
        <Languages aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">{t("nav.language")}</span>
      </label>
      <select
        id={id}
        value={language}
        disabled={revalidator.state !== "idle"}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isSiteLanguage(chosen)) return;
          rememberAdminLanguage(chosen);
          void revalidator.revalidate();
        }}
        className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm text-(--color-heritage-900)"
      >
        {siteLanguages.map((code) => (
          <option key={code} value={code} lang={languageTags[code].lang}>
            {adminLanguages.find((entry) => entry.code === code)?.tabLabel ?? code}
          </option>
        ))}
      </select>
    </div>
  );
}
