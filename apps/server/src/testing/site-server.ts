/**
 * @module
 * The server app's door for tests (`@heritage/server/testing`, docs/decisions/012): what browser
 * journeys and benchmarks need to run the whole site in their own process. Shipped code never
 * imports it; the layer check (`npm run lint`) refuses any other way into apps/server.
 */

import { createMediaStorageFromConfig } from "../media/media-storage-from-config";
import { createMediaSweeper, type MediaSweepResult } from "../media/media-sweep";
import type { RunningServer } from "../server";

export { loadWebBuild, webBuildDir } from "../routes/web-build";
export { type RunningServer, type StartOptions, startServer } from "../server";

/**
 * One sweep of the uploads no content refers to, over a running server's database and media
 * storage, as the server's own hourly sweep does (issue 19, defect 9). `graceMs` defaults to the
 * server's MEDIA_ORPHAN_GRACE_HOURS.
 */
export async function sweepUnreferencedMedia(
  running: RunningServer,
  options: { graceMs?: number } = {},
): Promise<MediaSweepResult> {
  const sweeper = createMediaSweeper({
    db: running.database.db,
    storage: createMediaStorageFromConfig(running.config),
    logger: running.logger,
    graceMs: running.config.MEDIA_ORPHAN_GRACE_HOURS * 60 * 60 * 1000,
    intervalMs: 0,
  });
  try {
    return await sweeper.sweep(options);
  } finally {
    await sweeper.close();
  }
}
