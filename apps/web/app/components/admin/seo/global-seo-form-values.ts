/**
 * @module
 * The global SEO form's values (site spec, section 3: global SEO content, with title,
 * description and keywords per language), all as text with the keywords comma-separated, and
 * their conversion from the stored content.
 */
import { type AdminKey, adminEn } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";

export const globalSeoFieldNames = [
  "site_name",
  "default_title",
  "default_title_de",
  "default_title_bs",
  "default_description",
  "default_description_de",
  "default_description_bs",
  "default_keywords",
  "default_keywords_de",
  "default_keywords_bs",
  "default_og_image",
  "organization_name",
  "organization_description",
  "organization_logo",
  "organization_url",
  "contact_email",
  "contact_phone",
  "social_twitter",
  "social_facebook",
  "social_linkedin",
  "social_instagram",
] as const;

export type GlobalSeoFormValues = Record<(typeof globalSeoFieldNames)[number], string>;

export function toGlobalSeoValues(stored: Record<string, unknown> | null): GlobalSeoFormValues {
  const values = {} as GlobalSeoFormValues;
  for (const name of globalSeoFieldNames) {
    const value = stored?.[name];
    values[name] = Array.isArray(value)
      ? value.filter((item) => typeof item === "string").join(", ")
      : typeof value === "string"
        ? value
        : "";
  }
  return values;
}

/**
 * Each field as its form names it ("Default Title (Deutsch)", "Twitter URL"), in the admin's
 * language, for the list of a colleague's changes after a conflict (issue 29).
 */
export function globalSeoFieldLabel(
  name: string,
  t: AdminTranslator["t"] = adminEnglish.t,
): string {
  const match = /^(default_(?:title|description|keywords))_(de|bs)$/.exec(name);
  const base = match?.[1] ?? name;
  const key = `seo.field.${base}`;
  if (!(key in adminEn)) return name;
  const label = t(key as AdminKey);
  if (!match) return label;
  return t("seo.fieldIn", { field: label, language: match[2] === "de" ? "Deutsch" : "Bosanski" });
}
