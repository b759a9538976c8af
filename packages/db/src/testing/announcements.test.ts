import { describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../connect";
import { untilAnnounced } from "./announcements";

/** A connection whose announcements reach its listeners, or (`deaf`) never do. */
function fakeConnection({ deaf = false } = {}) {
  const listeners = new Set<(payload: string) => void>();
  const connection = {
    listen: async (_channel: string, listener: (payload: string) => void) => {
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
      };
    },
    notify: async (_channel: string, payload: string) => {
      if (deaf) return;
      for (const listener of [...listeners]) listener(payload);
    },
  };
  return { connection: connection as unknown as DatabaseConnection, listeners };
}

describe("untilAnnounced", () => {
  it("resolves once the marker is heard, and stops listening", async () => {
    const { connection, listeners } = fakeConnection();
    await untilAnnounced([connection], "content_changed");
    expect(listeners.size).toBe(0);
  });

  it("fails with a message when the marker is not heard in time, and stops listening", async () => {
    const { connection, listeners } = fakeConnection({ deaf: true });
    await expect(
      untilAnnounced([connection], "content_changed", { timeoutMs: 50 }),
    ).rejects.toThrow(
      'untilAnnounced: 1 of 1 connection(s) did not hear the marker on "content_changed" within 50 ms',
    );
    expect(listeners.size).toBe(0);
  });
});
