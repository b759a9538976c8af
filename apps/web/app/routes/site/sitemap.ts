/**
 * @module
 * `/sitemap.xml`: every public page in every language, each with its language alternates
 * (hreflang, including x-default), so search engines find and pair all three versions.
 */
import { siteLanguages, switchLanguagePath, withLanguagePrefix } from "../../lib/language";
import { paths, staticPagePaths } from "../../lib/paths";
import { absoluteUrl } from "../../lib/seo";
import { listProjectIdsForSitemap } from "../../lib/site-data.server";
import type { Route } from "./+types/sitemap";

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function urlEntries(origin: string, neutralPath: string, lastModified: string | null): string[] {
  const alternates = [
    ...siteLanguages.map(
      (language) =>
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(absoluteUrl(origin, withLanguagePrefix(neutralPath, language)))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(origin, neutralPath))}"/>`,
  ];
  return siteLanguages.map((language) =>
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
  const projects = await listProjectIdsForSitemap(context.db);
  const entries = [
    ...staticPagePaths.flatMap((path) => urlEntries(origin, path, null)),
    ...projects.flatMap((project) =>
      urlEntries(origin, paths.project(project.id, "en"), project.updatedAt),
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
