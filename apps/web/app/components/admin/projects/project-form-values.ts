/**
 * @module
 * The project dialog's form values (every field as text, keywords comma-separated) and their
 * conversion from a stored row. The shared `projectCreateSchema` validates them.
 */
import { defaultProjectBackgroundColor } from "@heritage/content";
import type { ProjectRow } from "../../../lib/content-api/content-client";

export const projectSeoFieldNames = [
  "seo_title",
  "seo_title_de",
  "seo_title_bs",
  "seo_description",
  "seo_description_de",
  "seo_description_bs",
  "seo_keywords",
  "seo_keywords_de",
  "seo_keywords_bs",
  "seo_og_image",
  "seo_og_image_de",
  "seo_og_image_bs",
] as const;

export const projectTextFieldNames = [
  "title",
  // The public address; empty on a new project: the server makes it from the English title.
  "slug",
  "title_de",
  "title_bs",
  "description",
  "description_de",
  "description_bs",
  "details",
  "details_de",
  "details_bs",
  "category",
  "image",
  "bg_color",
  ...projectSeoFieldNames,
] as const;

export type ProjectFormValues = Record<(typeof projectTextFieldNames)[number], string>;

/** A stored value as the form's text for `field`, or null when the form has no such field. */
export function formTextOf(
  field: string,
  value: unknown,
): { name: keyof ProjectFormValues; text: string } | null {
  if (!(projectTextFieldNames as readonly string[]).includes(field)) return null;
  const text = Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : "";
  return { name: field as keyof ProjectFormValues, text };
}

/** A cleared form for "Add": Light Blue and the first category preselected. */
export function emptyProjectValues(firstCategory = ""): ProjectFormValues {
  const values = Object.fromEntries(
    projectTextFieldNames.map((name) => [name, ""]),
  ) as ProjectFormValues;
  values.category = firstCategory;
  values.bg_color = defaultProjectBackgroundColor;
  return values;
}

/** The form prefilled with a stored project ("Edit"). */
export function projectToValues(project: ProjectRow): ProjectFormValues {
  const values = emptyProjectValues(project.category);
  for (const name of projectTextFieldNames) {
    const stored = project[name];
    values[name] = Array.isArray(stored) ? stored.join(", ") : (stored ?? "");
  }
  values.bg_color = project.bg_color || defaultProjectBackgroundColor;
  return values;
}
