/**
 * @module
 * The language dropdown (site spec, section 2): each language with its flag and name, a
 * checkmark on the current one. It opens on hover, on click and from the keyboard (a
 * disclosure: Enter or Space on the button, Escape closes), and works without JavaScript.
 * Choosing a language keeps the current page and stores the choice (`preferredLanguage`).
 */
import { Check, ChevronDown } from "lucide-react";
import {
  type KeyboardEvent,
  type PointerEvent,
  type MouseEvent as ReactMouseEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { useStrings } from "../../lib/i18n";
import {
  languageTags,
  PREFERRED_LANGUAGE_KEY,
  type SiteLanguage,
  switchLanguagePath,
} from "../../lib/language";
import type { LanguageOption } from "../../lib/site-types";
import { classNames } from "../ui/class-names";
import { Flag } from "./flag";

export function rememberLanguage(language: SiteLanguage): void {
  try {
    window.localStorage.setItem(PREFERRED_LANGUAGE_KEY, language);
  } catch {
    // Storage may be disabled; the URL still carries the language.
  }
}

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
  const [isOpen, setIsOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const currentOption = languages.find((option) => option.id === current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => {
    setIsOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("click", closeOnOutsideClick);
    return () => document.removeEventListener("click", closeOnOutsideClick);
  }, [isOpen]);

  // A mouse that opened the list by hovering and then clicks the button means "open": without
  // this the click would toggle the list shut right after the hover opened it.
  const openedByHover = useRef(false);
  const openOnHover = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    openedByHover.current = true;
    setIsOpen(true);
  };
  const closeOnLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    openedByHover.current = false;
    setIsOpen(false);
  };
  const keepOpenAfterHover = (event: ReactMouseEvent<HTMLElement>) => {
    // Only the button's clicks toggle; `detail` is 0 for the click that Enter or Space makes:
    // the keyboard toggles as usual.
    const onButton = (event.target as Element).closest("summary") !== null;
    if (!onButton || !openedByHover.current || event.detail === 0) return;
    openedByHover.current = false;
    event.preventDefault();
    if (detailsRef.current) detailsRef.current.open = true;
    setIsOpen(true);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    const details = detailsRef.current;
    // Read the element, not the state: the toggle event of an Enter just before may not have
    // been delivered yet, so the state can still say "closed" while the list is open.
    if (event.key !== "Escape" || !details?.open) return;
    event.preventDefault();
    details.open = false;
    setIsOpen(false);
    details.querySelector("summary")?.focus();
  };

  return (
    <details
      ref={detailsRef}
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      onPointerEnter={openOnHover}
      onPointerLeave={closeOnLeave}
      onKeyDown={closeOnEscape}
      onClick={keepOpenAfterHover}
      className={classNames("relative", className)}
      data-testid="language-switcher"
    >
      <summary className="flex min-h-11 list-none items-center gap-2 rounded-full px-3 py-2 font-medium text-(--color-heritage-800) hover:bg-(--color-heritage-50)">
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
                onClick={() => {
                  rememberLanguage(option.id);
                  setIsOpen(false);
                }}
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
