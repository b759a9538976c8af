/**
 * @module
 * The site's own pictures of the default content (apps/web/public/images): WebP, 1200 x 768, each
 * with an 800 px copy beside it (`-800.webp`), so that a phone fetches the smaller one. They were
 * SVG, which a browser draws through a document of its own built on the page's main thread
 * (decision 035). Uploads get their sizes from the media table instead (site-data.server.ts).
 */
import type { ImageSource } from "./site-types";

const pictures = new Set([
  "/images/about/heritage.webp",
  "/images/projects/balkan-beats.webp",
  "/images/projects/balkan-stories.webp",
  "/images/projects/balkan-youth.webp",
  "/images/projects/digital-literacy.webp",
  "/images/projects/eco-balkans.webp",
  "/images/projects/heritage-preservation.webp",
]);

/** One of the built-in pictures with its sizes, or undefined for any other address. */
export function builtInImageSource(url: string): ImageSource | undefined {
  if (!pictures.has(url)) return undefined;
  const small = url.replace(/\.webp$/, "-800.webp");
  return { src: url, srcSet: `${small} 800w, ${url} 1200w`, width: 1200, height: 768 };
}
