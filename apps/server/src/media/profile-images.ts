/**
 * @module
 * The auth API's pictures (profile images and project logos sent as data URLs) kept in the site's
 * media storage: on disk and served through `/media/*`, or in the S3 bucket and answered with its
 * public URL, in the reference's folders (`user-profile-images/{uuid}.gif`). Each picture is
 * re-encoded first (image-processing.ts), so no metadata is kept and a file that is not an image
 * is refused. The media sweep leaves these files alone: it removes only uploads it has a record of.
 */
import { randomUUID } from "node:crypto";
import type { ProfileImageStore } from "@heritage/auth-server";
import { processPicture } from "./image-processing";
import type { MediaStorage } from "./media-storage";

export function createProfileImageStore(deps: {
  storage: MediaStorage;
  /** The site's configured public URL (PUBLIC_URL), for files served through `/media/*`. */
  publicUrl: string;
}): ProfileImageStore {
  const origin = deps.publicUrl.replace(/\/+$/, "");
  return {
    async save(folder, bytes) {
      const picture = await processPicture(bytes);
      if (!picture) return null;
      const key = `${folder}/${randomUUID()}.${picture.extension}`;
      await deps.storage.put(key, picture.bytes, picture.contentType);
      const url = deps.storage.urlFor(key);
      // API clients read these from other origins: a path alone would not lead anywhere.
      return url.startsWith("/") ? `${origin}${url}` : url;
    },
  };
}
