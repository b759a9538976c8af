/**
 * @module
 * Translation status (issue 34, item 2; decision 033): for each item (project, category, FAQ item, page
 * section) and each translated language (German, Bosnian), whether the translation is
 *
 * - `missing`: the language has none of the item's texts while English has some (visitors then
 *   read English, the spec's fallback rule, `localise`);
 * - `outdated`: an English text changed after the language's texts were last edited, or last
 *   marked as checked;
 * - `up_to_date`: otherwise (also when English has no text: there is nothing to translate).
 *
 * "A text" is a field a translator translates: a project's title, description, details and SEO
 * title, description and keywords; a category's name; a FAQ item's question and answer; a page
 * section's words (not its e-mail address, phone number, image or colours). `writeContent` calls
 * `recordTranslationChanges` in every write's transaction, so the timestamps move with the texts
 * whoever the admin is; the global SEO row is not tracked (its languages live in one object, and
 * the SEO screen lists what each one lacks).
 */
import type { Database } from "@heritage/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  categories,
  faqs,
  projects,
  type RevisionedTable,
  revisionedTables,
  siteContent,
  type TranslationLanguage,
  translationLanguages,
  translationStatus,
} from "../db/schema";
import { hasLocalisedValue, localisedFieldName, type SiteLanguage } from "../localise";
import {
  parseContentValue,
  type SiteContentSection,
  siteContentColumns,
  siteContentKindOf,
} from "../site-content/site-content-input";

type Row = Record<string, unknown>;

/** What a translation is. */
export const translationStates = ["missing", "outdated", "up_to_date"] as const;
export type TranslationState = (typeof translationStates)[number];

/** The tables whose items have translations: the revisioned content. */
export const translatableTables = revisionedTables;
export type TranslatableTable = RevisionedTable;

export function isTranslatableTable(table: string): table is TranslatableTable {
  return (translatableTables as readonly string[]).includes(table);
}

export function isTranslationLanguage(language: unknown): language is TranslationLanguage {
  return (
    typeof language === "string" && (translationLanguages as readonly string[]).includes(language)
  );
}

/** The translated fields of each table (English names; `_de` / `_bs` for the translations). */
const textFields = {
  projects: ["title", "description", "details", "seo_title", "seo_description", "seo_keywords"],
  categories: ["name"],
  faqs: ["question", "answer"],
} as const;

/** The words of each page section; the about page's values keep their titles and texts. */
const sectionTextFields: Record<SiteContentSection, readonly string[]> = {
  hero: ["title", "subtitle", "description"],
  footer: ["description"],
  about: ["title", "introText", "missionTitle", "missionStatement", "valuesTitle"],
  contact: ["title", "subtitle", "description", "address", "formTitle"],
  impressum: ["title", "content"],
  datenschutz: ["title", "content"],
};
const aboutValueTextFields = ["title", "text"] as const;

/** The section a site content row is, or null for the global SEO row and unknown ids. */
function sectionOf(row: Row): SiteContentSection | null {
  const kind = siteContentKindOf(String(row.id ?? ""), row.content_type as string | null);
  return kind === null || kind === "global_seo" ? null : kind;
}

/** Whether the item's translations are tracked (every row but the global SEO settings). */
export function hasTranslations(table: TranslatableTable, row: Row): boolean {
  return table !== "site_content" || sectionOf(row) !== null;
}

/**
 * The item's texts in `language`, by field (dotted for a page's values: `values.0.title`), each
 * null when empty. Two states of an item differ in a language exactly when these differ.
 */
export function translationTexts(
  table: TranslatableTable,
  row: Row,
  language: SiteLanguage,
): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  const keep = (field: string, value: unknown) => {
    texts[field] = hasLocalisedValue(value) ? value : null;
  };
  if (table !== "site_content") {
    for (const field of textFields[table]) {
      keep(field, row[localisedFieldName(field, language)]);
    }
    return texts;
  }
  const section = sectionOf(row);
  if (!section) return texts;
  const stored = parseContentValue(row[siteContentColumns[language]]);
  const content = stored && typeof stored === "object" ? (stored as Row) : {};
  for (const field of sectionTextFields[section]) keep(field, content[field]);
  if (section === "about" && Array.isArray(content.values)) {
    content.values.forEach((value: unknown, index) => {
      const item = value && typeof value === "object" ? (value as Row) : {};
      for (const field of aboutValueTextFields) keep(`values.${index}.${field}`, item[field]);
    });
  }
  return texts;
}

function hasText(texts: Record<string, unknown>): boolean {
  return Object.values(texts).some((value) => value !== null);
}

/** The rule (see the module): what a translation is, from the texts and the two moments. */
export function translationState(input: {
  english: Record<string, unknown>;
  translation: Record<string, unknown>;
  sourceChangedAt: Date | null;
  translatedAt: Date | null;
}): TranslationState {
  if (!hasText(input.english)) return "up_to_date";
  if (!hasText(input.translation)) return "missing";
  const { sourceChangedAt, translatedAt } = input;
  if (sourceChangedAt && (!translatedAt || sourceChangedAt > translatedAt)) return "outdated";
  return "up_to_date";
}

function textsDiffer(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) return true;
  }
  return false;
}

/**
 * Keeps the moments of a write (called by `writeContent` and the restores, in their
 * transaction, after the row is written and while it is locked): an English text changed sets
 * the source moment of every translation; a text of a language changed sets that language's
 * translated moment. Both are the statement's time in the database, so one write changing
 * English and German leaves German up to date, and the order of moments is the order of the
 * writes (each holds the row's lock). `before`: the item before the write (null: a new item).
 */
export async function recordTranslationChanges(
  tx: Database,
  table: TranslatableTable,
  before: Row | null,
  after: Row,
): Promise<void> {
  if (!hasTranslations(table, after)) return;
  const textsBefore = (language: SiteLanguage) =>
    before ? translationTexts(table, before, language) : {};
  const sourceChanged = textsDiffer(textsBefore("en"), translationTexts(table, after, "en"));
  const now = sql`statement_timestamp()`;
  const values: {
    table_name: TranslatableTable;
    row_id: string;
    language: TranslationLanguage;
    source_changed_at: SQL | null;
    translated_at: SQL | null;
  }[] = [];
  for (const language of translationLanguages) {
    const translated = textsDiffer(textsBefore(language), translationTexts(table, after, language));
    if (!sourceChanged && !translated) continue;
    values.push({
      table_name: table,
      row_id: String(after.id),
      language,
      source_changed_at: sourceChanged ? now : null,
      translated_at: translated ? now : null,
    });
  }
  if (values.length === 0) return;
  await tx
    .insert(translationStatus)
    .values(values)
    .onConflictDoUpdate({
      target: [translationStatus.table_name, translationStatus.row_id, translationStatus.language],
      set: {
        source_changed_at: sql`coalesce(excluded.source_changed_at, ${translationStatus.source_changed_at})`,
        translated_at: sql`coalesce(excluded.translated_at, ${translationStatus.translated_at})`,
      },
    });
}

/** Marks the item's texts in `language` as checked against the English now (no text changes). */
export async function recordTranslationChecked(
  tx: Database,
  table: TranslatableTable,
  id: string,
  language: TranslationLanguage,
): Promise<void> {
  await tx
    .insert(translationStatus)
    .values({
      table_name: table,
      row_id: id,
      language,
      translated_at: sql`statement_timestamp()`,
    })
    .onConflictDoUpdate({
      target: [translationStatus.table_name, translationStatus.row_id, translationStatus.language],
      set: { translated_at: sql`statement_timestamp()` },
    });
}

/** One item's translation in one language, as the content API answers it. */
export interface TranslationStatusEntry {
  table: TranslatableTable;
  id: string;
  /** The item's English name: a project's title, a FAQ question, a category's name, a section id. */
  label: string;
  language: TranslationLanguage;
  status: TranslationState;
  /** When an English text last changed (null: not since translation status was kept). */
  source_changed_at: string | null;
  /** When the language's texts were last edited or checked (null: not since then). */
  translated_at: string | null;
}

function labelOf(table: TranslatableTable, row: Row): string {
  const field =
    table === "projects"
      ? "title"
      : table === "faqs"
        ? "question"
        : table === "categories"
          ? "name"
          : "id";
  const value = row[field];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : String(row.id);
}

type StatusRow = typeof translationStatus.$inferSelect;

/** The item's entries, one per translated language, from its row and its status rows. */
export function translationEntries(
  table: TranslatableTable,
  row: Row,
  statusRows: readonly StatusRow[],
): TranslationStatusEntry[] {
  if (!hasTranslations(table, row)) return [];
  const english = translationTexts(table, row, "en");
  return translationLanguages.map((language) => {
    const stored = statusRows.find((entry) => entry.language === language);
    const sourceChangedAt = stored?.source_changed_at ?? null;
    const translatedAt = stored?.translated_at ?? null;
    return {
      table,
      id: String(row.id),
      label: labelOf(table, row),
      language,
      status: translationState({
        english,
        translation: translationTexts(table, row, language),
        sourceChangedAt,
        translatedAt,
      }),
      source_changed_at: sourceChangedAt?.toISOString() ?? null,
      translated_at: translatedAt?.toISOString() ?? null,
    };
  });
}

export interface TranslationStatusFilter {
  table?: TranslatableTable | undefined;
  id?: string | undefined;
  language?: TranslationLanguage | undefined;
  /** Only entries in one of these states. */
  statuses?: readonly TranslationState[] | undefined;
}

const tableObjects = { projects, categories, faqs, site_content: siteContent } as const;

/**
 * Every item's translation status per language, in the order of the tables (projects,
 * categories, FAQ items, page sections), each table's items oldest first. The admin reads it;
 * a handful of small tables, read whole (no visitor's request reads them this way).
 */
export async function listTranslationStatus(
  db: Database,
  filter: TranslationStatusFilter = {},
): Promise<TranslationStatusEntry[]> {
  const tables = filter.table ? [filter.table] : translatableTables;
  const entries: TranslationStatusEntry[] = [];
  for (const table of tables) {
    const source = tableObjects[table];
    const rows = (await db
      .select()
      .from(source)
      .where(filter.id === undefined ? undefined : eq(source.id, filter.id))
      .orderBy(source.created_at, source.id)) as Row[];
    if (rows.length === 0) continue;
    const statusRows = await db
      .select()
      .from(translationStatus)
      .where(
        and(
          eq(translationStatus.table_name, table),
          filter.id === undefined
            ? undefined
            : inArray(
                translationStatus.row_id,
                rows.map((row) => String(row.id)),
              ),
        ),
      );
    for (const row of rows) {
      const own = statusRows.filter((entry) => entry.row_id === String(row.id));
      entries.push(...translationEntries(table, row, own));
    }
  }
  return entries.filter(
    (entry) =>
      (filter.language === undefined || entry.language === filter.language) &&
      (filter.statuses === undefined || filter.statuses.includes(entry.status)),
  );
}

/** The status rows of one item (for an answer about it). */
export async function findTranslationStatusRows(
  db: Database,
  table: TranslatableTable,
  id: string,
): Promise<StatusRow[]> {
  return db
    .select()
    .from(translationStatus)
    .where(and(eq(translationStatus.table_name, table), eq(translationStatus.row_id, id)));
}
