/**
 * @module
 * Waiting for a database's change announcements (LISTEN/NOTIFY) to arrive, in tests that write
 * behind a server's back (straight into its database) and then expect the server to have heard.
 */
import type { DatabaseConnection } from "../connect";

/**
 * Resolves once every announcement on `channel` committed so far has reached each of
 * `connections`' listeners. PostgreSQL delivers notifications in commit order, and a connection
 * hands them to its listeners in arrival order, so a marker sent now is heard after the earlier
 * changes' own announcements. The marker is an announcement too: listeners that drop state on any
 * announcement (the page cache) drop it once more.
 */
export async function untilAnnounced(
  connections: readonly DatabaseConnection[],
  channel: string,
): Promise<void> {
  const marker = `test-marker-${Math.random()}`;
  const heard: Promise<void>[] = [];
  const stops = await Promise.all(
    [...new Set(connections)].map((connection) => {
      let hear = () => {};
      heard.push(new Promise<void>((resolve) => (hear = resolve)));
      return connection.listen(channel, (payload) => {
        if (payload === marker) hear();
      });
    }),
  );
  const [sender] = connections;
  if (sender) await sender.notify(channel, marker);
  await Promise.all(heard);
  for (const stop of stops) await stop();
}
