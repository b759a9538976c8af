/**
 * @module
 * `GET /media/{id}/{file}`: uploaded images, served from the media storage with their content
 * type and a one-year immutable cache lifetime (a file under a key never changes; a new upload
 * gets a new key). Mounted by the app with `app.route("/media", createMediaRoutes(...))`.
 */
import { Hono } from "hono";
import { isMediaKey, type MediaStorage } from "./media-storage";

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function createMediaRoutes(deps: { storage: MediaStorage }): Hono {
  const app = new Hono();
  app.get("/:id/:file", async (c) => {
    const key = `${c.req.param("id")}/${c.req.param("file")}`;
    if (!isMediaKey(key)) return c.text("Not found", 404);
    const stored = await deps.storage.get(key);
    if (!stored) return c.text("Not found", 404);
    return c.body(stored.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.body.byteLength),
      "Cache-Control": MEDIA_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
  return app;
}
