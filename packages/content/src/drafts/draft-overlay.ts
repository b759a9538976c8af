/**
 * @module
 * What a preview shows (issue 34, item 1; decision 036): live rows with a draft's fields laid
 * over them, parsed as the item's save would parse them, so the page renders what publishing the
 * draft would make live. Only a signed-in admin's preview builds an overlay; a visitor's page
 * never reads a draft.
 */
import type { DraftableTable, drafts } from "../db/schema";
import { faqUpdateSchema } from "../faqs/faq-input";
import { projectUpdateSchema } from "../projects/project-input";
import { siteContentRowSchema } from "../site-content/site-content-input";

export type Draft = typeof drafts.$inferSelect;

type Row = Record<string, unknown>;

/** The draft a preview shows, with the fields it lays over the live row. */
export interface DraftOverlay {
  table: DraftableTable;
  id: string;
  draft: Draft;
  /** The draft's fields as a save would store them (site content: its language columns). */
  fields: Row;
}

/** The fields a save of `data` would store, without the id (and a project's address left as is). */
export function draftValues(table: DraftableTable, id: string, data: Row): Row {
  const schema =
    table === "projects"
      ? projectUpdateSchema
      : table === "faqs"
        ? faqUpdateSchema
        : siteContentRowSchema;
  const parsed = schema.parse({ ...data, id }) as Row;
  const { id: _id, ...fields } = parsed;
  // An empty address is made from the title when published; the preview keeps the live one.
  if (table === "projects" && !fields.slug) delete fields.slug;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The row as the preview shows it: the overlay's fields over it when it is the drafted item. */
export function withDraft<T extends Row>(
  overlay: DraftOverlay | null | undefined,
  table: DraftableTable,
  row: T,
): T {
  if (!overlay || overlay.table !== table || row.id !== overlay.id) return row;
  const drafted: Row = { ...row, ...overlay.fields };
  // A project's `image_url` is the database's copy of `image` (a generated column).
  if (table === "projects" && "image" in overlay.fields) drafted.image_url = overlay.fields.image;
  return drafted as T;
}

/**
 * A page section's row as the preview shows it: the draft's languages over the stored row, or
 * over an empty one when the section was never saved (its page then shows the built-in copy).
 */
export function withSectionDraft<T extends Row>(
  overlay: DraftOverlay | null | undefined,
  section: string,
  row: T | null,
): T | null {
  if (overlay?.table !== "site_content" || overlay.id !== section) return row;
  const base = row ?? ({ id: section, content: null, content_de: null, content_bs: null } as Row);
  return { ...base, ...overlay.fields } as T;
}
