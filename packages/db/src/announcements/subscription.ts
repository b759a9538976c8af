/**
 * A cache's subscription to a channel of change announcements (PostgreSQL `LISTEN/NOTIFY`, or
 * PGlite's own). What every cache kept in step by announcements needs, in one place (the project
 * and user caches of the auth platform use it):
 *
 * - **Listening or not.** Nothing may be answered from memory until the subscription is in place,
 *   nor while the listening connection is lost: announcements may be missed then. `isListening`
 *   says which; `onMissed` is called when the connection is lost and again when it is back, and the
 *   cache forgets everything it keeps both times.
 * - **Catching up.** `catchUp()` resolves once every change committed before the call has reached
 *   `onAnnouncement`: it sends a marker of its own on the channel, and PostgreSQL delivers
 *   notifications in commit order. Markers never reach `onAnnouncement`; other processes' markers
 *   are dropped too.
 * @module
 */
import type { DatabaseConnection } from "../connect";

const catchUpPrefix = "catch-up:";

export interface AnnouncementHandlers {
  /** A change was announced on the channel (its payload). */
  onAnnouncement(payload: string): void;
  /** Announcements may have been missed (the connection was lost, or is back after a loss). */
  onMissed(): void;
}

export interface AnnouncementSubscription {
  /** Whether every announcement reaches the handlers (subscribed, and connected). */
  readonly isListening: boolean;
  /**
   * Resolves once every change committed before the call has reached `onAnnouncement`; at once
   * when not listening (nothing is answered from memory then, so there is nothing to wait for).
   */
  catchUp(): Promise<void>;
  /** Stops listening; pending catch-ups resolve. */
  close(): Promise<void>;
}

export function subscribeToAnnouncements(
  notifications: Pick<DatabaseConnection, "listen" | "notify"> | undefined,
  channel: string,
  handlers: AnnouncementHandlers,
): AnnouncementSubscription {
  const catchUpWaiters = new Map<string, () => void>();
  let catchUpCounter = 0;
  let listening = false;
  let closed = false;
  let unsubscribe: (() => Promise<void>) | undefined;

  function releaseCatchUps(): void {
    for (const resolve of catchUpWaiters.values()) resolve();
    catchUpWaiters.clear();
  }

  const subscribed = notifications
    ? notifications
        .listen(
          channel,
          (payload) => {
            if (payload.startsWith(catchUpPrefix)) {
              // Another process's marker says nothing changed; this process's own one ends a catch-up.
              catchUpWaiters.get(payload)?.();
              catchUpWaiters.delete(payload);
              return;
            }
            handlers.onAnnouncement(payload);
          },
          {
            onInterrupted() {
              listening = false;
              handlers.onMissed();
              // Nothing is answered from memory now, so nobody needs to wait for a marker.
              releaseCatchUps();
            },
            onResumed() {
              handlers.onMissed();
              listening = !closed && unsubscribe !== undefined;
            },
          },
        )
        .then((stop) => {
          unsubscribe = stop;
          listening = !closed;
          if (closed) return stop();
        })
        .catch(() => {
          // Without the subscription the cache stays off: every call reads the database.
        })
    : Promise.resolve();

  return {
    get isListening() {
      return listening;
    },
    async catchUp() {
      await subscribed;
      if (!listening || !notifications) return;
      catchUpCounter++;
      const marker = `${catchUpPrefix}${process.pid}:${catchUpCounter}:${Math.random().toString(36).slice(2)}`;
      const arrived = new Promise<void>((resolve) => catchUpWaiters.set(marker, resolve));
      await notifications.notify(channel, marker);
      await arrived;
    },
    async close() {
      closed = true;
      listening = false;
      await subscribed;
      await unsubscribe?.();
      releaseCatchUps();
    },
  };
}
