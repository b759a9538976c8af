/**
 * @module
 * `POST /functions/upload-image` (site spec, sections 5 and 7), for admins: `{ image: dataURL }`
 * as JSON, or multipart form data with an `image` (or `file`) field for large files. Answers
 * `{ url, data: media, stored_in, error: null }` (201; `stored_in`: "disk" or "bucket") or
 * `{ data: null, error }` with the spec's messages.
 */
import { randomUUID } from "node:crypto";
import { ContentError, createMediaRecord, type MediaVariant } from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context } from "hono";
import { z } from "zod";
import type { AdminVerifier } from "../content-api/admin-guard";
import { type ApiLogger, respondWithError } from "../content-api/api-response";
import {
  InvalidImageError,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  processImage,
  TooManyPixelsError,
} from "../media/image-processing";
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

/**
 * The JSON form of an upload: a data URL and, optionally, the file's name (multipart uploads send
 * an `image` or `file` field instead). Anything else in the body is ignored, as is a name that is
 * not text; without an image the answer is IMAGE_MISSING.
 */
export const uploadImageJsonSchema = z.looseObject({
  image: z
    .string()
    .min(1)
    .meta({ description: "The image as a data URL (`data:image/png;base64,...`)" }),
  filename: z
    .string()
    .optional()
    .catch(undefined)
    .meta({ description: "The file's name, kept as a label" }),
});

const dataUrlPattern = /^data:([^;,]*)((?:;[^;,=]+=[^;,]+)*)(;base64)?,/i;

const MAX_FILE_NAME_LENGTH = 255;
// C0 and C1 controls and DEL (NUL among them).
const controlCharacter = /\p{Cc}/u;
const pathSeparator = /[/\\]/;
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The client's file name is only kept as a label (`original_filename`; stored files are named by
 * id), but it must be one the database can store and that no later use can mistake for a path:
 * anything else is refused before a byte is written.
 */
function checkFileName(name: string | null): string | null {
  if (name === null || name === "") return null;
  let problem: string | null = null;
  if (name.length > MAX_FILE_NAME_LENGTH) {
    problem = `must be at most ${MAX_FILE_NAME_LENGTH} characters`;
  } else if (controlCharacter.test(name)) {
    problem = "must not contain control characters";
  } else if (pathSeparator.test(name)) {
    problem = "must not contain / or \\";
  } else if (unpairedSurrogate.test(name)) {
    problem = "must not contain unpaired surrogate characters";
  }
  if (!problem) return name;
  throw new ContentError("VALIDATION_FAILED", `filename: The file name ${problem}`, {
    fields: [{ field: "filename", message: `The file name ${problem}` }],
  });
}

async function readUpload(c: Context): Promise<Upload | null> {
  const contentType = c.req.header("content-type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    let form: Awaited<ReturnType<typeof c.req.parseBody>>;
    try {
      form = await c.req.parseBody();
    } catch {
      // No boundary, or a body that does not follow it: the client's mistake, not ours.
      throw new ContentError("INVALID_FORM_DATA");
    }
    const file = form.image ?? form.file;
    if (!(file instanceof File) || file.size === 0) return null;
    if (file.size >= MAX_UPLOAD_BYTES) throw new ContentError("IMAGE_TOO_LARGE");
    const filename = checkFileName(file.name || null);
    return { bytes: new Uint8Array(await file.arrayBuffer()), filename };
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ContentError("INVALID_JSON");
  }
  const parsed = uploadImageJsonSchema.safeParse(body);
  if (!parsed.success) return null;
  const image = parsed.data;
  const filename = checkFileName(image.filename ?? null);
  const match = dataUrlPattern.exec(image.image);
  if (!match?.[3]) throw new ContentError("IMAGE_INVALID");
  const base64 = image.image.slice(match[0].length);
  // Decoded size, checked before decoding.
  if (Math.floor((base64.replace(/=+$/, "").length * 3) / 4) >= MAX_UPLOAD_BYTES) {
    throw new ContentError("IMAGE_TOO_LARGE");
  }
  return { bytes: new Uint8Array(Buffer.from(base64, "base64")), filename };
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
      if (error instanceof TooManyPixelsError) {
        deps.logger.warn({ reason: error.message }, "upload refused: too many pixels");
        return respondWithError(
          c,
          new ContentError(
            "IMAGE_INVALID",
            `The image must have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (it has ${error.width} x ${error.height})`,
          ),
        );
      }
      if (error instanceof InvalidImageError) {
        deps.logger.warn({ reason: error.message }, "upload refused: not a valid image");
        return respondWithError(c, new ContentError("IMAGE_INVALID"));
      }
      throw error;
    }

    const id = randomUUID();
    const originalKey = `${id}/original.${processed.original.extension}`;
    // Every key a write was started for; a failure later on removes them all, so a failed upload
    // leaves no file behind that is served under /media but belongs to no media record.
    const started: string[] = [];
    const put = (key: string, bytes: Uint8Array, contentType: string) => {
      started.push(key);
      return deps.storage.put(key, bytes, contentType);
    };
    try {
      await put(originalKey, processed.original.bytes, processed.original.contentType);
      const variants: MediaVariant[] = [];
      for (const variant of processed.variants) {
        const key = `${id}/w${variant.width}.webp`;
        await put(key, variant.bytes, "image/webp");
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
      // Where it went, so the admin's notice says it truthfully (issue 33, item 14).
      return c.json({ url, data: media, stored_in: deps.storage.kind, error: null }, 201);
    } catch (error) {
      deps.logger.error({ err: error, mediaId: id }, "upload failed");
      await removeFiles(deps, id, started);
      return respondWithError(c, new ContentError("UPLOAD_FAILED"));
    }
  };
}

async function removeFiles(deps: UploadImageDeps, mediaId: string, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      deps.logger.error(
        { err: result.reason, mediaId, key: keys[index] },
        "could not remove a file of a failed upload",
      );
    }
  });
}
