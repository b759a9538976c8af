/**
 * Counts the statements a database connection sends, on both engines, to pin down how many round
 * trips a request costs. It wraps the driver underneath Drizzle (`db.$client`): a node-postgres
 * pool (its `query`, and `query` of the clients it lends for transactions) or a PGlite instance
 * (`query`, `exec`, and the queries of its transactions). Tests only.
 * @module
 */
import type { DatabaseConnection } from "@heritage/db";

export interface QueryCounter {
  /** Statements sent since the counter started or was last reset. */
  readonly count: number;
  /** The statements' SQL text, in order. */
  readonly statements: readonly string[];
  reset(): void;
  /** Puts the driver's own methods back. */
  stop(): void;
}

type QueryFunction = (...args: unknown[]) => unknown;
interface Queryable {
  query: QueryFunction;
}

const wrapped = Symbol("query counter");

function sqlTextOf(first: unknown): string {
  if (typeof first === "string") return first;
  if (typeof first === "object" && first !== null && "text" in first) return String(first.text);
  return String(first);
}

export function countQueries(connection: DatabaseConnection): QueryCounter {
  const statements: string[] = [];
  const restore: (() => void)[] = [];
  let active = true;

  function wrapMethod(target: object, method: string): void {
    const owner = target as Record<string | symbol, unknown>;
    const original = owner[method];
    if (typeof original !== "function" || (original as { [wrapped]?: true })[wrapped]) return;
    const counting = function (this: unknown, ...args: unknown[]) {
      if (active) statements.push(sqlTextOf(args[0]));
      return (original as QueryFunction).apply(this, args);
    };
    Object.assign(counting, { [wrapped]: true });
    owner[method] = counting;
    restore.push(() => {
      owner[method] = original;
    });
  }

  const client = (connection.db as unknown as { $client: Record<string, unknown> }).$client;
  wrapMethod(client, "query");
  if (connection.engine === "pglite") {
    wrapMethod(client, "exec");
    const transaction = client.transaction as (callback: (tx: Queryable) => unknown) => unknown;
    client.transaction = (callback: (tx: Queryable) => unknown) =>
      transaction.call(client, (tx: Queryable) => {
        wrapMethod(tx, "query");
        wrapMethod(tx, "exec");
        return callback(tx);
      });
    restore.push(() => {
      client.transaction = transaction;
    });
  } else {
    // The pool's own `query` borrows a client with a callback (already counted above); Drizzle's
    // transactions borrow one with a promise, whose queries count until it is released.
    const connect = client.connect as (...args: unknown[]) => unknown;
    client.connect = (...args: unknown[]) => {
      if (args.length > 0) return connect.apply(client, args);
      return (connect.call(client) as Promise<Queryable & { release: QueryFunction }>).then(
        (lent) => {
          const { query, release } = lent;
          lent.query = (...queryArgs: unknown[]) => {
            if (active) statements.push(sqlTextOf(queryArgs[0]));
            return query.apply(lent, queryArgs);
          };
          lent.release = (...releaseArgs: unknown[]) => {
            lent.query = query;
            lent.release = release;
            return release.apply(lent, releaseArgs);
          };
          return lent;
        },
      );
    };
    restore.push(() => {
      client.connect = connect;
    });
  }

  return {
    get count() {
      return statements.length;
    },
    statements,
    reset() {
      statements.length = 0;
    },
    stop() {
      active = false;
      for (const undo of restore.reverse()) undo();
    },
  };
}
