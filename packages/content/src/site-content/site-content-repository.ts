/**
 * @module
 * Named operations on site content rows (page sections and the global SEO row), and the shared
 * content loader: stored copy in the visitor's language, filled in with the built-in defaults.
 */
import type { Database } from "@heritage/db";
import { asc, eq } from "drizzle-orm";
import { siteContent } from "../db/schema";
import type { PageCopy } from "../default-copy/default-copy-types";
import { type DraftOverlay, withSectionDraft } from "../drafts/draft-overlay";
import {
  hasLocalisedValue,
  localise,
  localisedFieldName,
  type SiteLanguage,
  siteLanguages,
} from "../localise";
import { defaultGlobalSeo, defaultPageCopy } from "./default-content";
import {
  GLOBAL_SEO_CONTENT_TYPE,
  GLOBAL_SEO_ID,
  type GlobalSeoContent,
  type GlobalSeoContentInput,
  type GlobalSeoLocalisedField,
  globalSeoLocalisedFields,
  parseContentValue,
  type SiteContentRowInput,
  type SiteContentSection,
  siteContentColumns,
  siteContentRowSchema,
} from "./site-content-input";

/** A stored row. Each `content*` column holds an object (or null); see `getSiteContent`. */
export type SiteContentRow = typeof siteContent.$inferSelect;

/** Stored content may be an object or a JSON string of one (spec section 3): parsed on read. */
export function parseSiteContentRow(row: SiteContentRow): SiteContentRow {
  return {
    ...row,
    content: parseContentValue(row.content),
    content_de: parseContentValue(row.content_de),
    content_bs: parseContentValue(row.content_bs),
  };
}

/** Every site content row, content parsed. */
export async function listSiteContent(db: Database): Promise<SiteContentRow[]> {
  const rows = await db.select().from(siteContent).orderBy(asc(siteContent.id));
  return rows.map(parseSiteContentRow);
}

/** The row with this id ("hero", "about", ...), content parsed, or null. */
export async function getSiteContent(db: Database, id: string): Promise<SiteContentRow | null> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.id, id)).limit(1);
  return row ? parseSiteContentRow(row) : null;
}

/**
 * Saves a row: updates the columns it carries when the row exists, otherwise inserts it (spec
 * section 4), in one statement. Content is validated per section and rich HTML sanitised.
 */
export async function saveSiteContentRow(
  db: Database,
  input: SiteContentRowInput,
): Promise<SiteContentRow> {
  const { id, content_type, ...columns } = siteContentRowSchema.parse(input);
  const [row] = await db
    .insert(siteContent)
    .values({ id, content_type, ...columns })
    .onConflictDoUpdate({
      target: siteContent.id,
      set: { ...columns, content_type, updated_at: new Date() },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return parseSiteContentRow(row);
}

/**
 * Saves one language of a section: English writes `content`, German `content_de`, Bosnian
 * `content_bs`; the other languages stay as stored.
 */
export async function saveSiteContent(
  db: Database,
  input: { id: string; contentType?: string; language: SiteLanguage; content: unknown },
): Promise<SiteContentRow> {
  return saveSiteContentRow(db, {
    id: input.id,
    content_type: input.contentType,
    [siteContentColumns[input.language]]: input.content,
  } as SiteContentRowInput);
}

/** Deletes a row (the page then shows its built-in default copy); null when there was none. */
export async function deleteSiteContent(db: Database, id: string): Promise<SiteContentRow | null> {
  const [row] = await db.delete(siteContent).where(eq(siteContent.id, id)).returning();
  return row ? parseSiteContentRow(row) : null;
}

/** The global SEO row (content_type "global_seo"), or null when none is stored. */
export async function getGlobalSeo(db: Database): Promise<SiteContentRow | null> {
  const [row] = await db
    .select()
    .from(siteContent)
    .where(eq(siteContent.content_type, GLOBAL_SEO_CONTENT_TYPE))
    .orderBy(asc(siteContent.created_at))
    .limit(1);
  return row ? parseSiteContentRow(row) : null;
}

/** Saves the global SEO settings (in `content`), creating the row when there is none. */
export async function saveGlobalSeo(
  db: Database,
  content: GlobalSeoContentInput,
): Promise<SiteContentRow> {
  const existing = await getGlobalSeo(db);
  return saveSiteContentRow(db, {
    id: existing?.id ?? GLOBAL_SEO_ID,
    content_type: GLOBAL_SEO_CONTENT_TYPE,
    content,
  });
}

/**
 * The global SEO settings as a page in `language` uses them: stored values where non-empty,
 * defaults elsewhere; `default_title`, `default_description` and `default_keywords` hold that
 * language's text. Their fallback order (issue 19, defect 4): the stored field of the language
 * (`default_title_de`), else the built-in default of the same language. Never another
 * language's text: a German page with no German title stored shows the built-in German one,
 * not the English title the admin typed.
 */
export function resolveGlobalSeo(
  row: SiteContentRow | null,
  language: SiteLanguage = "en",
): GlobalSeoContent {
  const stored = row ? parseContentValue(row.content) : null;
  const merged = mergeOverDefaults(defaultGlobalSeo, stored) as GlobalSeoContent;
  const localised = { ...merged };
  for (const field of globalSeoLocalisedFields) {
    const name = localisedFieldName(field, language) as keyof GlobalSeoContent;
    (localised as Record<string, unknown>)[field] =
      field === "default_keywords" ? keywordsOf(merged[name]) : merged[name];
  }
  return localised;
}

/** Which languages lack which of their own SEO fields (stored and non-empty); for the admin. */
export function missingGlobalSeoFields(
  stored: Record<string, unknown> | null,
): Record<SiteLanguage, GlobalSeoLocalisedField[]> {
  const missing = {} as Record<SiteLanguage, GlobalSeoLocalisedField[]>;
  for (const language of siteLanguages) {
    missing[language] = globalSeoLocalisedFields.filter(
      (field) => !hasLocalisedValue(stored?.[localisedFieldName(field, language)]),
    );
  }
  return missing;
}

/** Keywords as stored: a list, or (written by older clients) comma-separated text. */
function keywordsOf(value: unknown): string[] {
  const list = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [];
  return list
    .filter((keyword): keyword is string => typeof keyword === "string")
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== "");
}

function mergeOverDefaults<T extends object>(defaults: T, stored: unknown): T {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return defaults;
  const merged = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) {
    const value = (stored as Record<string, unknown>)[key];
    if (hasLocalisedValue(value)) merged[key] = value;
  }
  return merged as T;
}

/**
 * The copy of one section in one language: the stored language column when non-empty, else the
 * stored English (`localise`), each field falling back to the built-in default of the language.
 * Pass `null` when nothing is stored (or loading failed).
 */
export function resolvePageContent<Section extends SiteContentSection>(
  section: Section,
  language: SiteLanguage,
  row: SiteContentRow | null,
): PageCopy[Section] {
  const defaults = defaultPageCopy[language][section];
  if (!row) return defaults;
  return mergeOverDefaults(
    defaults,
    parseContentValue(localise(parseSiteContentRow(row), "content", language)),
  );
}

/**
 * The shared content loader: a section's copy in `language`, never failing. When the database
 * cannot be read, `onError` hears of it and the built-in default copy is returned. `preview`: a
 * signed-in admin's preview, its draft of the section laid over the stored row (decision 036).
 */
export async function loadPageContent<Section extends SiteContentSection>(
  db: Database,
  section: Section,
  language: SiteLanguage,
  onError?: (error: unknown) => void,
  preview?: DraftOverlay | null,
): Promise<PageCopy[Section]> {
  try {
    const row = withSectionDraft(preview, section, await getSiteContent(db, section));
    return resolvePageContent(section, language, row);
  } catch (error) {
    onError?.(error);
    return defaultPageCopy[language][section];
  }
}
