/**
 * @module
 * Waiting for a database's change announcements (LISTEN/NOTIFY) to arrive, in tests that write
 * behind a server's back (straight into its database) and then expect the server to have heard.
 */
import type { DatabaseConnection } from "../connect";

/** Long past any delivery on a busy machine; a marker not heard by then never will be. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Resolves once every announcement on `channel` committed so far has reached each of
 * `connections`' listeners. PostgreSQL delivers notifications in commit order, and a connection
 * hands them to its listeners in arrival order, so a marker sent now is heard after the earlier
 * changes' own announcements. The marker is an announcement too: listeners that drop state on any
 * announcement (the page cache) drop it once more. A marker not heard within `timeoutMs` fails
 * with a message that says so, rather than leaving the test to its hook's silent time limit
 * (stop 24's CI lost 180 s that way, decision 013's addendum).
 */
export async function untilAnnounced(
  connections: readonly DatabaseConnection[],
  channel: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  const marker = `test-marker-${Math.random()}`;
  const unique = [...new Set(connections)];
  const heard = unique.map(() => false);
  const hearings: Promise<void>[] = [];
  const stops = await Promise.all(
    unique.map((connection, index) => {
      let hear = () => {};
      hearings.push(new Promise<void>((resolve) => (hear = resolve)));
      return connection.listen(channel, (payload) => {
        if (payload !== marker) return;
        heard[index] = true;
        hear();
      });
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const missing = heard.filter((was) => !was).length;
      reject(
        new Error(
          `untilAnnounced: ${missing} of ${unique.length} connection(s) did not hear the marker on "${channel}" within ${timeoutMs} ms (a listener registered after its announcement never hears it)`,
        ),
      );
    }, timeoutMs);
  });
  try {
    const [sender] = connections;
    if (sender) await sender.notify(channel, marker);
    await Promise.race([Promise.all(hearings), timedOut]);
  } finally {
    clearTimeout(timer);
    for (const stop of stops) await stop();
  }
}
