/**
 * @module
 * The admin's calls for translation status (issue 34, item 2): which translations are missing,
 * outdated or up to date (`GET /functions/translation-status`), and "Mark as checked" (`POST
 * /functions/mark-translation-checked`). Part of the content client (`client.translations`).
 */
import { z } from "zod";
import type { CallData } from "./data-call";
import { versionHeader } from "./version-header";

/** The content whose translations are tracked. */
export type TranslatableTable = "projects" | "categories" | "faqs" | "site_content";
export type TranslationLanguage = "de" | "bs";
export type TranslationState = "missing" | "outdated" | "up_to_date";

export const translationEntrySchema = z.object({
  table: z.enum(["projects", "categories", "faqs", "site_content"]),
  id: z.string(),
  /** The item's English name (a page section's id). */
  label: z.string(),
  language: z.enum(["de", "bs"]),
  status: z.enum(["missing", "outdated", "up_to_date"]),
  source_changed_at: z.string().nullable(),
  translated_at: z.string().nullable(),
});
export type TranslationEntry = z.output<typeof translationEntrySchema>;

export interface TranslationFilter {
  table?: TranslatableTable | undefined;
  id?: string | undefined;
  /** Only entries in these states (`["missing", "outdated"]`: what needs translating). */
  statuses?: readonly TranslationState[] | undefined;
}

export function createTranslationCalls(callData: CallData) {
  return {
    list: (filter: TranslationFilter = {}) => {
      const query: Record<string, string> = {};
      if (filter.table) query.table = filter.table;
      if (filter.id) query.id = filter.id;
      if (filter.statuses) query.status = filter.statuses.join(",");
      return callData("GET", "translation-status", z.array(translationEntrySchema), { query });
    },
    /** `version`: the item's version the editor sees (sent as If-Match). */
    markChecked: (
      item: { table: TranslatableTable; id: string; language: TranslationLanguage },
      version?: number,
    ) =>
      callData("POST", "mark-translation-checked", translationEntrySchema, {
        body: item,
        headers: versionHeader(version),
      }),
  };
}

export type TranslationCalls = ReturnType<typeof createTranslationCalls>;
