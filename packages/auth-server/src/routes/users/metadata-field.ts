/**
 * The metadata fields of users and teams (`client_metadata`, `client_read_only_metadata`,
 * `server_metadata`): any JSON, at most {@link MAX_METADATA_BYTES} of it per field (issue 14). The
 * reference sets no limit; without one a single user stored megabytes that every `/users/me` then
 * sent back, and the server spent its time serialising them.
 * @module
 */
import { z } from "zod";

/** Largest metadata field, measured as its JSON text in UTF-8 bytes. */
export const MAX_METADATA_BYTES = 64 * 1024;

function jsonByteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");
}

export const metadataSchema = z
  .json()
  .refine(
    (value) => jsonByteLength(value) <= MAX_METADATA_BYTES,
    `must be at most ${MAX_METADATA_BYTES} bytes as JSON`,
  );
