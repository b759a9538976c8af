/**
 * The announcement subscription shared by the caches: markers never reach the cache, catch-up
 * waits for changes committed before it, and a lost connection turns listening off (and tells
 * the cache, which must forget what it keeps) until it is back.
 */
import { describe, expect, it } from "vitest";
import type { DatabaseConnection, ListenInterruptions, NotificationHandler } from "../connect";
import { createTestDatabase } from "../testing/test-database";
import { subscribeToAnnouncements } from "./subscription";

describe("announcement subscription", () => {
  it("hands changes to the cache, keeps its catch-up markers to itself, and catches up", async () => {
    const connection = await createTestDatabase();
    try {
      const heard: string[] = [];
      const subscription = subscribeToAnnouncements(connection, "cache_test_changed", {
        onAnnouncement: (payload) => heard.push(payload),
        onMissed: () => heard.push("(missed)"),
      });
      await subscription.catchUp();
      expect(subscription.isListening).toBe(true);
      await connection.notify("cache_test_changed", "first");
      await connection.notify("cache_test_changed", "catch-up:another-process:1:x");
      await connection.notify("cache_test_changed", "second");
      await subscription.catchUp();
      expect(heard).toEqual(["first", "second"]);
      await subscription.close();
      expect(subscription.isListening).toBe(false);
      await connection.notify("cache_test_changed", "after close");
      await subscription.catchUp();
      expect(heard).toEqual(["first", "second"]);
    } finally {
      await connection.close();
    }
  });

  it("is off without notifications, and catching up then returns at once", async () => {
    const subscription = subscribeToAnnouncements(undefined, "cache_test_changed", {
      onAnnouncement: () => {},
      onMissed: () => {},
    });
    await subscription.catchUp();
    expect(subscription.isListening).toBe(false);
    await subscription.close();
  });

  it("stops listening while the connection is lost and says announcements were missed", async () => {
    let interruptions: ListenInterruptions | undefined;
    const listeners: NotificationHandler[] = [];
    const fake: Pick<DatabaseConnection, "listen" | "notify"> = {
      async listen(_channel, handler, given) {
        listeners.push(handler);
        interruptions = given;
        return async () => {};
      },
      async notify(_channel, payload) {
        for (const listener of listeners) listener(payload);
      },
    };
    let missed = 0;
    const subscription = subscribeToAnnouncements(fake, "cache_test_changed", {
      onAnnouncement: () => {},
      onMissed: () => missed++,
    });
    await subscription.catchUp();
    expect(subscription.isListening).toBe(true);
    // A catch-up that is waiting when the connection is lost ends: nothing is kept meanwhile.
    const listenersBefore = listeners.splice(0);
    const waiting = subscription.catchUp();
    interruptions?.onInterrupted?.(new Error("connection lost"));
    await waiting;
    expect(subscription.isListening).toBe(false);
    expect(missed).toBe(1);
    listeners.push(...listenersBefore);
    interruptions?.onResumed?.();
    expect(subscription.isListening).toBe(true);
    expect(missed).toBe(2);
    await subscription.close();
  });
});
