/**
 * @module
 * The language dropdown (site spec, section 2): each language with its flag and name, a
 * checkmark on the current one. It opens on hover, on click and from the keyboard (a
 * disclosure: Enter or Space on the button, Escape closes), and works without JavaScript.
 * Choosing a language keeps the current page and stores the choice (`preferredLanguage`, by the
 * inline script of language-redirect.tsx, which remembers every click on a `data-language` link).
 */
import { Check, ChevronDown } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useStrings } from "../../lib/i18n";
import { languageTags, type SiteLanguage, switchLanguagePath } from "../../lib/language";
import type { LanguageOption } from "../../lib/site-types";
import { classNames } from "../ui/class-names";
import { Flag } from "./flag";

export function LanguageSwitcher({
  current,
  languages,
  className,
}: {
  current: SiteLanguage;
  languages: LanguageOption[];
  className?: string;
}) {
  const strings = useStrings();
  const location = useLocation();
  const currentOption = languages.find((option) => option.id === current);

  // Hover, Escape and a click outside come from the page's script (site-enhancements.browser.ts).
  return (
    <details
      data-language-switcher
      className={classNames("relative", className)}
      data-testid="language-switcher"
    >
      <summary className="flex min-h-11 list-none items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-2 font-medium text-(--color-heritage-800) hover:bg-(--color-heritage-50) sm:gap-2 sm:px-3">
        {currentOption?.flag ? <Flag emoji={currentOption.flag} className="text-lg" /> : null}
        <span lang={languageTags[current].lang}>{current.toUpperCase()}</span>
        <span className="sr-only">
          {` ${strings.nav.chooseLanguage}. ${strings.nav.currentLanguage(currentOption?.name ?? current)}`}
        </span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-48 rounded-xl border border-(--color-heritage-100) bg-white p-1 shadow-lg">
        {languages.map((option) => {
          const isCurrent = option.id === current;
          return (
            <li key={option.id}>
              <Link
                to={`${switchLanguagePath(location.pathname, option.id)}${location.search}${location.hash}`}
                hrefLang={languageTags[option.id].lang}
                data-language={option.id}
                lang={languageTags[option.id].lang}
                aria-current={isCurrent ? "true" : undefined}
                className={classNames(
                  "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-(--color-ink) hover:bg-(--color-heritage-50)",
                  isCurrent && "font-semibold",
                )}
              >
                <Flag
                  emoji={option.flag}
                  label={strings.images.flag(option.name)}
                  className="text-lg"
                />
                <span className="flex-1">{option.name}</span>
                {isCurrent ? (
                  <Check aria-hidden="true" className="size-4 text-(--color-terracotta-600)" />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
