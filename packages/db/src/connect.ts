/**
 * @module
 * Opens the database: embedded PostgreSQL (PGlite) in a data directory by default, or a real
 * PostgreSQL server through a node-postgres pool when a connection URL is given. Both speak the
 * same dialect, so every module's Drizzle code runs unchanged on either.
 */
import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createStatementCache } from "./pglite-statements/statement-cache.mjs";
import { type PGliteThread, startPGliteThread } from "./pglite-thread/pglite-thread";

/**
 * What raw `execute()` returns on both engines: PGlite's `Results` and node-postgres's
 * `QueryResult` both carry the rows in `rows` (and the affected count in `affectedRows` /
 * `rowCount`, which differ, so use `.returning()` rather than counts).
 */
interface RowsResult<TRow> {
  rows: TRow[];
}

export interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>;
}

/** The Drizzle database every module writes against, whatever the engine underneath. */
export type Database = PgDatabase<RowsQueryResultHKT, Record<string, never>>;

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseEngine = "pglite" | "postgres";

export type NotificationHandler = (payload: string) => void;

/**
 * What a listener hears besides notifications. The listening connection to a PostgreSQL server
 * can be lost (a restart, a network cut, an administrator ending it); notifications sent
 * meanwhile are gone for good. A listener that keeps state in step with notifications must treat
 * everything as changed: stop trusting it when interrupted, start afresh when resumed.
 */
export interface ListenInterruptions {
  /** The listening connection was lost; it is re-established in the background. */
  onInterrupted?(error: Error | undefined): void;
  /** Listening again after an interruption; anything may have changed meanwhile. */
  onResumed?(): void;
}

export interface DatabaseConnection {
  db: Database;
  engine: DatabaseEngine;
  /**
   * Subscribes to a PostgreSQL notification channel; resolves to an unsubscribe function. A lost
   * listening connection is re-established (with back-off) and reported through `interruptions`.
   */
  listen(
    channel: string,
    handler: NotificationHandler,
    interruptions?: ListenInterruptions,
  ): Promise<() => Promise<void>>;
  /** Sends a notification to every listener, in this process and in others sharing the database. */
  notify(channel: string, payload: string): Promise<void>;
  /** Answers whether the database accepts a trivial query. */
  ping(): Promise<boolean>;
  /**
   * The connection pool's use right now (PostgreSQL only: PGlite is one connection in this
   * process, with no pool). `total` includes the connection that listens for notifications.
   */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle or in use). */
  total: number;
  /** Open connections no query is using. */
  idle: number;
  /** Queries waiting for a connection (the pool is at `max`). */
  waiting: number;
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
}

export interface ConnectOptions {
  /** A `postgres://` URL: when given, a pool to that server is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps an in-memory database. */
  dataDir?: string | undefined;
  /**
   * An already-open PGlite instance, used on this thread (tests load one from a prepared
   * template). Without one, PGlite is started on a worker thread (pglite-thread/), so that its
   * queries do not hold up the event loop.
   */
  pglite?: PGlite;
  /** Largest number of pooled connections to PostgreSQL. */
  poolSize?: number;
  /**
   * How long a query may wait for a pooled PostgreSQL connection, opening one included, before it
   * fails (default 30 s). Without a limit, an unreachable server or a pool whose connections all
   * hang holds every request up for good instead of failing it.
   */
  connectTimeoutMs?: number;
}

const channelPattern = /^[a-z_][a-z0-9_]*$/;

function assertChannelName(channel: string): void {
  // Channel names go into LISTEN statements, which cannot take bound parameters.
  if (!channelPattern.test(channel)) throw new Error(`Invalid notification channel "${channel}"`);
}

export async function connect(options: ConnectOptions = {}): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    return connectPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.connectTimeoutMs ?? defaultConnectTimeoutMs,
    );
  }
  return connectPglite(options);
}

async function connectPglite(options: ConnectOptions): Promise<DatabaseConnection> {
  let client: PGlite | PGliteThread | undefined = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await startPGliteThread({ dataDir: options.dataDir });
  }
  const pglite = client;
  // Drizzle's PGlite driver calls `query` and `transaction`, which the thread's stand-in offers
  // (its worker keeps prepared statements); an instance on this thread gets them here.
  const queryable = options.pglite ? withStatementCache(options.pglite) : pglite;
  const db = drizzlePglite({ client: queryable as PGlite }) as unknown as Database;
  return {
    db,
    engine: "pglite",
    async listen(channel, handler) {
      assertChannelName(channel);
      const unsubscribe = await pglite.listen(channel, handler);
      return unsubscribe;
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await pglite.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: () => pingDatabase(db),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * What Drizzle's PGlite driver uses of an instance on this thread (`query`, `transaction` and the
 * transaction's `query`), with statements parsed and planned once (decision 049).
 */
function withStatementCache(pglite: PGlite): Pick<PGlite, "query" | "transaction"> {
  const statements = createStatementCache(pglite);
  return {
    query: (sql, params, options) => statements.query(sql, params, options),
    transaction: (callback) =>
      pglite.transaction((tx) =>
        callback({
          ...tx,
          query: (sql, params, options) =>
            tx.closed
              ? Promise.reject(new Error("Transaction is closed"))
              : statements.queryInTransaction(sql, params, options),
          get closed() {
            return tx.closed;
          },
        }),
      ),
  };
}

/** How long to wait before re-establishing a lost listening connection: doubling, at most 5 s. */
const firstReconnectDelayMs = 100;
const maxReconnectDelayMs = 5_000;

interface Subscription {
  handler: NotificationHandler;
  interruptions: ListenInterruptions | undefined;
}

interface ChannelListeners {
  subscriptions: Set<Subscription>;
  /** The channel's `LISTEN` statement. */
  listening: Promise<unknown>;
}

const defaultConnectTimeoutMs = 30_000;

async function connectPostgres(
  databaseUrl: string,
  poolSize: number,
  connectTimeoutMs: number,
): Promise<DatabaseConnection> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePostgres(pool) as unknown as Database;
  let listenerClient: Promise<pg.PoolClient> | undefined;
  /**
   * Each subscribed channel's listeners, and its `LISTEN`, which every listener of the channel
   * waits for.
   */
  const channels = new Map<string, ChannelListeners>();
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const everySubscription = () =>
    [...channels.values()].flatMap(({ subscriptions }) => [...subscriptions]);

  // LISTEN and UNLISTEN go over the one listening client one after the other. Several caches
  // subscribe at start at once, and a pg client given a second query while one runs queues it
  // with a deprecation warning (pg 9 will refuse it).
  let listenerStatements: Promise<unknown> = Promise.resolve();
  function onListenerClient(client: pg.PoolClient, statement: string): Promise<unknown> {
    const run = listenerStatements.then(() => client.query(statement));
    listenerStatements = run.catch(() => {});
    return run;
  }

  // One listening connection per pool. The promise is kept, not the client: two listeners
  // starting at once (the page cache and the project cache) must share it. Keeping the client
  // only once connected let both connect, and the one forgotten was never released, so
  // pool.end() waited forever at shutdown.
  function ensureListenerClient(): Promise<pg.PoolClient> {
    listenerClient ??= pool.connect().then((clientForListening) => {
      clientForListening.on("notification", (message) => {
        for (const { handler } of channels.get(message.channel)?.subscriptions ?? []) {
          handler(message.payload ?? "");
        }
      });
      // A checked-out client's error has no other listener: without these the process would
      // crash on the first lost connection.
      clientForListening.on("error", (error) => listenerLost(clientForListening, error));
      clientForListening.on("end", () => listenerLost(clientForListening, undefined));
      return clientForListening;
    });
    return listenerClient;
  }

  const lostClients = new WeakSet<pg.PoolClient>();
  /** Gives a broken listening client back to the pool to be destroyed, once. */
  function discard(client: pg.PoolClient): void {
    if (lostClients.has(client)) return;
    lostClients.add(client);
    client.release(true);
  }
  function listenerLost(client: pg.PoolClient, error: Error | undefined): void {
    if (closed || lostClients.has(client)) return;
    discard(client);
    listenerClient = undefined;
    for (const { interruptions } of everySubscription()) interruptions?.onInterrupted?.(error);
    scheduleReconnect(firstReconnectDelayMs);
  }

  function scheduleReconnect(delayMs: number): void {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void reconnect(delayMs);
    }, delayMs);
    reconnectTimer.unref();
  }

  async function reconnect(delayMs: number): Promise<void> {
    if (closed) return;
    try {
      const client = await ensureListenerClient();
      for (const channel of channels.keys()) await onListenerClient(client, `LISTEN ${channel}`);
      if (closed) return;
      for (const { interruptions } of everySubscription()) interruptions?.onResumed?.();
    } catch {
      // The server is still away (or the new connection failed at once): try again later.
      const failed = listenerClient;
      listenerClient = undefined;
      void failed?.then(discard, () => {});
      scheduleReconnect(Math.min(delayMs * 2, maxReconnectDelayMs));
    }
  }

  // Fail at start, with the server's own message, rather than on the first request.
  await pingOrThrow(pool);

  return {
    db,
    engine: "postgres",
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async listen(channel, handler, interruptions) {
      assertChannelName(channel);
      const client = await ensureListenerClient();
      let entry = channels.get(channel);
      if (!entry) {
        const created: ChannelListeners = {
          subscriptions: new Set(),
          listening: onListenerClient(client, `LISTEN ${channel}`).catch((error: unknown) => {
            // Not listening after all: the next listener of the channel tries again.
            if (channels.get(channel) === created && created.subscriptions.size === 0) {
              channels.delete(channel);
            }
            throw error;
          }),
        };
        entry = created;
        channels.set(channel, created);
      }
      // Whoever started the channel's LISTEN, this listener hears only what is sent after it has
      // run: PostgreSQL never delivers an earlier notification. Returning before (as a second
      // listener of a channel once did) let a test's marker go out first and wait for ever.
      await entry.listening;
      const { subscriptions } = entry;
      const subscription = { handler, interruptions };
      subscriptions.add(subscription);
      return async () => {
        subscriptions.delete(subscription);
        if (subscriptions.size === 0 && channels.get(channel) === entry) {
          channels.delete(channel);
          const current = await listenerClient?.catch(() => undefined);
          if (current) await onListenerClient(current, `UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: () => pingDatabase(db),
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listenerClient;
      listenerClient = undefined;
      if (client) (await client.catch(() => undefined))?.release();
      await pool.end();
    },
  };
}

async function pingOrThrow(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select 1");
  } finally {
    client.release();
  }
}

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
