/**
 * @module
 * `GET /media/{id}/{file}`: uploaded images, served from the media storage with their content
 * type. Mounted by the app with `app.route("/media", createMediaRoutes(...))`.
 *
 * A file under a key never changes (a new upload gets a new key), so browsers keep it for a
 * year; shared caches (a CDN in front) must check back on every use, which the key as a strong
 * ETag answers with a 304 (no bytes sent). That check is what lets a withheld upload
 * (issue 33, item 8: no live content uses it, e.g. its project is in the trash) leave a CDN too:
 * visitors get 404 for it at once (`no-store`, so the 404 is not kept either when the project
 * comes back); a signed-in admin still gets it, never stored by any cache.
 */
import { Hono } from "hono";
import { isMediaKey, type MediaStorage } from "./media-storage";

export const MEDIA_CACHE_CONTROL =
  "public, max-age=31536000, immutable, s-maxage=0, proxy-revalidate";
/** An upload that visitors may not see, answered to an admin. */
export const WITHHELD_MEDIA_CACHE_CONTROL = "private, no-store";

/** Which uploads visitors must not get now (`createWithheldMedia`). */
export interface MediaVisibility {
  isWithheld(mediaId: string): Promise<boolean>;
}

export interface MediaRoutesDeps {
  storage: MediaStorage;
  /** Unset: every stored upload is public. */
  visibility?: MediaVisibility;
  /** Whether the request comes from a signed-in admin (who may see withheld uploads). */
  isAdmin?: (request: Request) => Promise<boolean>;
}

/** The strong ETag of a media key: its bytes never change. */
const etagOf = (key: string) => `"${key}"`;

function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

export function createMediaRoutes(deps: MediaRoutesDeps): Hono {
  const app = new Hono();
  app.get("/:id/:file", async (c) => {
    const id = c.req.param("id");
    const key = `${id}/${c.req.param("file")}`;
    if (!isMediaKey(key)) return c.text("Not found", 404);
    let cacheControl = MEDIA_CACHE_CONTROL;
    if (deps.visibility && (await deps.visibility.isWithheld(id))) {
      if (!(await deps.isAdmin?.(c.req.raw))) {
        return c.text("Not found", 404, { "Cache-Control": "no-store" });
      }
      cacheControl = WITHHELD_MEDIA_CACHE_CONTROL;
    }
    // Read first: a removed upload's check must get its 404, not a 304.
    const stored = await deps.storage.get(key);
    if (!stored) return c.text("Not found", 404);
    const etag = etagOf(key);
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, etag)) {
      return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
    }
    return c.body(stored.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.body.byteLength),
      "Cache-Control": cacheControl,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
  return app;
}
