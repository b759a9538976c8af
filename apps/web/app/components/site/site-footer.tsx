/**
 * @module
 * The public footer (site spec, section 2): description, contact email and phone, social
 * links, a list of links, and the copyright line with the current year. Default contact texts
 * come from the default copy when nothing is stored; a detail that is still a placeholder
 * arrives empty and is left out with its icon, a heading with nothing under it goes too
 * (issue 33, item 3).
 */
import { Mail, Phone } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useStrings } from "../../lib/i18n";
import { languageTags, type SiteLanguage, switchLanguagePath } from "../../lib/language";
import { paths } from "../../lib/paths";
import type { FooterCopy } from "../../lib/route-data";
import type { LanguageOption, SocialLink } from "../../lib/site-types";
import { SocialIcon } from "./social-icons";

export function SiteFooter({
  language,
  footer,
  social,
  languages,
}: {
  language: SiteLanguage;
  footer: FooterCopy;
  social: SocialLink[];
  languages: LanguageOption[];
}) {
  const strings = useStrings();
  const { pathname } = useLocation();
  const year = new Date().getFullYear();
  const links = [
    { label: strings.nav.home, to: paths.home(language) },
    { label: strings.nav.about, to: paths.about(language) },
    { label: strings.nav.contact, to: paths.contact(language) },
    { label: strings.footer.impressum, to: paths.impressum(language) },
    { label: strings.footer.privacyPolicy, to: paths.datenschutz(language) },
  ];
  const headingClass =
    "font-(family-name:--font-display) text-lg font-semibold text-(--color-gold-300)";

  return (
    <footer data-surface="dark" className="bg-(--color-heritage-900) text-(--color-heritage-50)">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="font-(family-name:--font-display) text-xl font-semibold text-white">
            {strings.site.name}
          </p>
          <p className="mt-3 max-w-prose leading-relaxed">{footer.description}</p>
          {social.length > 0 && (
            <>
              <h2 className={`${headingClass} mt-6`}>{strings.footer.followUs}</h2>
              <ul className="mt-3 flex gap-2" aria-label={strings.footer.socialLinks}>
                {social.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      rel="noopener noreferrer"
                      target="_blank"
                      aria-label={strings.footer.socialLink(link.network)}
                      className="flex size-11 items-center justify-center rounded-full bg-(--color-heritage-800) text-white hover:bg-(--color-terracotta-600)"
                    >
                      <SocialIcon network={link.network} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {(footer.email || footer.phone) && (
          <div>
            <h2 className={headingClass}>{strings.footer.contact}</h2>
            <ul className="mt-3 space-y-2">
              {footer.email && (
                <li>
                  <a
                    href={`mailto:${footer.email}`}
                    className="inline-flex min-h-11 items-center gap-2 hover:text-(--color-gold-300)"
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    <span className="sr-only">{strings.footer.emailLabel}: </span>
                    {footer.email}
                  </a>
                </li>
              )}
              {footer.phone && (
                <li>
                  <a
                    href={`tel:${footer.phone.replace(/[^\d+]/g, "")}`}
                    className="inline-flex min-h-11 items-center gap-2 hover:text-(--color-gold-300)"
                  >
                    <Phone aria-hidden="true" className="size-4" />
                    <span className="sr-only">{strings.footer.phoneLabel}: </span>
                    {footer.phone}
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}
        <div>
          <h2 className={headingClass}>{strings.footer.links}</h2>
          <ul className="mt-3 space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center hover:text-(--color-gold-300)"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className={`${headingClass} mt-4`}>{strings.footer.languageLinks}</h2>
          <ul className="mt-2 flex flex-wrap gap-x-3">
            {languages.map((option) => (
              <li key={option.id}>
                <Link
                  to={switchLanguagePath(pathname, option.id)}
                  hrefLang={languageTags[option.id].lang}
                  data-language={option.id}
                  lang={languageTags[option.id].lang}
                  className="inline-flex min-h-11 items-center hover:text-(--color-gold-300)"
                >
                  {option.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-(--color-heritage-800)">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm sm:px-6">
          {strings.footer.copyright(year)}
        </p>
      </div>
    </footer>
  );
}
