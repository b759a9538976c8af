/**
 * @module
 * How the admin names translation status (issue 34, item 2): the state's words (never colour
 * alone), an item's name and where it is edited, and the dashboard's "What needs translating"
 * list grouped per language.
 */
import type {
  TranslationEntry,
  TranslationLanguage,
  TranslationState,
} from "../../../lib/content-api/translation-client";
import { adminLanguages } from "../common/languages";
import { contentSectionForms } from "../site-content/site-content-sections";

export const translationStateLabels: Record<TranslationState, string> = {
  missing: "Missing",
  outdated: "Outdated",
  up_to_date: "Up to date",
};

/** The language's English name: "German", "Bosnian". */
export function languageName(language: TranslationLanguage): string {
  return adminLanguages.find((entry) => entry.code === language)?.englishName ?? language;
}

/** What the state means for this language, in a sentence. */
export function translationStateText(state: TranslationState, language: TranslationLanguage) {
  const name = languageName(language);
  switch (state) {
    case "missing":
      return `There is no ${name} text yet: visitors see the English.`;
    case "outdated":
      return `The English text changed after the ${name} text was last edited or checked.`;
    default:
      return `The ${name} text matches the current English.`;
  }
}

/** "Project: Old Songs", "FAQ: How can I volunteer?", "Page: Hero Section", "Category: Music". */
export function translationItemName(entry: Pick<TranslationEntry, "table" | "id" | "label">) {
  switch (entry.table) {
    case "projects":
      return `Project: ${entry.label}`;
    case "faqs":
      return `FAQ: ${entry.label}`;
    case "categories":
      return `Category: ${entry.label}`;
    default: {
      const section = contentSectionForms.find((form) => form.id === entry.id);
      return `Page: ${section?.tabLabel ?? entry.label}`;
    }
  }
}

/**
 * Where the item's translation is edited, on its language's tab; null for a category (the admin
 * has no screen for them: they change through the content API).
 */
export function translationItemHref(
  entry: Pick<TranslationEntry, "table" | "id" | "language">,
): string | null {
  const query = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();
  switch (entry.table) {
    case "projects":
      return `/admin/projects?${query({ edit: entry.id, language: entry.language })}`;
    case "faqs":
      return `/admin/faq?${query({ edit: entry.id, language: entry.language })}`;
    case "site_content":
      return `/admin/site-content?${query({ section: entry.id, language: entry.language })}`;
    default:
      return null;
  }
}

export interface TranslationTodoGroup {
  language: TranslationLanguage;
  name: string;
  /** Outdated first (there is a text to bring up to date), then missing; each in API order. */
  entries: TranslationEntry[];
}

/** What needs translating, per language (languages with nothing to do left out). */
export function translationTodoGroups(
  entries: readonly TranslationEntry[],
): TranslationTodoGroup[] {
  const order: TranslationState[] = ["outdated", "missing"];
  return (["de", "bs"] as const)
    .map((language) => ({
      language,
      name: languageName(language),
      entries: order.flatMap((state) =>
        entries.filter((entry) => entry.language === language && entry.status === state),
      ),
    }))
    .filter((group) => group.entries.length > 0);
}
