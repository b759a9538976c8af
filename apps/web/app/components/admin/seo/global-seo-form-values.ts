/**
 * @module
 * The global SEO form's values (site spec, section 3: global SEO content, with title,
 * description and keywords per language), all as text with the keywords comma-separated, and
 * their conversion from the stored content.
 */

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
