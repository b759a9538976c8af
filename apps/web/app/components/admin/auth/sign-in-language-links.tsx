/**
 * @module
 * "English · Deutsch · Bosanski" above the sign-in pages (issue 33, item 1): the same page in
 * another language. A click also remembers the choice for the sign-in pages (their cookie, see
 * lib/sign-in-language.ts), so the next visit to /login opens in it, and for the admin area
 * (lib/admin-language.ts, decision 034).
 */
import { Link, useLocation } from "react-router";
import { signInStrings } from "../../../i18n/sign-in-strings";
import { rememberAdminLanguage } from "../../../lib/admin-language";
import { uiStrings } from "../../../lib/i18n";
import {
  languageTags,
  type SiteLanguage,
  siteLanguages,
  switchLanguagePath,
} from "../../../lib/language";
import { classNames } from "../../ui/class-names";

export function SignInLanguageLinks({ current }: { current: SiteLanguage }) {
  const location = useLocation();
  // The query as URLSearchParams writes it: the server's request URL and the browser's location
  // may spell it differently ("It+broke", "It%20broke"), which would not hydrate.
  const query = new URLSearchParams(location.search).toString();
  const search = query === "" ? "" : `?${query}`;
  return (
    <nav
      aria-label={signInStrings[current].languageLinks}
      className="absolute top-3 right-3 flex gap-1 text-sm"
    >
      {siteLanguages.map((language) => (
        <Link
          key={language}
          to={`${switchLanguagePath(location.pathname, language)}${search}`}
          hrefLang={languageTags[language].lang}
          lang={languageTags[language].lang}
          aria-current={language === current ? "page" : undefined}
          onClick={() => rememberAdminLanguage(language)}
          className={classNames(
            "inline-flex min-h-11 items-center rounded-md px-2.5 text-(--color-heritage-800) underline-offset-2 hover:underline",
            language === current && "font-semibold",
          )}
        >
          {uiStrings[current].languages[language]}
        </Link>
      ))}
    </nav>
  );
}
