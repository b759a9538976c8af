/**
 * @module
 * What the public pages' loaders hand to their components: content already localised on the
 * server, so the browser bundle never carries the content module.
 */
import type { SiteLanguage } from "./language";

/** An image as a page renders it; `srcSet` only for uploads that have responsive variants. */
export type ImageSource = {
  src: string;
  srcSet?: string;
  /** Intrinsic size of the original, when known (uploads). */
  width?: number;
  height?: number;
};

export type CategoryOption = { id: string; name: string };

export type ProjectSummary = {
  id: string;
  /** Its public address: `/project/{slug}` (issue 33, item 13). */
  slug: string;
  title: string;
  description: string;
  category: CategoryOption;
  image: ImageSource;
  /** A background class from the admin's palette (always one the stylesheet knows). */
  bgColor: string;
};

export type ProjectDetail = ProjectSummary & {
  details: string;
  /** The details as sanitised HTML when they were written as HTML, else null (plain text). */
  detailsHtml: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string[];
  seoImage: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

export type FaqItem = { id: string; question: string; answer: string };

export type LanguageOption = { id: SiteLanguage; name: string; flag: string };

export type SocialLink = { network: "Facebook" | "Instagram" | "LinkedIn" | "X"; url: string };

/** The global SEO settings in one language, stored values over the defaults. */
export type SiteSeo = {
  siteName: string;
  defaultTitle: string;
  defaultDescription: string;
  defaultKeywords: string[];
  defaultImage: string;
  organizationName: string;
  organizationDescription: string;
  organizationLogo: string;
  organizationUrl: string;
  contactEmail: string;
  contactPhone: string;
  social: SocialLink[];
};

/** What one page says about itself in its head. */
export type PageSeo = {
  title: string;
  description: string;
  /**
   * The page's own share image candidates, best first (an upload, an outside raster image...);
   * the site's default share image is tried after them (see share-image.ts).
   */
  images?: (string | null | undefined)[];
  keywords?: string[];
  type?: "website" | "article";
  /** Extra JSON-LD nodes of the page (the organisation is always added). */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
  /** A 404 page: no canonical URL, no language alternates (no other language has this page). */
  notFound?: boolean;
};
