/**
 * @module
 * The embedded database on a worker thread (./worker.mjs): what the server's main thread holds is
 * this stand-in, which offers the part of PGlite's interface that Drizzle's PGlite driver and
 * connect() use (`query`, `exec`, `transaction`, `listen`) and sends each call across. The main
 * thread then only posts a statement and receives its rows; PostgreSQL's planning, executing and
 * the decoding of rows happen beside the event loop (issue 15, decision 014).
 *
 * Statements run in the order they are sent, as on one PGlite connection; a transaction holds the
 * database until it ends (PGlite's own lock, in the worker), so statements from elsewhere wait.
 */
import { Worker } from "node:worker_threads";

/** What a statement answers, as PGlite gives it. */
export interface ThreadResults<Row = Record<string, unknown>> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface ThreadQueryOptions {
  rowMode?: "array" | "object";
  /** Only parsers that keep the text as it is can cross threads (Drizzle passes exactly those). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface ThreadQueryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<Row>>;
  exec(sql: string): Promise<ThreadResults[]>;
}

export interface PGliteThread extends ThreadQueryable {
  transaction<T>(callback: (tx: ThreadQueryable & { closed: boolean }) => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel; resolves to the way to unsubscribe. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** An error from the worker, with PostgreSQL's fields (`code`, `constraint`, ...) back on it. */
function reviveError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "embedded database error"));
  const { message: _message, stack, ...rest } = fields;
  Object.assign(error, rest);
  if (typeof stack === "string") error.stack = stack;
  return error;
}

/** The type ids whose parser returns its text unchanged; any other parser is refused. */
function identityTypesOf(parsers: ThreadQueryOptions["parsers"]): number[] {
  const types: number[] = [];
  for (const [type, parse] of Object.entries(parsers ?? {})) {
    const probe = "2026-01-01 00:00:00";
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`A parser for type ${type} cannot run on the database's thread`);
    }
    types.push(Number(type));
  }
  return types;
}

/**
 * Starts PGlite on a worker thread, in `dataDir` (kept on disk) or in memory. Resolves once the
 * database is open; rejects with PGlite's own error when it cannot open (e.g. a data directory
 * another process holds).
 */
export async function startPGliteThread(options: { dataDir?: string }): Promise<PGliteThread> {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), {
    workerData: { dataDir: options.dataDir },
  });
  const pending = new Map<number, Pending>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The embedded database stopped (${code})`)));
    worker.on("message", (message: { type?: string }) => {
      if (message.type === "ready") resolve();
    });
  });

  worker.on("message", (message: Record<string, unknown>) => {
    if (message.type === "notification") {
      for (const handler of channels.get(String(message.channel)) ?? []) {
        handler(String(message.payload ?? ""));
      }
      return;
    }
    if (typeof message.id !== "number") return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.error) call.reject(reviveError(message.error as Record<string, unknown>));
    else call.resolve(message.result);
  });
  const failAll = (error: Error) => {
    stopped = error;
    closed = true;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`The embedded database stopped (exit ${code})`)));

  await ready;

  function call<T>(message: Record<string, unknown>): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  function queryable(transactionId?: number): ThreadQueryable {
    return {
      query: async (sql, params = [], queryOptions = {}) =>
        call({
          type: "query",
          transactionId,
          sql,
          params,
          rowMode: queryOptions.rowMode,
          identityTypes: identityTypesOf(queryOptions.parsers),
        }),
      exec: async (sql) => call({ type: "exec", transactionId, sql }),
    };
  }

  return {
    ...queryable(),
    async transaction(callback) {
      const transactionId = await call<number>({ type: "begin" });
      const tx = { ...queryable(transactionId), closed: false };
      let value: Awaited<ReturnType<typeof callback>>;
      try {
        value = await callback(tx);
      } catch (error) {
        tx.closed = true;
        await call({ type: "rollback", transactionId }).catch(() => {});
        throw error;
      }
      tx.closed = true;
      await call({ type: "commit", transactionId });
      return value;
    },
    async listen(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
        await call({ type: "listen", channel });
      }
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0 && channels.get(channel) === handlers) {
          channels.delete(channel);
          if (!closed) await call({ type: "unlisten", channel });
        }
      };
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      await call({ type: "close" });
      closed = true;
      await worker.terminate();
    },
  };
}
