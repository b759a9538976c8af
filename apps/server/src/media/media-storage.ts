/**
 * @module
 * Where uploaded media files live: on disk under `${DATA_DIR}/media` by default, or in an
 * S3-compatible bucket (see s3-media-storage.ts). The site's uploads have keys like
 * `{uuid}/original.png` or `{uuid}/w800.webp`; the auth API's pictures (profile-images.ts) live
 * in the reference's folders, `user-profile-images/{uuid}.gif`. Anything else is refused, so a key
 * can never leave the storage root.
 */
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

export interface StoredMedia {
  body: Uint8Array;
  contentType: string;
}

export interface MediaStorage {
  /** Where the files live: this server's disk, or an S3-compatible bucket (a cloud service). */
  readonly kind: "disk" | "bucket";
  /** Stores `body` under `key`, replacing what was there. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
  delete(key: string): Promise<void>;
  /** The URL pages use for `key`: `/media/{key}` unless a public base URL is configured. */
  urlFor(key: string): string;
}

const keyPattern =
  /^(?:[0-9a-f-]{36}\/[a-z0-9]+\.(?:png|jpg|webp)|(?:(?:user|team|team-member)-profile-images|project-logos)\/[0-9a-f-]{36}\.(?:png|jpg|webp|gif))$/;

/** True for keys this module writes; everything else (`..`, absolute paths) is rejected. */
export function isMediaKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key "${key}"`);
}

const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** The content type of a media key, from its extension. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return contentTypes[extension] ?? "application/octet-stream";
}

/** Files on disk under `root` (normally `${DATA_DIR}/media`). */
export function createDiskMediaStorage(options: { root: string }): MediaStorage {
  const root = resolve(options.root);
  const pathOf = (key: string) => {
    assertMediaKey(key);
    return join(root, key);
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, path);
      } catch (error) {
        // A full disk leaves half a temporary file: not served, but it would stay forever.
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // The folder of a media id goes with its last file.
      await rmdir(dirname(path)).catch((error: { code?: string }) => {
        if (!["ENOTEMPTY", "EEXIST", "ENOENT"].includes(error.code ?? "")) throw error;
      });
    },
    urlFor: (key) => `/media/${key}`,
    kind: "disk",
  };
}
