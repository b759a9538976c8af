/**
 * @module
 * Opens the database: embedded PostgreSQL (PGlite) in a data directory by default, or a real
 * PostgreSQL server through a node-postgres pool when a connection URL is given. Both speak the
 * same dialect, so every module's Drizzle code runs unchanged on either.
 */
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

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

export interface DatabaseConnection {
  db: Database;
  engine: DatabaseEngine;
  /** Subscribes to a PostgreSQL notification channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Sends a notification to every listener, in this process and in others sharing the database. */
  notify(channel: string, payload: string): Promise<void>;
  /** Answers whether the database accepts a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A `postgres://` URL: when given, a pool to that server is used instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps an in-memory database. */
  dataDir?: string | undefined;
  /** An already-open PGlite instance (tests load one from a prepared template). */
  pglite?: PGlite;
  /** Largest number of pooled connections to PostgreSQL. */
  poolSize?: number;
}

const channelPattern = /^[a-z_][a-z0-9_]*$/;

function assertChannelName(channel: string): void {
  // Channel names go into LISTEN statements, which cannot take bound parameters.
  if (!channelPattern.test(channel)) throw new Error(`Invalid notification channel "${channel}"`);
}

export async function connect(options: ConnectOptions = {}): Promise<DatabaseConnection> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10);
  return connectPglite(options);
}

async function connectPglite(options: ConnectOptions): Promise<DatabaseConnection> {
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  }
  const pglite = client;
  const db = drizzlePglite(pglite) as unknown as Database;
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

async function connectPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePostgres(pool) as unknown as Database;
  let listenerClient: Promise<pg.PoolClient> | undefined;
  const handlers = new Map<string, Set<NotificationHandler>>();

  // One listening connection per pool. The promise is kept, not the client: two listeners
  // starting at once (the page cache and the project cache) must share it. Keeping the client
  // only once connected let both connect, and the one forgotten was never released, so
  // pool.end() waited forever at shutdown.
  function ensureListenerClient(): Promise<pg.PoolClient> {
    listenerClient ??= pool.connect().then((clientForListening) => {
      clientForListening.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      return clientForListening;
    });
    return listenerClient;
  }

  // Fail at start, with the server's own message, rather than on the first request.
  await pingOrThrow(pool);

  return {
    db,
    engine: "postgres",
    async listen(channel, handler) {
      assertChannelName(channel);
      const client = await ensureListenerClient();
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(channel, channelHandlers);
        await client.query(`LISTEN ${channel}`);
      }
      channelHandlers.add(handler);
      return async () => {
        channelHandlers.delete(handler);
        if (channelHandlers.size === 0) {
          handlers.delete(channel);
          await client.query(`UNLISTEN ${channel}`);
        }
      };
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: () => pingDatabase(db),
    async close() {
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
