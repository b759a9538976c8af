/**
 * @module
 * Which image a page is shared with (og:image, twitter:image; issue 19, defect 5). The big social
 * networks show raster images only, so:
 * - an upload (`/media/{id}/...`, or the same path under a bucket's public URL) is shared as its
 *   1200 x 630 JPEG, `/share-image/media/{id}.jpg`, which the server makes once from the original
 *   and keeps in the media storage;
 * - an outside http(s) address of a PNG, JPEG, WebP or GIF is used as it is (the site does not
 *   fetch it);
 * - anything else (the built-in SVG illustrations, an SVG anywhere, an address that is no image)
 *   is skipped, and the next candidate is tried; the last resort is the site's built-in
 *   `/og-image.png` (1200 x 630).
 * Pure: the pages' loaders and the admin's share preview use the same rule.
 */

export const DEFAULT_SHARE_IMAGE = "/og-image.png";
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareImage {
  /** A path on this site or an absolute URL. */
  url: string;
  /** Known for the images this site makes (1200 x 630); unknown for outside addresses. */
  width?: number;
  height?: number;
  type?: string;
}

const uploadPath =
  /(?:^|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[a-z0-9]+\.(?:png|jpg|webp)$/;
const rasterExtension = /\.(?:png|jpe?g|webp|gif)$/i;

const generated = (url: string): ShareImage => ({
  url,
  width: SHARE_IMAGE_WIDTH,
  height: SHARE_IMAGE_HEIGHT,
  type: url.endsWith(".png") ? "image/png" : "image/jpeg",
});

/** The share image one candidate address gives, or null when it cannot be shared. */
export function shareImageOf(candidate: string | null | undefined): ShareImage | null {
  const value = candidate?.trim() ?? "";
  if (value === "") return null;
  if (value === DEFAULT_SHARE_IMAGE) return generated(DEFAULT_SHARE_IMAGE);
  let path: string;
  let isOutside = false;
  if (value.startsWith("/") && !value.startsWith("//")) {
    path = value.split(/[?#]/)[0] ?? "";
  } else {
    try {
      const url = new URL(value);
      if (url.protocol !== "https:" && url.protocol !== "http:") return null;
      path = url.pathname;
      isOutside = true;
    } catch {
      return null;
    }
  }
  const upload = uploadPath.exec(path);
  if (upload && (!isOutside || /\/[0-9a-f-]{36}\/original\.(?:png|jpg|webp)$/.test(path))) {
    // A path under /media/, or an upload's original under a bucket's public URL.
    if (!isOutside && !path.startsWith("/media/")) return null;
    return generated(`/share-image/media/${upload[1]}.jpg`);
  }
  if (isOutside && rasterExtension.test(path)) return { url: value };
  return null;
}

/** The first candidate that can be shared, else the site's built-in share image. */
export function chooseShareImage(...candidates: (string | null | undefined)[]): ShareImage {
  for (const candidate of candidates) {
    const image = shareImageOf(candidate);
    if (image) return image;
  }
  return generated(DEFAULT_SHARE_IMAGE);
}

/** Why an admin's share image address will not be used as it is, or null. */
export function shareImageNote(candidate: string | null | undefined): string | null {
  const value = candidate?.trim() ?? "";
  if (value === "") return null;
  if (shareImageOf(value)) return null;
  if (/\.svg(?:[?#]|$)/i.test(value)) {
    return "SVG images are not shown by social networks: the site's default share image is used instead.";
  }
  return "This address is not a PNG, JPEG, WebP or GIF image or an upload: the site's default share image is used instead.";
}
