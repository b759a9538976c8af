/**
 * @module
 * `POST /functions/check-images` (admins; issue 19, defect 9): `{ urls: string[] }` is answered
 * `{ data: [{ url, problem }], error: null }`, where `problem` says why an image address saved in
 * content would show visitors a broken image:
 * - `missing`: an upload's address (`/media/...`, or under the bucket's public URL) whose file
 *   is not in the media storage (deleted, or mistyped);
 * - `invalid`: an address this site does not serve images at (a relative path, a path outside
 *   `/media/` and the built-in `/images/`, or a scheme other than http(s));
 * - `null`: fine as far as the server can tell without a request to another host (outside
 *   addresses are not fetched: the site makes no outgoing request for an admin's input).
 */
import { ContentError } from "@heritage/content";
import type { Context } from "hono";
import { z } from "zod";
import type { AdminVerifier } from "../content-api/admin-guard";
import { respondWithError } from "../content-api/api-response";
import { isMediaKey, type MediaStorage } from "../media/media-storage";

/** Most addresses one request may ask about (a project holds four image fields). */
export const MAX_CHECKED_IMAGES = 50;
const MAX_URL_LENGTH = 2048;

/** The body: the image addresses to check. */
export const checkImagesBodySchema = z.object({
  urls: z.array(z.string().max(MAX_URL_LENGTH)).max(MAX_CHECKED_IMAGES),
});

export type ImageProblem = "missing" | "invalid" | null;

/** The built-in images of the web app (apps/web/public), and where uploads are served. */
const builtInImage = /^\/(?:images\/[a-z0-9/_-]+\.(?:svg|png|jpe?g|webp)|og-image\.png|logo\.png)$/;
const sampleKey = "00000000-0000-0000-0000-000000000000/original.png";

/** The storage key an upload's address names, or undefined when it names none. */
function mediaKeyOf(url: string, storage: MediaStorage): string | undefined {
  const prefixes = new Set(["/media/", storage.urlFor(sampleKey).slice(0, -sampleKey.length)]);
  for (const prefix of prefixes) {
    if (url.startsWith(prefix)) return url.slice(prefix.length).split(/[?#]/)[0] ?? "";
  }
  return undefined;
}

export async function checkImageUrl(url: string, storage: MediaStorage): Promise<ImageProblem> {
  const trimmed = url.trim();
  if (trimmed === "") return null;
  const key = mediaKeyOf(trimmed, storage);
  if (key !== undefined) {
    if (!isMediaKey(key)) return "missing";
    return (await storage.get(key)) ? null : "missing";
  }
  if (trimmed.startsWith("/")) {
    return builtInImage.test(trimmed.split(/[?#]/)[0] ?? "") ? null : "invalid";
  }
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? null : "invalid";
  } catch {
    return "invalid";
  }
}

export function createCheckImagesHandler(deps: {
  verifyAdmin: AdminVerifier;
  storage: MediaStorage;
}) {
  return async (c: Context) => {
    const check = await deps.verifyAdmin(c.req.raw);
    if (!check.ok) {
      return respondWithError(
        c,
        new ContentError(check.status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", check.message),
      );
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return respondWithError(c, new ContentError("INVALID_JSON"));
    }
    const parsed = checkImagesBodySchema.safeParse(body);
    if (!parsed.success) {
      const message = `urls: Give a list of at most ${MAX_CHECKED_IMAGES} image addresses (each at most ${MAX_URL_LENGTH} characters)`;
      return respondWithError(
        c,
        new ContentError("VALIDATION_FAILED", message, {
          fields: [{ field: "urls", message }],
        }),
      );
    }
    const unique = [...new Set(parsed.data.urls)];
    const data = await Promise.all(
      unique.map(async (url) => ({ url, problem: await checkImageUrl(url, deps.storage) })),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ data, error: null });
  };
}
