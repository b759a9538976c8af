/**
 * @module
 * The head of every public page: title, description, canonical URL, language alternates
 * (hreflang with x-default), Open Graph and Twitter card tags, and JSON-LD for the organisation
 * plus whatever the page adds (a project). Runs on the server and, on navigation, in the browser.
 */
import type { MetaDescriptor } from "react-router";
import { languageTags, type SiteLanguage, siteLanguages, switchLanguagePath } from "../language";
import type { PageSeo, SiteSeo } from "../site-types";
import { chooseShareImage } from "./share-image";

/** Spec section 9: the organisation's founding year in structured data. */
export const FOUNDING_YEAR = "2020";

export interface SeoContext {
  /** The site's public origin, e.g. "https://example.org" (no trailing slash). */
  origin: string;
  /** The page's path, with its language prefix. */
  pathname: string;
  language: SiteLanguage;
  site: SiteSeo;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** "About Us | Balkan Heritage", unless the title already names the site. */
export function composeTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/**
 * The organisation as structured data. A contact detail that is missing (or was a placeholder,
 * which loadSiteSeo leaves out) is left out, and so is the contact point when it has none.
 */
export function organizationJsonLd(origin: string, site: SiteSeo): Record<string, unknown> {
  const url = site.organizationUrl || `${origin}/`;
  const contact = {
    ...(site.contactEmail ? { email: site.contactEmail } : {}),
    ...(site.contactPhone ? { telephone: site.contactPhone } : {}),
  };
  return {
    "@type": "NGO",
    "@id": `${origin}/#organization`,
    name: site.organizationName || site.siteName,
    description: site.organizationDescription,
    url,
    logo: absoluteUrl(origin, site.organizationLogo || "/logo.png"),
    foundingDate: FOUNDING_YEAR,
    ...contact,
    ...(Object.keys(contact).length > 0
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer support",
            ...contact,
            availableLanguage: ["English", "German", "Bosnian"],
          },
        }
      : {}),
    ...(site.social.length > 0 ? { sameAs: site.social.map((link) => link.url) } : {}),
  };
}

/** The page's canonical URL and its alternates in each language (plus x-default: English). */
function addressOf({ origin, pathname }: SeoContext): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: absoluteUrl(origin, pathname) },
    ...siteLanguages.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: languageTags[alternate].lang,
      href: absoluteUrl(origin, switchLanguagePath(pathname, alternate)),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(origin, switchLanguagePath(pathname, "en")),
    },
  ];
}

export function buildPageMeta(context: SeoContext, page: PageSeo): MetaDescriptor[] {
  const { origin, pathname, language, site } = context;
  const canonical = absoluteUrl(origin, pathname);
  // A raster image the networks show: the page's own candidates, then the site's default share
  // image, then the built-in 1200 x 630 one (issue 19, defect 5).
  const image = chooseShareImage(...(page.images ?? []), site.defaultImage);
  const imageUrl = absoluteUrl(origin, image.url);
  const keywords = page.keywords && page.keywords.length > 0 ? page.keywords : site.defaultKeywords;
  const descriptors: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    ...(keywords.length > 0 ? [{ name: "keywords", content: keywords.join(", ") }] : []),
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    // A 404 is no page: it has no canonical URL and no versions in other languages.
    ...(page.notFound ? [] : addressOf(context)),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    ...(page.notFound ? [] : [{ property: "og:url", content: canonical }]),
    { property: "og:image", content: imageUrl },
    ...(image.type ? [{ property: "og:image:type", content: image.type }] : []),
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:locale", content: languageTags[language].ogLocale },
    ...siteLanguages
      .filter((alternate) => alternate !== language)
      .map((alternate) => ({
        property: "og:locale:alternate",
        content: languageTags[alternate].ogLocale,
      })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [organizationJsonLd(origin, site), ...(page.jsonLd ?? [])],
      },
    },
  ];
  return descriptors;
}
