/**
 * @module
 * `POST /functions/upload-image` (site spec, sections 5 and 7), for admins: `{ image: dataURL }`
 * as JSON, or multipart form data with an `image` (or `file`) field for large files. Answers
 * `{ url, data: media, error: null }` (201) or `{ data: null, error }` with the spec's messages.
 */
import { randomUUID } from "node:crypto";
import { ContentError, createMediaRecord, type MediaVariant } from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context } from "hono";
import type { AdminVerifier } from "../content-api/admin-guard";
import { type ApiLogger, respondWithError } from "../content-api/api-response";
import { InvalidImageError, MAX_UPLOAD_BYTES, processImage } from "../media/image-processing";
import type { MediaStorage } from "../media/media-storage";

export interface UploadImageDeps {
  db: Database;
  logger: ApiLogger;
  verifyAdmin: AdminVerifier;
  storage: MediaStorage;
}

/** Largest request accepted: 5 MB as base64 in JSON is about 6.7 MB; refuse well above that. */
export const UPLOAD_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

type Upload = { bytes: Uint8Array; filename: string | null };

const dataUrlPattern = /^data:([^;,]*)((?:;[^;,=]+=[^;,]+)*)(;base64)?,/i;

async function readUpload(c: Context): Promise<Upload | null> {
  const contentType = c.req.header("content-type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody();
    const file = form.image ?? form.file;
    if (!(file instanceof File) || file.size === 0) return null;
    if (file.size >= MAX_UPLOAD_BYTES) throw new ContentError("IMAGE_TOO_LARGE");
    return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || null };
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ContentError("INVALID_JSON");
  }
  const image =
    body && typeof body === "object" ? (body as { image?: unknown; filename?: unknown }) : {};
  if (typeof image.image !== "string" || image.image === "") return null;
  const match = dataUrlPattern.exec(image.image);
  if (!match?.[3]) throw new ContentError("IMAGE_INVALID");
  const base64 = image.image.slice(match[0].length);
  // Decoded size, checked before decoding.
  if (Math.floor((base64.replace(/=+$/, "").length * 3) / 4) >= MAX_UPLOAD_BYTES) {
    throw new ContentError("IMAGE_TOO_LARGE");
  }
  return {
    bytes: new Uint8Array(Buffer.from(base64, "base64")),
    filename: typeof image.filename === "string" ? image.filename.slice(0, 255) : null,
  };
}

export function createUploadImageHandler(deps: UploadImageDeps) {
  return async (c: Context) => {
    const check = await deps.verifyAdmin(c.req.raw);
    if (!check.ok) {
      return respondWithError(
        c,
        new ContentError(check.status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", check.message),
      );
    }
    const upload = await readUpload(c);
    if (!upload) return respondWithError(c, new ContentError("IMAGE_MISSING"));
    if (upload.bytes.byteLength >= MAX_UPLOAD_BYTES) {
      return respondWithError(c, new ContentError("IMAGE_TOO_LARGE"));
    }

    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await processImage(upload.bytes);
    } catch (error) {
      if (error instanceof InvalidImageError) {
        deps.logger.warn({ reason: error.message }, "upload refused: not a valid image");
        return respondWithError(c, new ContentError("IMAGE_INVALID"));
      }
      throw error;
    }

    const id = randomUUID();
    const originalKey = `${id}/original.${processed.original.extension}`;
    try {
      await deps.storage.put(originalKey, processed.original.bytes, processed.original.contentType);
      const variants: MediaVariant[] = [];
      for (const variant of processed.variants) {
        const key = `${id}/w${variant.width}.webp`;
        await deps.storage.put(key, variant.bytes, "image/webp");
        variants.push({
          width: variant.width,
          height: variant.height,
          content_type: "image/webp",
          size_bytes: variant.bytes.byteLength,
          storage_key: key,
          url: deps.storage.urlFor(key),
        });
      }
      const url = deps.storage.urlFor(originalKey);
      const media = await createMediaRecord(deps.db, {
        id,
        url,
        storage_key: originalKey,
        content_type: processed.original.contentType,
        width: processed.width,
        height: processed.height,
        size_bytes: processed.original.bytes.byteLength,
        variants,
        original_filename: upload.filename,
        uploaded_by: check.userId,
      });
      c.header("Cache-Control", "no-store");
      return c.json({ url, data: media, error: null }, 201);
    } catch (error) {
      deps.logger.error({ err: error, mediaId: id }, "upload failed");
      return respondWithError(c, new ContentError("UPLOAD_FAILED"));
    }
  };
}
