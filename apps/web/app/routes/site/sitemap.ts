/**
 * @module
 * `/sitemap.xml`: every public page in every language, each with its language alternates
 * (hreflang, including x-default), so search engines find and pair all three versions; a page
 * whose content still holds a built-in placeholder (noindex) is left out until it is replaced.
 */
import {
  type SiteLanguage,
  siteLanguages,
  switchLanguagePath,
  withLanguagePrefix,
} from "../../lib/language";
import { paths, staticPagePaths } from "../../lib/paths";
import { absoluteUrl } from "../../lib/seo/seo";
import {
  listPagesHoldingPlaceholders,
  listProjectAddressesForSitemap,
} from "../../lib/site-data.server";
import type { Route } from "./+types/sitemap";

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function urlEntries(
  origin: string,
  neutralPath: string,
  lastModified: string | null,
  languages: readonly SiteLanguage[] = siteLanguages,
): string[] {
  const alternates = [
    ...languages.map(
      (language) =>
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(absoluteUrl(origin, withLanguagePrefix(neutralPath, language)))}"/>`,
    ),
    ...(languages.includes("en")
      ? [
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(origin, neutralPath))}"/>`,
        ]
      : []),
  ];
  return languages.map((language) =>
    [
      "  <url>",
      `    <loc>${escapeXml(absoluteUrl(origin, switchLanguagePath(neutralPath, language)))}</loc>`,
      ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []),
      ...alternates,
      "  </url>",
    ].join("\n"),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.publicUrl || new URL(request.url).origin).replace(/\/+$/, "");
  const [projects, holdingPlaceholders] = await Promise.all([
    listProjectAddressesForSitemap(context.db),
    listPagesHoldingPlaceholders(context.db),
  ]);
  // A page still showing a built-in placeholder is noindex, and not listed (issue 19, defect 10).
  const indexable = (path: string) =>
    siteLanguages.filter(
      (language) => !holdingPlaceholders.has(withLanguagePrefix(path, language)),
    );
  const entries = [
    ...staticPagePaths.flatMap((path) => urlEntries(origin, path, null, indexable(path))),
    ...projects.flatMap((project) =>
      urlEntries(origin, paths.project(project.slug, "en"), project.updatedAt),
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
    },
  });
}
