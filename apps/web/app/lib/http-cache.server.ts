/**
 * @module
 * HTTP caching of public HTML. A page's ETag is derived from the content version
 * (`getContentVersion` of @heritage/content, changes on every content write), the build, the URL
 * and whether the visitor is signed in, so a browser or CDN may revalidate cheaply and any content
 * change is visible on the next request.
 * `entry.server.tsx` answers 304 for a matching If-None-Match before rendering.
 */
import { createHash } from "node:crypto";

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
 * the next request; pages for signed-in visitors are private, and so is any answer to a request
 * with cookies or credentials (a CDN that ignores cookies must not share it). Without a content
 * version (the database could not be read) nothing may be stored.
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
  const personal =
    signedIn || request.headers.has("cookie") || request.headers.has("authorization");
  headers.set(
    "Cache-Control",
    personal ? "private, no-cache" : "public, max-age=0, must-revalidate",
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
