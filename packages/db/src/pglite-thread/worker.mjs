// The embedded database (PGlite) on its own thread. PGlite runs PostgreSQL compiled to WebAssembly
// on the thread that calls it; on the server's main thread every query (planning, executing and
// decoding rows) held up every request (issue 15: ~60% of the main thread's time under load on
// GET /users/me). Here it runs beside the event loop; pglite-thread.ts is the other end.
//
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader that `npm
// start` registers in the main thread.
//
// Messages in: { id, type, ... } with type open | query | exec | begin | commit | rollback |
// listen | unlisten | close. Messages out: { id, result } or { id, error }, and
// { type: "notification", channel, payload }.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { createStatementCache } from "../pglite-statements/statement-cache.mjs";

/** @type {PGlite} */
const pglite = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : {});
/** Statements are parsed and planned once, then only bound and executed (decision 049). */
const statements = createStatementCache(pglite);

/** Transactions under way, by id: PGlite's transaction object and how to end it. */
const transactions = new Map();
/** Channels listened to: channel -> PGlite's unsubscribe. */
const listening = new Map();
let nextTransactionId = 1;

const identity = (value) => value;

/** The fields of an error, own properties included (PostgreSQL's code, constraint, detail, ...). */
function serialiseError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    fields[key] = typeof value === "object" && value !== null ? String(value) : value;
  }
  return fields;
}

/** Parsers by the type ids they keep as text: one object per set, which the statement cache merges once. */
const parsersByTypes = new Map();

function queryOptions(message) {
  const types = message.identityTypes ?? [];
  const key = types.join(",");
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    // Only parsers that return the text unchanged cross threads (the ones Drizzle passes).
    parsers = Object.fromEntries(types.map((type) => [type, identity]));
    parsersByTypes.set(key, parsers);
  }
  return { rowMode: message.rowMode, parsers };
}

/** Where a statement runs: inside its transaction, or on its own. */
function runnerFor(message) {
  if (message.transactionId === undefined) return pglite;
  const open = transactions.get(message.transactionId);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

/** A statement with values, through the statement cache, inside its transaction or on its own. */
function query(message) {
  if (message.transactionId === undefined) {
    return statements.query(message.sql, message.params, queryOptions(message));
  }
  runnerFor(message); // refuses a closed transaction
  return statements.queryInTransaction(message.sql, message.params, queryOptions(message));
}

function result({ rows, fields, affectedRows }) {
  return { rows, fields, affectedRows };
}

const handlers = {
  async query(message) {
    return result(await query(message));
  },
  async exec(message) {
    const runner = runnerFor(message);
    return (await runner.exec(message.sql)).map(result);
  },
  begin() {
    const transactionId = nextTransactionId++;
    return new Promise((started, failedToStart) => {
      pglite
        .transaction(
          (tx) =>
            new Promise((commit, rollBack) => {
              transactions.set(transactionId, { tx, commit, rollBack, ended: undefined });
              started(transactionId);
            }),
        )
        .then(
          () => transactions.get(transactionId)?.ended?.resolve(),
          (error) => {
            const open = transactions.get(transactionId);
            if (!open) return failedToStart(error);
            // A rollback asked for ends well; a failed COMMIT is the caller's error.
            if (open.rollingBack) open.ended?.resolve();
            else open.ended?.reject(error);
          },
        )
        .finally(() => transactions.delete(transactionId));
    });
  },
  commit(message) {
    return endTransaction(message.transactionId, false);
  },
  rollback(message) {
    return endTransaction(message.transactionId, true);
  },
  async listen(message) {
    if (listening.has(message.channel)) return null;
    const unsubscribe = await pglite.listen(message.channel, (payload) =>
      parentPort.postMessage({ type: "notification", channel: message.channel, payload }),
    );
    listening.set(message.channel, unsubscribe);
    return null;
  },
  async unlisten(message) {
    const unsubscribe = listening.get(message.channel);
    listening.delete(message.channel);
    await unsubscribe?.();
    return null;
  },
  async close() {
    if (!pglite.closed) await pglite.close();
    return null;
  },
};

function endTransaction(transactionId, rollBack) {
  const open = transactions.get(transactionId);
  if (!open) return Promise.reject(new Error("Transaction is closed"));
  return new Promise((resolve, reject) => {
    open.ended = { resolve: () => resolve(null), reject };
    open.rollingBack = rollBack;
    if (rollBack) open.rollBack(new Error("rolled back"));
    else open.commit();
  });
}

parentPort.on("message", (message) => {
  const handle = handlers[message.type];
  Promise.resolve()
    .then(() => {
      if (!handle) throw new Error(`Unknown request "${message.type}"`);
      return handle(message);
    })
    .then(
      (value) => parentPort.postMessage({ id: message.id, result: value }),
      (error) => parentPort.postMessage({ id: message.id, error: serialiseError(error) }),
    )
    .finally(() => {
      if (message.type === "close") parentPort.close();
    });
});

parentPort.postMessage({ type: "ready" });
