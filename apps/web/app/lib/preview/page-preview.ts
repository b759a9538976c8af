/**
 * @module
 * The preview of a draft (issue 34, item 1; decision 036): the public page's own URL with
 * `?preview={table}:{id}`, shown only to a signed-in admin (page-preview.server.ts), never stored
 * by a cache. Shared by the admin's preview screen, which builds the links, and the public
 * pages' loaders, which read them.
 */
import type { DraftableTable } from "@heritage/content";
import type { SiteLanguage } from "../language";
import { paths } from "../paths";

export const PREVIEW_PARAM = "preview";

export interface PreviewTarget {
  table: DraftableTable;
  id: string;
}

const tables: readonly DraftableTable[] = ["projects", "faqs", "site_content"];

/** The parameter's value naming a draft: `faqs:{id}`. */
export function previewParamValue(target: PreviewTarget): string {
  return `${target.table}:${target.id}`;
}

/** The draft a `preview` parameter names, or null when it names none. */
export function parsePreviewParam(value: string | null): PreviewTarget | null {
  if (value === null) return null;
  const separator = value.indexOf(":");
  const table = value.slice(0, separator);
  const id = value.slice(separator + 1);
  if (separator < 1 || id === "" || !(tables as readonly string[]).includes(table)) return null;
  return { table: table as DraftableTable, id };
}

/**
 * The public page a draft shows on, in `language`, with the preview parameter: a project's own
 * page (at its live address), the home page for an FAQ item, the hero and the footer, else the
 * section's page.
 */
export function previewPath(
  target: PreviewTarget,
  language: SiteLanguage,
  projectSlug?: string,
): string {
  const query = `?${PREVIEW_PARAM}=${encodeURIComponent(previewParamValue(target))}`;
  if (target.table === "projects") {
    return `${paths.project(projectSlug ?? target.id, language)}${query}`;
  }
  if (target.table === "faqs") return `${paths.home(language)}${query}#faq`;
  switch (target.id) {
    case "about":
      return `${paths.about(language)}${query}`;
    case "contact":
      return `${paths.contact(language)}${query}`;
    case "impressum":
      return `${paths.impressum(language)}${query}`;
    case "datenschutz":
      return `${paths.datenschutz(language)}${query}`;
    default:
      // The footer is on every page; the hero on the home page.
      return `${paths.home(language)}${query}`;
  }
}
