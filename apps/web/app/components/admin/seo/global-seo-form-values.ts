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

/**
 * Each field as its form names it ("Default Title (Deutsch)", "Twitter URL"), for the list of a
 * colleague's changes after a conflict (issue 29).
 */
export const globalSeoFieldLabels: Record<keyof GlobalSeoFormValues, string> = {
  site_name: "Site Name",
  default_title: "Default Title",
  default_title_de: "Default Title (Deutsch)",
  default_title_bs: "Default Title (Bosanski)",
  default_description: "Default Description",
  default_description_de: "Default Description (Deutsch)",
  default_description_bs: "Default Description (Bosanski)",
  default_keywords: "Default Keywords",
  default_keywords_de: "Default Keywords (Deutsch)",
  default_keywords_bs: "Default Keywords (Bosanski)",
  default_og_image: "Default Social Share Image URL",
  organization_name: "Organization Name",
  organization_description: "Organization Description",
  organization_logo: "Organization Logo URL",
  organization_url: "Organization URL",
  contact_email: "Contact Email",
  contact_phone: "Contact Phone",
  social_twitter: "Twitter URL",
  social_facebook: "Facebook URL",
  social_linkedin: "LinkedIn URL",
  social_instagram: "Instagram URL",
};
