/**
 * @module
 * Write schemas of projects (site spec, sections 2 and 3), shared by the admin form and the
 * content API. Details may be HTML and are sanitised on write.
 */
import { z } from "zod";
import {
  keywordList,
  optionalText,
  optionalUrl,
  requiredText,
  rowId,
  slugId,
} from "../input/field-schemas";
import { sanitizeTextOrHtml } from "../input/sanitize-html";
import { projectSlugField } from "./project-slugs";

/** Background colour choices of the project dialog (spec section 2); Light Blue is the default. */
export const projectBackgroundColors = [
  { value: "bg-sky-100", label: "Light Blue" },
  { value: "bg-yellow-100", label: "Yellow" },
  { value: "bg-pink-100", label: "Pink" },
  { value: "bg-cyan-100", label: "Cyan" },
  { value: "bg-purple-500/20", label: "Purple" },
  { value: "bg-[#ff7f50]/20", label: "Coral" },
] as const;
export type ProjectBackgroundColor = (typeof projectBackgroundColors)[number]["value"];
export const defaultProjectBackgroundColor: ProjectBackgroundColor = "bg-sky-100";

const backgroundColorValues = projectBackgroundColors.map((color) => color.value) as [
  ProjectBackgroundColor,
  ...ProjectBackgroundColor[],
];

/** SEO limits of spec section 5: inputs accept at most 70 (title) and 200 (description). */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

const details = (label: string) =>
  optionalText(label).transform((value) =>
    typeof value === "string" ? sanitizeTextOrHtml(value) : value,
  );

/** Turns `null` into "" for columns that are never null; `undefined` (not sent) stays as is. */
const emptyWhenNull = <T>(value: T | null | undefined) => (value === null ? "" : value);

/**
 * Fields shared by create and update. None has a default here: a field left out is not written
 * (create: the database default applies; update: the stored value stays).
 */
const projectFields = {
  title_de: optionalText("German title", 300),
  title_bs: optionalText("Bosnian title", 300),
  description: optionalText("Description", 5_000).transform(emptyWhenNull),
  description_de: optionalText("German description", 5_000),
  description_bs: optionalText("Bosnian description", 5_000),
  details: details("Details").transform(emptyWhenNull),
  details_de: details("German details"),
  details_bs: details("Bosnian details"),
  image: optionalUrl("Image").transform(emptyWhenNull),
  bg_color: z
    .enum(backgroundColorValues, {
      error: `Background colour must be one of: ${backgroundColorValues.join(", ")}`,
    })
    .nullish()
    .transform((value) => value ?? undefined),
  seo_title: optionalText("SEO title", SEO_TITLE_MAX),
  seo_title_de: optionalText("German SEO title", SEO_TITLE_MAX),
  seo_title_bs: optionalText("Bosnian SEO title", SEO_TITLE_MAX),
  seo_description: optionalText("SEO description", SEO_DESCRIPTION_MAX),
  seo_description_de: optionalText("German SEO description", SEO_DESCRIPTION_MAX),
  seo_description_bs: optionalText("Bosnian SEO description", SEO_DESCRIPTION_MAX),
  seo_keywords: keywordList("SEO keywords")
    .nullish()
    .transform((value) => (value === null ? [] : value)),
  seo_keywords_de: keywordList("German SEO keywords").nullish(),
  seo_keywords_bs: keywordList("Bosnian SEO keywords").nullish(),
  seo_og_image: optionalUrl("SEO image"),
  seo_og_image_de: optionalUrl("German SEO image"),
  seo_og_image_bs: optionalUrl("Bosnian SEO image"),
};

/**
 * A new project (POST). `id` is optional: a UUID is generated when it is left out. `slug` is its
 * public address (`/project/{slug}`); left out or empty, it is made from the id when one is sent,
 * else from the English title, and made unique (`-2`, `-3`...). A slug sent is refused when
 * another project, or one in the trash, has it.
 */
export const projectCreateSchema = z.object({
  id: slugId("Project id").optional(),
  slug: projectSlugField("Address"),
  title: requiredText("Title", 300),
  category: requiredText("Category", 100),
  ...projectFields,
});
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreate = z.output<typeof projectCreateSchema>;

/**
 * Changes to a project (PUT): `id` plus any subset of the fields; unknown keys are ignored. A new
 * `slug` moves the project's address (the old one redirects to it); an empty one makes it from the
 * English title again.
 */
export const projectUpdateSchema = z.object({
  id: rowId,
  slug: projectSlugField("Address"),
  title: requiredText("Title", 300).optional(),
  category: requiredText("Category", 100).optional(),
  ...projectFields,
});
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;
