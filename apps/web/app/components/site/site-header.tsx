/**
 * @module
 * The public navigation (site spec, section 2): fixed at the top, white with a shadow once the
 * page has scrolled more than 50 px; on small screens a menu that toggles and closes when a
 * link is clicked; the language dropdown; an "Admin" link for signed-in users.
 */
import { Menu, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { useStrings } from "../../lib/i18n";
import type { SiteLanguage } from "../../lib/language";
import { paths } from "../../lib/paths";
import type { LanguageOption } from "../../lib/site-types";
import { classNames } from "../ui/class-names";
import { LanguageSwitcher } from "./language-switcher";

/** Spec section 9: the navigation changes style after 50 px of scroll. */
export const NAV_SCROLL_THRESHOLD = 50;

type NavItem = { label: string; to: string; end?: boolean };

export function SiteHeader({
  language,
  languages,
  signedIn,
}: {
  language: SiteLanguage;
  languages: LanguageOption[];
  signedIn: boolean;
}) {
  const strings = useStrings();

  const items: NavItem[] = [
    { label: strings.nav.home, to: paths.home(language), end: true },
    { label: strings.nav.projects, to: paths.projects(language) },
    { label: strings.nav.about, to: paths.about(language) },
    { label: strings.nav.faq, to: paths.faq(language) },
    { label: strings.nav.contact, to: paths.contact(language) },
    ...(signedIn ? [{ label: strings.nav.admin, to: paths.admin() }] : []),
  ];

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    classNames(
      "flex min-h-11 items-center rounded-full px-3 py-2 font-medium text-(--color-heritage-800) hover:bg-(--color-heritage-50)",
      isActive && "text-(--color-terracotta-700) underline decoration-2 underline-offset-8",
    );
  const isHashLink = (to: string) => to.includes("#");

  return (
    // The page's script sets data-scrolled (site-enhancements.browser.ts); the style follows it.
    <header
      data-scrolled="false"
      data-scroll-threshold={NAV_SCROLL_THRESHOLD}
      className="fixed inset-x-0 top-0 z-40 bg-(--color-cream)/95 transition-[background-color,box-shadow] duration-300 data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-md"
    >
      <nav
        aria-label={strings.nav.mainNavigation}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6"
      >
        <Link
          to={paths.home(language)}
          aria-label={strings.nav.homeLink}
          className="flex min-h-11 min-w-0 items-center gap-2 whitespace-nowrap font-(family-name:--font-display) text-lg font-semibold text-(--color-heritage-900) sm:text-xl"
        >
          <SiteLogo />
          {/* One line; on the narrowest phones (320 px) it ends in an ellipsis, never overflows. */}
          <span className="truncate">{strings.site.name}</span>
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <li key={item.to}>
              {isHashLink(item.to) ? (
                <Link to={item.to} className={linkClass({ isActive: false })}>
                  {item.label}
                </Link>
              ) : (
                <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                  {item.label}
                </NavLink>
              )}
            </li>
          ))}
          <li>
            <LanguageSwitcher current={language} languages={languages} />
          </li>
        </ul>

        <div className="flex items-center gap-1 md:hidden">
          <LanguageSwitcher current={language} languages={languages} />
          {/* The label follows the state by CSS (with or without a script); the page's script
              closes the menu on a link click, on Escape and when focus leaves it. */}
          <details data-menu className="group/menu" data-testid="mobile-menu">
            <summary className="flex size-11 list-none items-center justify-center rounded-full text-(--color-heritage-800) hover:bg-(--color-heritage-50)">
              <Menu aria-hidden="true" className="size-6 group-open/menu:hidden" />
              <X aria-hidden="true" className="hidden size-6 group-open/menu:block" />
              <span className="sr-only group-open/menu:hidden">{strings.nav.openMenu}</span>
              <span className="sr-only hidden group-open/menu:inline">{strings.nav.closeMenu}</span>
            </summary>
            <ul className="absolute inset-x-0 top-16 border-t border-(--color-heritage-100) bg-white px-4 pt-2 pb-4 shadow-lg">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? !isHashLink(item.to)}
                    className={({ isActive }) =>
                      classNames(
                        linkClass({ isActive: isActive && !isHashLink(item.to) }),
                        "w-full rounded-lg",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </nav>
    </header>
  );
}

/**
 * The site's mark (the same drawing as /favicon.svg), drawn inline: an SVG file in an <img> costs
 * the page a document of its own, built on the main thread while the page first renders.
 */
function SiteLogo() {
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" className="size-8 shrink-0">
      <rect width="64" height="64" rx="12" fill="#1e3a5f" />
      <path
        d="M12 44h40M16 44c4-14 28-14 32 0"
        stroke="#f5c542"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M32 14l6 8h-12z" fill="#f5c542" />
    </svg>
  );
}
