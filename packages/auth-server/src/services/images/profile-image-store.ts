/**
 * @module
 * Pictures sent as data URLs (user, team and team-member profile images, project logos) are kept
 * as files, and the API keeps and answers their URL, as the reference does with its bucket
 * (issue 28 item 3, issue 32 item 2): a list of a hundred users then carries a hundred short URLs,
 * not a hundred copies of up to a megabyte each. The embedder (apps/server) says where the files
 * go through a `ProfileImageStore` (its media storage: the disk or the S3 bucket); without one,
 * a data URL is kept as it came, within the wire's length limit.
 *
 * The store is called before the write's transaction, so a slow bucket never holds a database
 * transaction open; a write that then fails leaves an unreferenced file, as the reference does.
 */
import { maxImageUrlLength } from "@heritage/auth-protocol";
import { plainErrors } from "../shared/plain-errors";

/** The folders of the reference's bucket, one per kind of picture. */
export type ProfileImageFolder =
  | "user-profile-images"
  | "team-profile-images"
  | "team-member-profile-images"
  | "project-logos";

export interface ProfileImageStore {
  /**
   * Keeps the decoded bytes of an uploaded picture in `folder`; answers the absolute URL to keep
   * and answer, or null when the bytes are not an image the store takes.
   */
  save(folder: ProfileImageFolder, bytes: Uint8Array): Promise<string | null>;
}

const base64DataUrl = /^data:image\/[a-z0-9.+-]+;base64,/i;

/**
 * What to keep for a picture the request sent: a data URL becomes the stored file's URL when a
 * store is configured; anything else (an https URL, null to clear, absent) stays as it is.
 */
export async function keepProfileImage<T extends string | null | undefined>(
  store: ProfileImageStore | undefined,
  folder: ProfileImageFolder,
  value: T,
): Promise<T | string> {
  if (!store || typeof value !== "string") return value;
  const prefix = base64DataUrl.exec(value);
  if (!prefix) return value;
  const bytes = Buffer.from(value.slice(prefix[0].length), "base64");
  const url = bytes.byteLength > 0 ? await store.save(folder, bytes) : null;
  if (url === null) throw plainErrors.invalidImageData();
  // A store whose storage refused the file answers the re-encoded picture inline. Should that be
  // longer than the wire allows, the picture is kept as it came (which passed the limit), as
  // without a store, rather than stored past the limit or lost.
  return url.length > maxImageUrlLength ? value : url;
}
