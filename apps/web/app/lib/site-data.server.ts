/**
 * @module
 * The public pages' data, read through the content repositories on the server (no HTTP hop)
 * and localised here. Every function falls back to the built-in data or default copy when the
 * database cannot be read (spec sections 2 and 8), or when nothing was ever seeded into it.
 */
import {
  allCategory,
  type Category,
  DEFAULT_CONTENT_SEEDED_KEY,
  type DraftOverlay,
  type FallbackCategory,
  type FallbackProject,
  fallbackCategories,
  fallbackFaqs,
  fallbackLanguages,
  fallbackProjects,
  findCopyPlaceholders,
  findProjectByAddress,
  findSectionPlaceholders,
  getGlobalSeo,
  getSiteSetting,
  isNetworkHomePage,
  linesWithoutPlaceholders,
  listCategories,
  listFaqs,
  listLanguages,
  listProjects,
  listRelatedProjects,
  listSiteContent,
  loadPageContent,
  localise,
  localisedFieldName,
  type Project,
  placeholderPages,
  RELATED_PROJECTS_LIMIT,
  resolveGlobalSeo,
  richTextWithoutPlaceholders,
  sanitizeRichText,
  sanitizeTextOrHtml,
  selectRows,
  withDraft,
  withoutPlaceholder,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import { en } from "../i18n/en";
import { knownBackgroundClass } from "./backgrounds";
import { builtInImageSource } from "./built-in-images";
import { uiStrings } from "./i18n";
import { isSiteLanguage, type SiteLanguage, siteLanguages, withLanguagePrefix } from "./language";
import { describeError, logServerEvent } from "./log.server";
import type {
  CategoryOption,
  FaqItem,
  ImageSource,
  LanguageOption,
  ProjectDetail,
  ProjectSummary,
  SiteSeo,
  SocialLink,
} from "./site-types";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

type ProjectRow = Project | (FallbackProject & { image_url?: string | null });
type CategoryRow = Category | FallbackCategory;

/** Logs a failed read; the page goes on with built-in data. */
export function logLoadFailure(what: string, error: unknown, requestId?: string): void {
  logServerEvent("error", `loading ${what} failed; using built-in data`, {
    error: describeError(error),
    requestId,
  });
}

/** True when the default content was never seeded (an empty database shows the built-in data). */
async function isUnseeded(db: Database): Promise<boolean> {
  return (await getSiteSetting(db, DEFAULT_CONTENT_SEEDED_KEY)) === null;
}

function localiseCategory(row: CategoryRow, language: SiteLanguage): CategoryOption {
  return { id: row.id, name: localise(row, "name", language) || row.name };
}

/** Responsive variants of uploaded images, by URL (built-in illustrations have none). */
async function findImageSources(db: Database, urls: string[]): Promise<Map<string, ImageSource>> {
  const sources = new Map<string, ImageSource>();
  const uploads = [...new Set(urls)].filter((url) => url !== "" && !url.startsWith("/images/"));
  await Promise.all(
    uploads.map(async (url) => {
      const [row] = await selectRows(db, "media", {
        filters: [{ column: "url", operator: "eq", value: url }],
        limit: 1,
      });
      if (!row) return;
      const media = row as {
        width: number;
        height: number;
        variants: { url: string; width: number; content_type: string }[];
      };
      const variants = [...(media.variants ?? [])]
        .filter((variant) => variant.url && variant.width > 0)
        .sort((a, b) => a.width - b.width);
      // The variants are WebP and include the full width when it is not larger than the biggest
      // variant size; the original joins the list only when it is wider than every variant (one
      // URL per width: a repeated width descriptor makes the whole srcset invalid).
      const widest = variants.at(-1)?.width ?? 0;
      const candidates = [
        ...variants.map((variant) => `${variant.url} ${variant.width}w`),
        ...(media.width > widest ? [`${url} ${media.width}w`] : []),
      ];
      sources.set(url, {
        src: url,
        width: media.width,
        height: media.height,
        ...(variants.length > 0 ? { srcSet: candidates.join(", ") } : {}),
      });
    }),
  );
  return sources;
}

function imageUrlOf(row: ProjectRow): string {
  return (row.image_url ?? row.image) || PLACEHOLDER_IMAGE;
}

function summarise(
  row: ProjectRow,
  language: SiteLanguage,
  categories: Map<string, CategoryOption>,
  images: Map<string, ImageSource>,
): ProjectSummary {
  const url = imageUrlOf(row);
  return {
    id: row.id,
    // The built-in projects' addresses are their ids.
    slug: "slug" in row ? row.slug : row.id,
    title: localise(row, "title", language) ?? row.title,
    description: localise(row, "description", language) ?? "",
    category: categories.get(row.category) ?? { id: row.category, name: row.category },
    image: images.get(url) ?? builtInImageSource(url) ?? { src: url },
    bgColor: knownBackgroundClass(row.bg_color),
  };
}

function detail(
  row: ProjectRow,
  language: SiteLanguage,
  categories: Map<string, CategoryOption>,
  images: Map<string, ImageSource>,
): ProjectDetail {
  // SEO text is read in the page's language only (issue 19, defect 4): a German page with no
  // German SEO title uses the project's title, never the English SEO title. The share image
  // has no language, so the usual rule applies to it.
  const ownSeo = (field: "seo_title" | "seo_description" | "seo_keywords") =>
    (row as Record<string, unknown>)[localisedFieldName(field, language)];
  const keywords = ownSeo("seo_keywords");
  const seoImage = localise(row as Project, "seo_og_image", language);
  const details = localise(row, "details", language) ?? "";
  return {
    ...summarise(row, language, categories, images),
    details,
    detailsHtml: details.includes("<") ? sanitizeTextOrHtml(details) : null,
    seoTitle: textOrNull(ownSeo("seo_title")),
    seoDescription: textOrNull(ownSeo("seo_description")),
    seoKeywords: Array.isArray(keywords)
      ? keywords.filter((keyword): keyword is string => typeof keyword === "string")
      : [],
    seoImage: seoImage || null,
    createdAt: "created_at" in row && row.created_at ? row.created_at.toISOString() : null,
    updatedAt: "updated_at" in row && row.updated_at ? row.updated_at.toISOString() : null,
  };
}

const textOrNull = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value : null;

function categoryMap(rows: CategoryRow[], language: SiteLanguage): Map<string, CategoryOption> {
  return new Map(rows.map((row) => [row.id, localiseCategory(row, language)]));
}

export type HomeData = {
  categories: CategoryOption[];
  projects: ProjectSummary[];
  faqs: FaqItem[];
};

function fallbackHome(language: SiteLanguage): HomeData {
  const categories = categoryMap(fallbackCategories, language);
  return {
    categories: [localiseCategory(allCategory, language), ...categories.values()],
    projects: fallbackProjects.map((row) => summarise(row, language, categories, new Map())),
    faqs: fallbackFaqs.map((row) => ({
      id: row.id,
      question: localise(row, "question", language),
      answer: localise(row, "answer", language),
    })),
  };
}

/**
 * Home: categories first, then projects (spec section 2), then the FAQ. `preview`: a signed-in
 * admin's preview, its draft laid over the project or FAQ item it belongs to (decision 036).
 */
export async function loadHomeData(
  db: Database,
  language: SiteLanguage,
  requestId?: string,
  preview?: DraftOverlay | null,
): Promise<HomeData> {
  try {
    const categoryRows = await listCategories(db);
    const projectRows = (await listProjects(db)).map((row) => withDraft(preview, "projects", row));
    const faqRows = (await listFaqs(db)).map((row) => withDraft(preview, "faqs", row));
    if (categoryRows.length + projectRows.length + faqRows.length === 0 && (await isUnseeded(db))) {
      return fallbackHome(language);
    }
    const categories = categoryMap(categoryRows, language);
    const images = await findImageSources(db, projectRows.map(imageUrlOf));
    return {
      categories: [localiseCategory(allCategory, language), ...categories.values()],
      projects: projectRows.map((row) => summarise(row, language, categories, images)),
      faqs: faqRows.map((row) => ({
        id: row.id,
        question: localise(row, "question", language),
        answer: localise(row, "answer", language),
      })),
    };
  } catch (error) {
    logLoadFailure("home page data", error, requestId);
    return fallbackHome(language);
  }
}

export type ProjectPageData = {
  project: ProjectDetail | null;
  related: ProjectSummary[];
  /**
   * The project's own address when the one asked for is a former address, its id or the address
   * in other letter case: the page answers a permanent redirect there (issue 33, item 13).
   */
  movedTo?: string;
};

function fallbackProjectPage(id: string, language: SiteLanguage): ProjectPageData {
  const categories = categoryMap(fallbackCategories, language);
  const row = fallbackProjects.find((project) => project.id === id);
  if (!row) return { project: null, related: [] };
  return {
    project: detail(row, language, categories, new Map()),
    related: fallbackProjects
      .filter((project) => project.category === row.category && project.id !== row.id)
      .slice(0, RELATED_PROJECTS_LIMIT)
      .map((project) => summarise(project, language, categories, new Map())),
  };
}

/**
 * The project at an address and up to 3 others of its category, never itself; `movedTo` when the
 * address is not the project's own; built-in data when loading fails. `preview`: a signed-in
 * admin's preview, its draft of the project laid over it (at its live address; decision 036).
 */
export async function loadProjectPage(
  db: Database,
  address: string,
  language: SiteLanguage,
  requestId?: string,
  preview?: DraftOverlay | null,
): Promise<ProjectPageData> {
  try {
    const found = await findProjectByAddress(db, address);
    if (!found) {
      return (await isUnseeded(db)) ? fallbackProjectPage(address, language) : fallbackNone();
    }
    if (found.at === "moved") return { project: null, related: [], movedTo: found.project.slug };
    const row = withDraft(preview, "projects", found.project);
    const [categoryRows, relatedRows] = await Promise.all([
      listCategories(db),
      listRelatedProjects(db, { category: row.category, excludeId: row.id }),
    ]);
    const categories = categoryMap(categoryRows, language);
    const images = await findImageSources(db, [row, ...relatedRows].map(imageUrlOf));
    return {
      project: detail(row, language, categories, images),
      related: relatedRows
        .filter((related) => related.id !== row.id)
        .slice(0, RELATED_PROJECTS_LIMIT)
        .map((related) => summarise(related, language, categories, images)),
    };
  } catch (error) {
    logLoadFailure(`project ${address}`, error, requestId);
    return fallbackProjectPage(address, language);
  }
}

function fallbackNone(): ProjectPageData {
  return { project: null, related: [] };
}

/**
 * Every project's address, for the sitemap (the built-in projects' when loading fails or
 * nothing was seeded).
 */
export async function listProjectAddressesForSitemap(
  db: Database,
): Promise<{ slug: string; updatedAt: string | null }[]> {
  try {
    const rows = await listProjects(db);
    if (rows.length === 0 && (await isUnseeded(db))) {
      return fallbackProjects.map((row) => ({ slug: row.id, updatedAt: null }));
    }
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at.toISOString() }));
  } catch (error) {
    logLoadFailure("project list for the sitemap", error);
    return fallbackProjects.map((row) => ({ slug: row.id, updatedAt: null }));
  }
}

/** The language switcher's entries: flag from storage, name in its own language. */
export async function loadLanguageOptions(db: Database): Promise<LanguageOption[]> {
  let rows: { id: string; flag_emoji: string }[] = fallbackLanguages;
  try {
    const stored = await listLanguages(db);
    if (stored.length > 0) rows = stored;
  } catch (error) {
    logLoadFailure("languages", error);
  }
  const flags = new Map(
    [...fallbackLanguages, ...rows]
      .filter((row) => isSiteLanguage(row.id) && row.flag_emoji !== "")
      .map((row) => [row.id, row.flag_emoji]),
  );
  return siteLanguages.map((id) => ({ id, name: en.languages[id], flag: flags.get(id) ?? "" }));
}

function socialLinksOf(seo: {
  social_facebook: string;
  social_instagram: string;
  social_linkedin: string;
  social_twitter: string;
}): SocialLink[] {
  const links: SocialLink[] = [
    { network: "Facebook", url: seo.social_facebook },
    { network: "Instagram", url: seo.social_instagram },
    { network: "LinkedIn", url: seo.social_linkedin },
    { network: "X", url: seo.social_twitter },
  ];
  // A network's home page is a placeholder, not the organisation's profile (issue 33, item 3).
  return links.filter((link) => /^https?:\/\//.test(link.url) && !isNetworkHomePage(link.url));
}

/**
 * Contact details as visitors see them (footer, contact page): an e-mail address or phone number
 * that is still a placeholder is left out (""), and so is each address line that is one
 * (issue 33, item 3). Search engines are kept off the page by its own check of the stored copy.
 */
export function withoutContactPlaceholders<
  T extends { email: string; phone: string; address?: string },
>(copy: T): T {
  return {
    ...copy,
    email: withoutPlaceholder(copy.email),
    phone: withoutPlaceholder(copy.phone),
    ...(copy.address === undefined ? {} : { address: linesWithoutPlaceholders(copy.address) }),
  };
}

/**
 * The global SEO settings in `language`, stored values over the defaults. Title, description
 * and keywords are the language's own: stored, else the built-in default of that language,
 * never another language's (see resolveGlobalSeo).
 */
export async function loadSiteSeo(
  db: Database,
  language: SiteLanguage,
  requestId?: string,
): Promise<SiteSeo> {
  let row = null;
  try {
    row = await getGlobalSeo(db);
  } catch (error) {
    logLoadFailure("global SEO settings", error, requestId);
  }
  const seo = resolveGlobalSeo(row, language);
  const text = (value: string | null | undefined) => value ?? "";
  return {
    siteName: text(seo.site_name) || "Balkan Heritage",
    defaultTitle: text(seo.default_title),
    defaultDescription: text(seo.default_description),
    defaultKeywords: seo.default_keywords ?? [],
    defaultImage: text(seo.default_og_image),
    organizationName: text(seo.organization_name),
    organizationDescription: text(seo.organization_description),
    organizationLogo: text(seo.organization_logo),
    organizationUrl: text(seo.organization_url),
    // Placeholders never reach structured data (issue 33, item 3).
    contactEmail: withoutPlaceholder(text(seo.contact_email)),
    contactPhone: withoutPlaceholder(text(seo.contact_phone)),
    social: socialLinksOf({
      social_facebook: text(seo.social_facebook),
      social_instagram: text(seo.social_instagram),
      social_linkedin: text(seo.social_linkedin),
      social_twitter: text(seo.social_twitter),
    }),
  };
}

/**
 * Impressum or datenschutz: localised title and sanitised HTML, defaults when nothing is stored.
 * What still holds a placeholder is left out, with a neutral line in the page's language where
 * paragraphs went (issue 33, item 3); `holdsPlaceholder` tells of the stored copy (noindex).
 */
export async function loadLegalPage(
  db: Database,
  section: "impressum" | "datenschutz",
  language: SiteLanguage,
  requestId?: string,
  preview?: DraftOverlay | null,
): Promise<{ title: string; content: string; description: string; holdsPlaceholder: boolean }> {
  const page = await loadPageContent(
    db,
    section,
    language,
    (error) => logLoadFailure(`${section} content`, error, requestId),
    preview,
  );
  const holdsPlaceholder = findCopyPlaceholders(section, language, page).length > 0;
  const content = richTextWithoutPlaceholders(
    sanitizeRichText(page.content),
    uiStrings[language].legal.detailsToFollow,
  );
  const text = content
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return {
    title: page.title,
    content,
    description: text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text,
    holdsPlaceholder,
  };
}

/**
 * The public pages (by their path without language prefix, e.g. "/impressum") whose own content
 * still holds a built-in placeholder in `language`: noindex, and left out of the sitemap (issue
 * 19, defect 10). When the content cannot be read, the built-in copy is assumed, placeholders
 * and all, as the pages then show it.
 */
export async function listPagesHoldingPlaceholders(db: Database): Promise<Set<string>> {
  let rows: Awaited<ReturnType<typeof listSiteContent>> = [];
  try {
    rows = await listSiteContent(db);
  } catch (error) {
    logLoadFailure("site content for the sitemap", error);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const holding = new Set<string>();
  for (const section of placeholderPages) {
    for (const language of siteLanguages) {
      if (findSectionPlaceholders(section, language, byId.get(section)).length > 0) {
        holding.add(withLanguagePrefix(`/${section}`, language));
      }
    }
  }
  return holding;
}
