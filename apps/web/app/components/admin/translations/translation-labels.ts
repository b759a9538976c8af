/**
 * @module
 * How the admin names translation status (issue 34, item 2): the state's words (never colour
 * alone), an item's name and where it is edited, and the dashboard's "What needs translating"
 * list grouped per language. In the admin's language (`t`; English by default).
 */
import type { AdminKey } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import type {
  TranslationEntry,
  TranslationLanguage,
  TranslationState,
} from "../../../lib/content-api/translation-client";
import { languageName } from "../common/languages";
import { contentSectionForms } from "../site-content/site-content-sections";

type T = AdminTranslator["t"];

const stateKeys: Record<TranslationState, AdminKey> = {
  missing: "translation.missing",
  outdated: "translation.outdated",
  up_to_date: "translation.upToDate",
};

/** The state in a word: "Missing", "Outdated", "Up to date". */
export function translationStateLabel(state: TranslationState, t: T = adminEnglish.t): string {
  return t(stateKeys[state]);
}

/** The English words, as the spec's screens show them. */
export const translationStateLabels: Record<TranslationState, string> = {
  missing: translationStateLabel("missing"),
  outdated: translationStateLabel("outdated"),
  up_to_date: translationStateLabel("up_to_date"),
};

/** What the state means for this language, in a sentence. */
export function translationStateText(
  state: TranslationState,
  language: TranslationLanguage,
  t: T = adminEnglish.t,
) {
  const values = { language: languageName(language, t) };
  switch (state) {
    case "missing":
      return t("translation.missingText", values);
    case "outdated":
      return t("translation.outdatedText", values);
    default:
      return t("translation.upToDateText", values);
  }
}

/** "Project: Old Songs", "FAQ: How can I volunteer?", "Page: Hero Section", "Category: Music". */
export function translationItemName(
  entry: Pick<TranslationEntry, "table" | "id" | "label">,
  t: T = adminEnglish.t,
) {
  switch (entry.table) {
    case "projects":
      return t("translation.project", { name: entry.label });
    case "faqs":
      return t("translation.faq", { name: entry.label });
    case "categories":
      return t("translation.category", { name: entry.label });
    default: {
      const section = contentSectionForms.find((form) => form.id === entry.id);
      return t("translation.page", { name: section ? t(section.tabLabel) : entry.label });
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
  return itemEditorHref(entry.table, entry.id, entry.language);
}

/**
 * Where an item is edited (its dialog opened on the list's screen, on `language`'s tab when
 * given); null for a category (the admin has no screen for them).
 */
export function itemEditorHref(table: string, id: string, language?: string): string | null {
  const query = (parameters: Record<string, string>) =>
    new URLSearchParams(language ? { ...parameters, language } : parameters).toString();
  switch (table) {
    case "projects":
      return `/admin/projects?${query({ edit: id })}`;
    case "faqs":
      return `/admin/faq?${query({ edit: id })}`;
    case "site_content":
      return `/admin/site-content?${query({ section: id })}`;
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
  t: T = adminEnglish.t,
): TranslationTodoGroup[] {
  const order: TranslationState[] = ["outdated", "missing"];
  return (["de", "bs"] as const)
    .map((language) => ({
      language,
      name: languageName(language, t),
      entries: order.flatMap((state) =>
        entries.filter((entry) => entry.language === language && entry.status === state),
      ),
    }))
    .filter((group) => group.entries.length > 0);
}
