/** @module Chooses the media storage from the configuration: S3 when S3_BUCKET is set, else disk. */
import { join } from "node:path";
import type { SiteConfig } from "../config/site-config";
import { createDiskMediaStorage, type MediaStorage } from "./media-storage";
import { createS3MediaStorage } from "./s3-media-storage";

export function createMediaStorageFromConfig(
  config: SiteConfig & { DATA_DIR: string },
): MediaStorage {
  if (config.S3_BUCKET) {
    if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET");
    }
    return createS3MediaStorage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createDiskMediaStorage({ root: join(config.DATA_DIR, "media") });
}
