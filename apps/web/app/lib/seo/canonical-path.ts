/**
 * @module
 * One URL per public page (issue 19, defect 7). Routes match without regard to case or a
 * trailing slash, so `/DE/about`, `/de/about/` and `/en/about` would each be a copy of a page
 * (or a 404) under its own URL; search engines count those as duplicates and Lighthouse flags
 * a canonical that points elsewhere. The site layout answers such a path with a 301 to the
 * form that `paths` writes.
 */
import { defaultLanguage, isSiteLanguage } from "../language";

/** First segments of the public pages; their case never matters (project ids' case does). */
const pageSegments = new Set(["about", "contact", "impressum", "datenschutz", "project"]);

/**
 * The canonical form of a public path, or null when `pathname` already is it: the language
 * prefix in lower case (English has none: `/en/about` -> `/about`), a page's own segment in
 * lower case, no empty segments and no trailing slash (`/de/` -> `/de`; the home page is `/`).
 * The result always starts with exactly one "/", so it can never name another host.
 */
export function canonicalPublicPath(pathname: string): string | null {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const [first, ...rest] = segments;
  const language = first?.toLowerCase();
  const pageSegmentsOf = (parts: string[]) => {
    const [page, ...more] = parts;
    if (page === undefined) return [];
    const lower = page.toLowerCase();
    return [pageSegments.has(lower) ? lower : page, ...more];
  };
  let canonical: string[];
  if (language === defaultLanguage) canonical = pageSegmentsOf(rest);
  else if (language && isSiteLanguage(language)) canonical = [language, ...pageSegmentsOf(rest)];
  else canonical = pageSegmentsOf(segments);
  const path = `/${canonical.join("/")}`;
  return path === pathname ? null : path;
}

/**
 * Throws a 301 to the canonical form of the request's path, query kept, when it is not
 * already canonical. Loaders of public pages call it first.
 */
export function redirectToCanonicalPath(request: Request): void {
  const url = new URL(request.url);
  const canonical = canonicalPublicPath(url.pathname);
  if (canonical === null) return;
  throw new Response(null, {
    status: 301,
    headers: { Location: `${canonical}${url.search}` },
  });
}
