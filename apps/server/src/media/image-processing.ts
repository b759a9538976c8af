/**
 * @module
 * Turns an uploaded file into safe, fast images: the real type is read from the bytes (never
 * trusted from the name or the declared type), the image is decoded and re-encoded with sharp
 * (auto-oriented; EXIF, GPS and other metadata are dropped), and responsive WebP variants are
 * made. SVG is refused: it is a document that can carry scripts, not a raster image.
 */
import sharp from "sharp";

/** Spec section 9: uploads must be under 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Widths of the responsive WebP variants; only those narrower than the original are made. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;
/**
 * Decoding bombs: an image whose header declares more pixels than this is refused before any pixel
 * is decoded (40 megapixels, e.g. 8000 x 5000: more than any camera photo a site needs, and about
 * 160 MB decoded, which two uploads at once can afford).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export type RasterFormat = "png" | "jpeg" | "webp" | "gif";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The raster format the bytes really are, or null (SVG, text, PDF, truncated files...). */
export function sniffImageFormat(bytes: Uint8Array): RasterFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "webp";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif";
  return null;
}

export interface ProcessedImage {
  original: { bytes: Buffer; extension: "png" | "jpg" | "webp"; contentType: string };
  width: number;
  height: number;
  variants: { width: number; height: number; bytes: Buffer }[];
}

export class InvalidImageError extends Error {}

/** The image's header declares more than {@link MAX_INPUT_PIXELS} pixels. */
export class TooManyPixelsError extends InvalidImageError {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} x ${height} pixels is more than ${MAX_INPUT_PIXELS}`);
  }
}

/** The dimensions the image's header declares; reads the header only, decodes no pixel. */
async function declaredSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    // No pixel limit here: only the header is read, and the comparison below gives the reason.
    const { width, height } = await sharp(bytes, {
      animated: false,
      limitInputPixels: false,
    }).metadata();
    return { width, height };
  } catch (error) {
    throw new InvalidImageError(error instanceof Error ? error.message : "unreadable image header");
  }
}

/**
 * Re-encodes an image and makes its variants. Throws `TooManyPixelsError` when its header declares
 * more than MAX_INPUT_PIXELS, and `InvalidImageError` when the bytes are not a decodable PNG,
 * JPEG, WebP or GIF.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError("not a raster image");
  const declared = await declaredSize(bytes);
  if (declared.width * declared.height > MAX_INPUT_PIXELS) {
    throw new TooManyPixelsError(declared.width, declared.height);
  }
  const input = () =>
    // rotate() applies the EXIF orientation before the metadata is dropped.
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" }).rotate();

  let width: number;
  let height: number;
  let original: ProcessedImage["original"];
  try {
    // Without keepMetadata()/withMetadata(), sharp writes no EXIF, GPS, XMP or comments.
    if (format === "jpeg") {
      const { data, info } = await input()
        .jpeg({ quality: 88, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      original = { bytes: data, extension: "jpg", contentType: "image/jpeg" };
      ({ width, height } = info);
    } else if (format === "webp") {
      const { data, info } = await input()
        .webp({ quality: 88 })
        .toBuffer({ resolveWithObject: true });
      original = { bytes: data, extension: "webp", contentType: "image/webp" };
      ({ width, height } = info);
    } else {
      // PNG, and the first frame of a GIF, as PNG.
      const { data, info } = await input()
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: true });
      original = { bytes: data, extension: "png", contentType: "image/png" };
      ({ width, height } = info);
    }
  } catch (error) {
    throw new InvalidImageError(error instanceof Error ? error.message : "undecodable image");
  }

  const widths: number[] = VARIANT_WIDTHS.filter((variantWidth) => variantWidth < width);
  if (widths.length === 0 || width <= Math.max(...VARIANT_WIDTHS)) widths.push(width);
  const variants = await Promise.all(
    [...new Set(widths)].map(async (variantWidth) => {
      const { data, info } = await input()
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, bytes: data };
    }),
  );
  return { original, width, height, variants };
}

export interface ProcessedPicture {
  bytes: Buffer;
  extension: "png" | "jpg" | "webp" | "gif";
  contentType: string;
}

/**
 * A profile picture or logo the auth API received as a data URL, re-encoded in its own format
 * (a GIF stays a GIF, animation included, as the reference keeps it) so that no metadata (EXIF,
 * GPS) survives and a file that is not really an image is refused. Null when the bytes are not a
 * decodable PNG, JPEG, WebP or GIF, or declare more than MAX_INPUT_PIXELS pixels.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture | null> {
  const format = sniffImageFormat(bytes);
  if (!format) return null;
  try {
    const declared = await declaredSize(bytes);
    if (declared.width * declared.height > MAX_INPUT_PIXELS) return null;
    const animated = format === "gif" || format === "webp";
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: "error" });
    // rotate() applies the EXIF orientation before the metadata is dropped.
    if (!animated) image.rotate();
    switch (format) {
      case "jpeg":
        return {
          bytes: await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer(),
          extension: "jpg",
          contentType: "image/jpeg",
        };
      case "webp":
        return {
          bytes: await image.webp({ quality: 88 }).toBuffer(),
          extension: "webp",
          contentType: "image/webp",
        };
      case "gif":
        return { bytes: await image.gif().toBuffer(), extension: "gif", contentType: "image/gif" };
      default:
        return {
          bytes: await image.png({ compressionLevel: 9 }).toBuffer(),
          extension: "png",
          contentType: "image/png",
        };
    }
  } catch {
    return null;
  }
}
