/**
 * @module
 * `GET /share-image/media/{id}.jpg`: the 1200 x 630 JPEG that social networks show for a page
 * whose share image is an upload (issue 19, defect 5). Made from the upload's original the first
 * time it is asked for, then kept in the media storage beside it (`{id}/share.jpg`), so neither a
 * page view nor a later request re-encodes it; an upload's id never names other bytes, so the
 * answer is cached for a year. An id with no upload (never one, or removed), or one withheld from
 * visitors (its project is in the trash), is redirected to the site's default share image, so a
 * page's og:image always shows something.
 */
import { findMediaById } from "@heritage/content";
import type { Database } from "@heritage/db";
import { Hono } from "hono";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "./image-processing";
import { MEDIA_CACHE_CONTROL, type MediaVisibility } from "./media-routes";
import type { MediaStorage } from "./media-storage";

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** The web app's built-in share image (apps/web/public/og-image.png, 1200 x 630). */
export const DEFAULT_SHARE_IMAGE_PATH = "/og-image.png";

/** The storage key of an upload's share image. */
export const shareImageKey = (mediaId: string) => `${mediaId}/share.jpg`;

const mediaIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Crops (centred on the most interesting part) and encodes an image as the share JPEG. */
export async function renderShareImage(original: Uint8Array): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export interface ShareImages {
  /** The share JPEG of an upload, made and stored on first use; null when there is no upload. */
  get(mediaId: string): Promise<Uint8Array | null>;
}

export function createShareImages(deps: {
  db: Database;
  storage: MediaStorage;
  render?: (original: Uint8Array) => Promise<Uint8Array>;
}): ShareImages {
  const render = deps.render ?? renderShareImage;
  // One rendering per id at a time in this process; other processes may render the same image
  // at the same moment, and both store the same bytes under the same key (a put replaces).
  const rendering = new Map<string, Promise<Uint8Array | null>>();

  async function make(mediaId: string): Promise<Uint8Array | null> {
    const record = await findMediaById(deps.db, mediaId);
    if (!record) return null;
    const original = await deps.storage.get(record.storage_key);
    if (!original) return null;
    const bytes = await render(original.body);
    await deps.storage.put(shareImageKey(mediaId), bytes, "image/jpeg");
    return bytes;
  }

  return {
    async get(mediaId) {
      if (!mediaIdPattern.test(mediaId)) return null;
      const stored = await deps.storage.get(shareImageKey(mediaId));
      if (stored) {
        // Files outlive their record only until the sweep removes them; a record must exist.
        return (await findMediaById(deps.db, mediaId)) ? stored.body : null;
      }
      let pending = rendering.get(mediaId);
      if (!pending) {
        pending = make(mediaId).finally(() => rendering.delete(mediaId));
        rendering.set(mediaId, pending);
      }
      return pending;
    },
  };
}

export function createShareImageRoutes(deps: {
  shareImages: ShareImages;
  /** Uploads visitors may not see now (issue 33, item 8): their share image is not made or sent. */
  visibility?: MediaVisibility;
}): Hono {
  const app = new Hono();
  app.get("/media/:file", async (c) => {
    const match = /^(.+)\.jpg$/.exec(c.req.param("file"));
    const mediaId = match?.[1];
    if (mediaId && (await deps.visibility?.isWithheld(mediaId))) {
      // Not kept anywhere: the upload's own image is back when its project is.
      c.header("Cache-Control", "no-store");
      return c.redirect(DEFAULT_SHARE_IMAGE_PATH, 302);
    }
    const bytes = mediaId ? await deps.shareImages.get(mediaId) : null;
    if (!bytes) {
      c.header("Cache-Control", "public, max-age=300");
      return c.redirect(DEFAULT_SHARE_IMAGE_PATH, 302);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": MEDIA_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
  return app;
}
