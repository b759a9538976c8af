// Named prepared statements for PGlite (decision 049). PGlite's `query(sql, params)` sends Parse,
// Describe, Bind, Describe, Execute and Sync as six calls into its WebAssembly PostgreSQL, which
// parses and plans the statement anew every time: 225–377 µs for a one-row lookup by a unique
// index, against about 60 µs when the statement is parsed once under a name and each call is one
// Bind, Execute and Sync. PostgreSQL's own drivers keep such statements per connection; this is
// the same for PGlite's one connection.
//
// Plain JavaScript on purpose: the embedded database's worker thread (pglite-thread/worker.mjs)
// imports it, and a worker thread does not inherit the TypeScript loader of `npm start`.
import { parse, protocol } from "@electric-sql/pglite";

const { serialize } = protocol;

/** PostgreSQL's codes for a statement whose plan or existence changed under it. */
const FEATURE_NOT_SUPPORTED = "0A000"; // "cached plan must not change result type" after DDL
const INVALID_STATEMENT_NAME = "26000"; // the statement was closed (e.g. DEALLOCATE ALL)

/** How many statements are kept by default: the app's distinct statements fit several times. */
const defaultCapacity = 500;

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** What PGlite's own `query` adds to a database error: the statement, its values and options. */
function withQuery(error, sql, params, options) {
  if (error && typeof error === "object" && "code" in error) {
    error.query = sql;
    error.params = params;
    error.queryOptions = options;
  }
  return error;
}

/**
 * A statement cache over one PGlite instance. `query` runs a statement on its own, waiting for
 * any transaction under way as PGlite's `query` does; `queryInTransaction` runs one inside the
 * transaction that holds the database now (the caller's). Both answer what PGlite's `query`
 * answers: `{ rows, fields, affectedRows }`, parsed by the same parsers, with the same errors.
 *
 * The least recently used statement is closed once more than `capacity` are kept (statements
 * with lists of values, such as `in ($1, $2, …)`, are one per list length).
 *
 * @param {import("@electric-sql/pglite").PGlite} pglite
 * @param {{ capacity?: number }} [options]
 */
export function createStatementCache(pglite, { capacity = defaultCapacity } = {}) {
  /** @type {Map<string, { name: string, paramTypes: number[], rowDescription: unknown }>} */
  const statements = new Map();
  /** Names of statements dropped from the cache, closed with the next message sent. */
  let toClose = [];
  let nextName = 1;
  /** A caller's parsers over PGlite's, by the caller's object (see parsersFor). */
  const mergedParsers = new WeakMap();

  /**
   * PGlite's parsers with the caller's in front. PGlite's `parseResults` merges the two by
   * spreading both into a new object on every call: hundreds of type ids, 18 % of the embedded
   * database thread's time under refresh load (decision 049). Here the merge is made once per
   * parsers object the caller passes, and as an object whose prototype is PGlite's parsers, it
   * sees the array types PGlite adds to them later.
   */
  function parsersFor(options) {
    const own = options?.parsers;
    if (!own) return pglite.parsers;
    let merged = mergedParsers.get(own);
    if (!merged) {
      merged = Object.assign(Object.create(pglite.parsers), own);
      mergedParsers.set(own, merged);
    }
    return merged;
  }

  function forget(sql, statement) {
    if (statements.get(sql) === statement) statements.delete(sql);
    toClose.push(statement.name);
  }

  async function prepare(sql, options) {
    const name = `heritage_s${nextName++}`;
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.parse({ name, text: sql, types: options?.paramTypes }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    statements.set(sql, statement);
    if (statements.size > capacity) {
      const [oldestSql, oldest] = statements.entries().next().value;
      forget(oldestSql, oldest);
    }
    return statement;
  }

  /** Runs under PGlite's query lock (and its transaction lock when on its own). */
  async function run(sql, params, options, inTransaction, retried = false) {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last, so that the first entry is the one to drop.
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      try {
        statement = await prepare(sql, options);
      } catch (error) {
        throw withQuery(error, sql, params, options);
      }
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index];
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : value.toString();
    });
    const parts = toClose.map((name) => serialize.close({ type: "S", name }));
    toClose = [];
    parts.push(
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    );
    let messages;
    try {
      messages = await pglite.execProtocolStream(concat(parts), { syncToFs: false });
    } catch (error) {
      const stale =
        error?.code === INVALID_STATEMENT_NAME ||
        (error?.code === FEATURE_NOT_SUPPORTED && /cached plan/.test(String(error.message)));
      if (stale) forget(sql, statement);
      // On its own, a statement made stale by a change of schema is prepared again once; inside a
      // transaction the error has already aborted it, as it would on PostgreSQL.
      if (stale && !inTransaction && !retried) return run(sql, params, options, false, true);
      throw withQuery(error, sql, params, options);
    }
    if (!inTransaction) await pglite.syncToFs();
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
    return parse.parseResults(all, parsersFor(options), rowMode)[0];
  }

  return {
    /**
     * @param {string} sql
     * @param {unknown[]} [params]
     * @param {import("@electric-sql/pglite").QueryOptions} [options]
     */
    query(sql, params = [], options) {
      if (options?.blob) return pglite.query(sql, params, options);
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run(sql, params, options, false)),
      );
    },
    /**
     * @param {string} sql
     * @param {unknown[]} [params]
     * @param {import("@electric-sql/pglite").QueryOptions} [options]
     */
    queryInTransaction(sql, params = [], options) {
      return pglite._runExclusiveQuery(() => run(sql, params, options, true));
    },
    /** How many statements are kept now (for tests). */
    get size() {
      return statements.size;
    },
  };
}
