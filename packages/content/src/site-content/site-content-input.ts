/**
 * @module
 * Write schemas of site content rows (site spec, section 3, "Site content record"): one schema
 * per section for the object stored in `content`, `content_de` and `content_bs`. No field is
 * required (spec section 5); rich HTML fields are sanitised on write.
 */
import { z } from "zod";
import { keywordList, optionalEmail, optionalText, optionalUrl } from "../input/field-schemas";
import { sanitizeRichText } from "../input/sanitize-html";
import { findUnknownFields } from "../input/unknown-fields";
import type { SiteLanguage } from "../localise";
import { projectBackgroundColors } from "../projects/project-input";

/** Ids of the page sections the site stores (spec section 3). */
export const siteContentSections = [
  "hero",
  "footer",
  "about",
  "contact",
  "impressum",
  "datenschutz",
] as const;
export type SiteContentSection = (typeof siteContentSections)[number];

/** The global SEO row: its fixed id and its content_type. */
export const GLOBAL_SEO_ID = "global-seo-settings";
export const GLOBAL_SEO_CONTENT_TYPE = "global_seo";

/** The language columns of a site content row. */
export const siteContentColumns = {
  en: "content",
  de: "content_de",
  bs: "content_bs",
} as const satisfies Record<SiteLanguage, string>;
export type SiteContentColumn = (typeof siteContentColumns)[SiteLanguage];

const text = (label: string) => optionalText(label, 5_000);
const richText = (label: string) =>
  optionalText(label).transform((value) =>
    typeof value === "string" ? sanitizeRichText(value) : value,
  );

const colorValues = projectBackgroundColors.map((color) => color.value) as [string, ...string[]];

export const heroContentSchema = z.object({
  title: text("Title"),
  subtitle: text("Subtitle"),
  description: text("Description"),
});

export const footerContentSchema = z.object({
  description: text("Description"),
  email: optionalEmail("Email"),
  phone: text("Phone"),
});

export const aboutValueSchema = z.object({
  title: text("Value title"),
  text: text("Value text"),
  color: z
    .enum(colorValues, { error: `Colour must be one of: ${colorValues.join(", ")}` })
    .optional(),
});

export const aboutContentSchema = z.object({
  title: text("Title"),
  introText: richText("Intro text"),
  mainImage: optionalUrl("Main image"),
  missionTitle: text("Mission title"),
  missionStatement: text("Mission statement"),
  valuesTitle: text("Values title"),
  values: z.array(aboutValueSchema, { error: "Values must be a list" }).max(12).optional(),
});

export const contactContentSchema = z.object({
  title: text("Title"),
  subtitle: text("Subtitle"),
  description: text("Description"),
  email: optionalEmail("Email"),
  phone: text("Phone"),
  address: text("Address"),
  formTitle: text("Form title"),
});

export const legalPageContentSchema = z.object({
  title: text("Title"),
  content: richText("Content"),
});

export const globalSeoContentSchema = z.object({
  site_name: text("Site name"),
  // Title, description and keywords per language, suffixed like a project's SEO fields
  // (issue 19, defect 4); a page reads only its own language's (see resolveGlobalSeo).
  default_title: optionalText("Default title", 70),
  default_title_de: optionalText("German default title", 70),
  default_title_bs: optionalText("Bosnian default title", 70),
  default_description: optionalText("Default description", 200),
  default_description_de: optionalText("German default description", 200),
  default_description_bs: optionalText("Bosnian default description", 200),
  default_keywords: keywordList("Default keywords").optional(),
  default_keywords_de: keywordList("German default keywords").optional(),
  default_keywords_bs: keywordList("Bosnian default keywords").optional(),
  default_og_image: optionalUrl("Default OG image"),
  organization_name: text("Organization name"),
  organization_description: text("Organization description"),
  organization_logo: optionalUrl("Organization logo"),
  organization_url: optionalUrl("Organization URL"),
  contact_email: optionalEmail("Contact email"),
  contact_phone: text("Contact phone"),
  social_twitter: optionalUrl("Twitter URL"),
  social_facebook: optionalUrl("Facebook URL"),
  social_linkedin: optionalUrl("LinkedIn URL"),
  social_instagram: optionalUrl("Instagram URL"),
});
export type GlobalSeoContentInput = z.input<typeof globalSeoContentSchema>;
export type GlobalSeoContent = z.output<typeof globalSeoContentSchema>;

/** The global SEO fields written once per language: `default_title`, `default_title_de`, ... */
export const globalSeoLocalisedFields = [
  "default_title",
  "default_description",
  "default_keywords",
] as const;
export type GlobalSeoLocalisedField = (typeof globalSeoLocalisedFields)[number];

/** The content schema of each section, and of the global SEO row. */
export const siteContentSchemas = {
  hero: heroContentSchema,
  footer: footerContentSchema,
  about: aboutContentSchema,
  contact: contactContentSchema,
  impressum: legalPageContentSchema,
  datenschutz: legalPageContentSchema,
  [GLOBAL_SEO_CONTENT_TYPE]: globalSeoContentSchema,
} as const;
export type SiteContentKind = keyof typeof siteContentSchemas;

/** Which content schema applies to a row: by content_type `global_seo`, else by its id. */
export function siteContentKindOf(id: string, contentType?: string | null): SiteContentKind | null {
  if (contentType === GLOBAL_SEO_CONTENT_TYPE || id === GLOBAL_SEO_ID)
    return GLOBAL_SEO_CONTENT_TYPE;
  return (siteContentSections as readonly string[]).includes(id)
    ? (id as SiteContentSection)
    : null;
}

/**
 * Content may arrive as an object or as a JSON string of one (spec section 3); both are stored
 * as the object.
 */
export function parseContentValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const contentValue = z.preprocess(
  parseContentValue,
  z.record(z.string(), z.unknown(), { error: "Content must be an object or a JSON string of one" }),
);

/**
 * A site content row as the API receives it (POST or PUT: both save, spec section 4): the id,
 * optionally its content_type, and any of the three language columns.
 */
export const siteContentRowSchema = z
  .object({
    id: z
      .string({ error: "The id is required" })
      .trim()
      .min(1, "The id is required")
      .max(100, "The id is too long"),
    content_type: z.string({ error: "content_type must be text" }).trim().max(100).optional(),
    content: contentValue.nullish(),
    content_de: contentValue.nullish(),
    content_bs: contentValue.nullish(),
  })
  .transform((row, context) => {
    const kind = siteContentKindOf(row.id, row.content_type);
    if (!kind) {
      context.addIssue({
        code: "custom",
        path: ["id"],
        message: `Unknown site content id "${row.id}"; expected one of: ${[...siteContentSections, GLOBAL_SEO_ID].join(", ")}`,
      });
      return z.NEVER;
    }
    if (kind === GLOBAL_SEO_CONTENT_TYPE) {
      // Every language of the global SEO lives in `content` (default_title_de, ...).
      for (const column of ["content_de", "content_bs"] as const) {
        if (row[column] === undefined || row[column] === null) continue;
        context.addIssue({
          code: "custom",
          path: [column],
          message: `The global SEO settings keep every language in content (e.g. default_title${column.slice("content".length)})`,
        });
      }
    }
    const schema = siteContentSchemas[kind];
    const parsed: Partial<Record<SiteContentColumn, Record<string, unknown> | null>> = {};
    for (const column of Object.values(siteContentColumns)) {
      const value = row[column];
      if (value === undefined) continue;
      if (value === null) {
        parsed[column] = null;
        continue;
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) {
          context.addIssue({
            code: "custom",
            message: issue.message,
            path: [column, ...issue.path],
          });
        }
        continue;
      }
      parsed[column] = result.data as Record<string, unknown>;
    }
    return {
      id: row.id,
      content_type: kind === GLOBAL_SEO_CONTENT_TYPE ? GLOBAL_SEO_CONTENT_TYPE : kind,
      ...parsed,
    };
  });
export type SiteContentRowInput = z.input<typeof siteContentRowSchema>;
export type SiteContentRowWrite = z.output<typeof siteContentRowSchema>;

/**
 * Fields of a site content write that nothing reads: top-level keys beside id, content_type and
 * the language columns, and keys inside a column's content that its section does not have
 * (`content_de.titel`). An unknown id is the schema's error, not this one's.
 */
export function findUnknownSiteContentFields(body: Record<string, unknown>): string[] {
  const unknownTopLevel = findUnknownFields(siteContentRowSchema, body);
  const id = typeof body.id === "string" ? body.id.trim() : "";
  const contentType = typeof body.content_type === "string" ? body.content_type.trim() : null;
  const kind = siteContentKindOf(id, contentType);
  if (!kind) return unknownTopLevel;
  const schema = siteContentSchemas[kind];
  return [
    ...unknownTopLevel,
    ...Object.values(siteContentColumns).flatMap((column) =>
      findUnknownFields(schema, parseContentValue(body[column]), column),
    ),
  ];
}
