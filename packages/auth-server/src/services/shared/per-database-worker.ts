/**
 * One background worker per database in a process (webhook deliveries, the e-mail queue): several
 * auth APIs built on one database (tests, or an app mounting two) share it, since more workers
 * would only race for the same rows. The first holder's options start it; the last release stops it.
 * @module
 */
import type { Database } from "@heritage/db";

/** A hold on the process's worker for one database; `release` is idempotent. */
export interface WorkerHold<Worker> {
  worker: Worker;
  /** The last release stops the worker and resolves when its pass under way is over. */
  release(): Promise<void>;
}

export interface PerDatabaseWorkers<Options extends { db: Database }, Worker> {
  hold(options: Options): WorkerHold<Worker>;
  /** The worker running for `db` in this process, if any holder has one. */
  running(db: Database): Worker | undefined;
}

export function perDatabaseWorkers<
  Options extends { db: Database },
  Worker extends { stop(): Promise<void> },
>(start: (options: Options) => Worker): PerDatabaseWorkers<Options, Worker> {
  const shared = new Map<Database, { worker: Worker; holders: number }>();
  return {
    hold(options) {
      let entry = shared.get(options.db);
      if (!entry) {
        entry = { worker: start(options), holders: 0 };
        shared.set(options.db, entry);
      }
      const held = entry;
      held.holders += 1;
      let released = false;
      return {
        worker: held.worker,
        async release() {
          if (released) return;
          released = true;
          held.holders -= 1;
          if (held.holders > 0) return;
          if (shared.get(options.db) === held) shared.delete(options.db);
          await held.worker.stop();
        },
      };
    },
    running: (db) => shared.get(db)?.worker,
  };
}
