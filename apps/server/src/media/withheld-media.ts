/**
 * @module
 * Which uploads visitors must not get now (issue 33, item 8; decision 017): those no live content
 * uses, kept only by the trash or revisions, or marked unreferenced (`findWithheldMedia`). A
 * trashed project's photos answer 404 at once, in every process, and come back when it is
 * restored.
 *
 * Each process keeps the set in memory, so a visitor's image request reads no table. Every
 * content change announced on `content_changed` (sent by the database's triggers to every
 * process, whoever wrote; this process's own writes also call `contentChanged()` before
 * answering) makes the set out of date, and the next media request reads it again, once for all
 * requests waiting with it: so no process answers from a set older than a change it has heard, and
 * a process that serves no images reads nothing. Until the process listens, and while its
 * listening connection is lost (announcements may be missed), each request asks the database
 * about its one upload instead, as the page cache serves nothing from memory then.
 */
import { CONTENT_CHANGED_CHANNEL, findWithheldMedia, isMediaWithheld } from "@heritage/content";
import { type Database, type DatabaseConnection, subscribeToAnnouncements } from "@heritage/db";

export interface WithheldMedia {
  /** Whether visitors must not get the upload `mediaId` now. */
  isWithheld(mediaId: string): Promise<boolean>;
  /** A content write of this process: the next request reads the set again. */
  contentChanged(): void;
  /** Resolves once the process listens and the set is read (tests). */
  ready(): Promise<void>;
  /** Stops listening (before the database closes). */
  close(): Promise<void>;
}

const mediaIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createWithheldMedia(deps: {
  db: Database;
  notifications: Pick<DatabaseConnection, "listen" | "notify">;
  logger: { error(object: object, message: string): void };
}): WithheldMedia {
  /** Changes heard (announced, or this process's own); a set read after the n-th reflects it. */
  let heard = 0;
  /** The set, and how many changes had been heard when its read started. */
  let withheld: Set<string> = new Set();
  let readAfter = -1;
  /** The read under way, if any. */
  let reading: Promise<void> | null = null;

  const changed = () => {
    heard++;
  };
  const subscription = subscribeToAnnouncements(deps.notifications, CONTENT_CHANGED_CHANNEL, {
    onAnnouncement: changed,
    // Lost (nothing is answered from the set meanwhile) or back (changes were missed): read again.
    onMissed: changed,
  });

  /** One read of the set, shared by every request that arrives while it runs. */
  function read(): Promise<void> {
    if (!reading) {
      const startedAfter = heard;
      reading = findWithheldMedia(deps.db)
        .then((ids) => {
          withheld = new Set(ids);
          readAfter = startedAfter;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  }

  /** The set, reflecting every change heard before the call; null when not listening. */
  async function current(): Promise<Set<string> | null> {
    const target = heard;
    // A read that started before the latest change may still be running: then read once more.
    while (subscription.isListening && readAfter < target) await read();
    return subscription.isListening ? withheld : null;
  }

  return {
    async isWithheld(mediaId) {
      if (!mediaIdPattern.test(mediaId)) return false;
      let set: Set<string> | null = null;
      try {
        set = await current();
      } catch (error) {
        deps.logger.error({ err: error }, "withheld media: could not read the set");
      }
      return set ? set.has(mediaId) : isMediaWithheld(deps.db, mediaId);
    },
    contentChanged: changed,
    async ready() {
      await subscription.catchUp();
      await current();
    },
    async close() {
      await subscription.close();
      await reading?.catch(() => undefined);
    },
  };
}
