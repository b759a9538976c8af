/**
 * @module
 * The auth API's pictures (profile images and project logos sent as data URLs) kept in the site's
 * media storage: on disk and served through `/media/*`, or in the S3 bucket and answered with its
 * public URL, in the reference's folders (`user-profile-images/{uuid}.gif`). Each picture is
 * re-encoded first (image-processing.ts), so no metadata is kept and a file that is not an image
 * is refused. The media sweep leaves these files alone: it removes only uploads it has a record of.
 *
 * When the storage refuses a picture (the bucket down, its credentials wrong), the re-encoded
 * picture is kept inline as a data URL, as without a storage, and the refusal is logged as an
 * error: the user's or team's update goes through instead of failing with a 500 (the reference's
 * answer), and nothing they sent is lost. The operator reads the storage's error in the log.
 */
import { randomUUID } from "node:crypto";
import type { ProfileImageStore } from "@heritage/auth-server";
import type { Logger } from "pino";
import { processPicture } from "./image-processing";
import type { MediaStorage } from "./media-storage";

export function createProfileImageStore(deps: {
  storage: MediaStorage;
  /** The site's configured public URL (PUBLIC_URL), for files served through `/media/*`. */
  publicUrl: string;
  logger: Pick<Logger, "error">;
}): ProfileImageStore {
  const origin = deps.publicUrl.replace(/\/+$/, "");
  return {
    async save(folder, bytes) {
      const picture = await processPicture(bytes);
      if (!picture) return null;
      const key = `${folder}/${randomUUID()}.${picture.extension}`;
      try {
        await deps.storage.put(key, picture.bytes, picture.contentType);
      } catch (error) {
        deps.logger.error(
          { err: error, key },
          "Picture kept inline as a data URL: the media storage refused it",
        );
        return `data:${picture.contentType};base64,${Buffer.from(picture.bytes).toString("base64")}`;
      }
      const url = deps.storage.urlFor(key);
      // API clients read these from other origins: a path alone would not lead anywhere.
      return url.startsWith("/") ? `${origin}${url}` : url;
    },
  };
}
