/**
 * @module
 * HTTP caching of public HTML. A page's ETag is derived from the content version (changes on
 * every content write), the build, the URL and whether the visitor is signed in, so a browser
 * or CDN may revalidate cheaply and any content change is visible on the next request.
 * `entry.server.tsx` answers 304 for a matching If-None-Match before rendering.
 */
import { createHash } from "node:crypto";
import { contentTables } from "@heritage/content";
import type { Database } from "@heritage/db";
import { type SQL, sql } from "drizzle-orm";

/** Tables whose rows public pages show; media counts too (image variants feed srcset). */
const publicContentTables = [
  contentTables.projects,
  contentTables.categories,
  contentTables.faqs,
  contentTables.languages,
  contentTables.siteContent,
  contentTables.media,
];

/**
 * A short fingerprint of all public content: per table the row count and the newest
 * updated_at. Inserts and deletes change the count, updates move updated_at.
 */
export async function getContentVersion(db: Database): Promise<string> {
  const parts: SQL[] = publicContentTables.map(
    (table) =>
      sql`select count(*)::text || '@' || coalesce(max(${table.updated_at})::text, '-') as v from ${table}`,
  );
  const result = await db.execute<{ v: string }>(sql.join(parts, sql` union all `));
  return createHash("sha256")
    .update(result.rows.map((row) => row.v).join("|"))
    .digest("base64url")
    .slice(0, 16);
}

/** Changes with every build, so new code is never hidden behind an old ETag. */
const buildId: string = import.meta.env.VITE_BUILD_ID ?? "dev";

export interface PageCacheInput {
  request: Request;
  contentVersion: string | null;
  signedIn: boolean;
}

/**
 * Headers for a public page. Anonymous pages may be stored by browsers and shared caches but
 * are revalidated on every use (a 304 when nothing changed), so a content change is visible on
 * the next request; pages for signed-in visitors are private. Without a content version (the
 * database could not be read) nothing may be stored.
 */
export function pageCacheHeaders({ request, contentVersion, signedIn }: PageCacheInput): Headers {
  const headers = new Headers();
  if (contentVersion === null) {
    headers.set("Cache-Control", "no-store");
    return headers;
  }
  const url = new URL(request.url);
  const tag = createHash("sha256")
    .update([buildId, contentVersion, url.pathname, url.search, signedIn ? "1" : "0"].join("\n"))
    .digest("base64url")
    .slice(0, 27);
  headers.set("ETag", `"${tag}"`);
  headers.set(
    "Cache-Control",
    signedIn ? "private, no-cache" : "public, max-age=0, must-revalidate",
  );
  return headers;
}

/** True when the request's If-None-Match names the response's ETag. */
export function matchesIfNoneMatch(request: Request, etag: string | null): boolean {
  if (!etag) return false;
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .includes(etag);
}
