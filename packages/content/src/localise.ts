/**
 * @module
 * The localisation rule of the site spec, section 3: for a non-English language use the field
 * with the language suffix (`title_de`) when it is present and non-empty, otherwise the base
 * field (`title`). Every reader of localised content goes through `localise`.
 */

/** The site's languages (spec section 9); English is the default and has no suffix. */
export const siteLanguages = ["en", "de", "bs"] as const;
export type SiteLanguage = (typeof siteLanguages)[number];
export const defaultLanguage: SiteLanguage = "en";

/** Narrows any string (a URL segment, a stored preference) to a site language. */
export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === "string" && (siteLanguages as readonly string[]).includes(value);
}

/** True for a value that counts as "present and non-empty" for the localisation rule. */
export function hasLocalisedValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** The column holding `field` in `language`: `field` for English, `field_de` / `field_bs` otherwise. */
export function localisedFieldName(field: string, language: SiteLanguage): string {
  return language === "en" ? field : `${field}_${language}`;
}

/**
 * Reads `field` of `row` in `language`, following the localisation rule.
 *
 * @example
 * localise(project, "title", "de") // project.title_de if non-empty, else project.title
 */
export function localise<Row extends object, Field extends keyof Row & string>(
  row: Row,
  field: Field,
  language: SiteLanguage,
): Row[Field] {
  if (language !== "en") {
    const translated = (row as Record<string, unknown>)[localisedFieldName(field, language)];
    if (hasLocalisedValue(translated)) return translated as Row[Field];
  }
  return row[field];
}
