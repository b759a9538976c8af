/**
 * @module
 * Removes uploads no content refers to any more (issue 19, defect 9): a deleted project's image,
 * an image replaced by another, an upload never saved into anything. Each sweep marks the uploads
 * found unreferenced (and clears the mark of those referred to again), then removes the files and
 * the record of those unreferenced for longer than the grace period (MEDIA_ORPHAN_GRACE_HOURS,
 * 24 h by default), which leaves an editor time to save the form an image was uploaded for.
 *
 * An item leaving the trash for good (purged by an editor, or past its days) marks the uploads
 * only it kept due at once (`MEDIA_DUE_NOW`): the purge route removes them straight away
 * (`removeDue`), a sweep removes them whatever the grace period (issue 33, item 8).
 *
 * Every process sweeps on its own timer. Several processes sharing one database may sweep at
 * once: marks are set and cleared only on rows still in the expected state, deleting a file that
 * is gone already succeeds, and the record goes last (one process removes it; a crash before
 * then leaves it for the next sweep to finish).
 */
import {
  deleteExpiredMediaRecord,
  findExpiredMedia,
  MEDIA_DUE_NOW,
  markUnreferencedMedia,
  pruneHistory,
  type RetentionSettings,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { MediaStorage } from "./media-storage";
import { shareImageKey } from "./share-images";

export const DEFAULT_MEDIA_GRACE_HOURS = 24;
/** How often each process sweeps (and, with some jitter, when it first does). */
export const MEDIA_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface MediaSweepResult {
  /** Uploads found unreferenced in this sweep (their grace period starts now). */
  marked: string[];
  /** Uploads whose files and record this sweep removed. */
  removed: string[];
}

export interface MediaSweepLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MediaSweeper {
  /** One sweep now; `graceMs` overrides the configured grace period (tests, operators). */
  sweep(options?: { graceMs?: number }): Promise<MediaSweepResult>;
  /**
   * Removes now, whatever the grace period, the uploads of items that left the trash for good
   * (marked `MEDIA_DUE_NOW` by the purge's transaction); the ids removed. What fails here is left
   * to the next sweep (the uploads stay withheld from visitors meanwhile).
   */
  removeDue(): Promise<string[]>;
  /** Stops the timer; a sweep under way finishes. */
  close(): Promise<void>;
}

export function createMediaSweeper(deps: {
  db: Database;
  storage: MediaStorage;
  logger: MediaSweepLogger;
  graceMs: number;
  /** 0: no timer (sweeps only when called). */
  intervalMs?: number;
  /**
   * Editors' history kept (revisions, trash, audit log; issue 29), pruned at the start of each
   * sweep. Unset: nothing is pruned.
   */
  retention?: RetentionSettings;
  now?: () => Date;
}): MediaSweeper {
  const now = deps.now ?? (() => new Date());
  let running: Promise<MediaSweepResult> | null = null;

  async function sweepOnce(graceMs: number): Promise<MediaSweepResult> {
    if (deps.retention) {
      const pruned = await pruneHistory(deps.db, deps.retention, now());
      if (pruned.revisions + pruned.trash + pruned.auditLog > 0) {
        deps.logger.info(pruned, "history past its retention removed");
      }
    }
    const { marked } = await markUnreferencedMedia(deps.db, now());
    const removed = await removeExpired(new Date(now().getTime() - graceMs));
    if (marked.length > 0 || removed.length > 0) {
      deps.logger.info({ marked, removed }, "media sweep: unreferenced uploads marked or removed");
    }
    return { marked, removed };
  }

  /** Removes the files, then the record, of uploads unreferenced since before `before`. */
  async function removeExpired(before: Date): Promise<string[]> {
    const removed: string[] = [];
    for (const expired of await findExpiredMedia(deps.db, before)) {
      const keys = [...expired.keys, shareImageKey(expired.id)];
      const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
      const failed = results.filter((result) => result.status === "rejected");
      if (failed.length > 0) {
        // The record stays (withheld from visitors), so the next sweep tries again.
        deps.logger.error(
          { mediaId: expired.id, err: (failed[0] as PromiseRejectedResult).reason },
          "media sweep: could not remove a file; will try again",
        );
        continue;
      }
      if (await deleteExpiredMediaRecord(deps.db, expired.id, before)) removed.push(expired.id);
    }
    return removed;
  }

  const removeDue = async (): Promise<string[]> => {
    const removed = await removeExpired(MEDIA_DUE_NOW);
    if (removed.length > 0) {
      deps.logger.info({ removed }, "uploads of items deleted for good removed");
    }
    return removed;
  };

  const sweep = (options: { graceMs?: number } = {}) => {
    // One sweep at a time in this process; a call during one waits for it, then runs its own.
    const previous = running ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => sweepOnce(options.graceMs ?? deps.graceMs));
    running = next;
    return next.finally(() => {
      if (running === next) running = null;
    });
  };

  let timer: NodeJS.Timeout | null = null;
  const intervalMs = deps.intervalMs ?? MEDIA_SWEEP_INTERVAL_MS;
  if (intervalMs > 0) {
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        sweep()
          .catch((error: unknown) =>
            deps.logger.error({ err: error }, "media sweep failed; will try again"),
          )
          .finally(() => {
            if (timer) schedule(intervalMs);
          });
      }, delay);
      timer.unref();
    };
    // Processes started together do not all sweep at the same moment.
    schedule(intervalMs / 2 + Math.random() * (intervalMs / 2));
  }

  return {
    sweep,
    removeDue,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
