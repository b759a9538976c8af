/**
 * @module
 * Runs the publishing schedules (issue 34, item 3; decision 038) in this process: those due when
 * it starts (a time missed while no process was up), then whatever falls due. Each process polls
 * the database every `pollMs` (30 s by default), which is how a schedule made by another process,
 * or found after a restart, is run within a minute; and it arms a timer for the soonest pending
 * schedule it knows of, so one due before the next poll runs at its time. Several processes may
 * try the same schedule: one locks it and runs it, the others skip it (`runNextDueSchedule`).
 *
 * A schedule's action is the item's own write, as the person who scheduled it: `publish` is
 * publish-draft, `unpublish` is a delete (the item goes to the trash). The write announces
 * itself to every process through the database; this process's page cache is told at once too.
 */
import {
  ContentError,
  findDraft,
  nextScheduleTime,
  type PublishingSchedule,
  publishDraft,
  runNextDueSchedule,
  type ScheduleRun,
  scheduleOutcomes,
  writeContent,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { ContentTable } from "./content-tables";

export const DEFAULT_SCHEDULE_POLL_MS = 30_000;

export interface ScheduledPublisher {
  /** Runs every schedule due now; the schedules it finished (done or failed). */
  runDue(): Promise<PublishingSchedule[]>;
  /** A schedule was made or moved in this process: run it at its time, not at the next poll. */
  scheduledAt(runAt: Date): void;
  /** Resolves once no look at the schedules is under way (tests: a quiet database). */
  idle(): Promise<void>;
  /** Stops the timers; a run under way finishes. */
  close(): Promise<void>;
}

export interface ScheduledPublisherDeps {
  db: Database;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  tableOf: (name: string) => ContentTable;
  /** A schedule changed what pages show: this process's caches turn over at once. */
  onPublished: (table: ContentTable, operation: "update" | "delete", id: string) => void;
  /** 0: no timers (tests call `runDue`). */
  pollMs?: number;
  now?: () => Date;
}

/** The longest a timer may be set for (Node's limit is 2^31-1 ms; a poll comes sooner anyway). */
const longestTimerMs = 2 ** 31 - 1;

export function createScheduledPublisher(deps: ScheduledPublisherDeps): ScheduledPublisher {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? DEFAULT_SCHEDULE_POLL_MS;
  let closed = false;
  let running: Promise<PublishingSchedule[]> | null = null;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let dueTimer: { at: number; timer: NodeJS.Timeout } | undefined;

  async function perform(tx: Database, schedule: PublishingSchedule): Promise<ScheduleRun> {
    const table = deps.tableOf(schedule.table_name);
    const actor = schedule.created_by_id
      ? { id: schedule.created_by_id, name: schedule.created_by_name }
      : null;
    if (schedule.action === "publish") {
      const update = table.update;
      if (!update) throw new ContentError("METHOD_NOT_ALLOWED");
      if (!(await findDraft(tx, schedule.table_name, schedule.row_id))) {
        return { state: "failed", outcome: scheduleOutcomes.noDraft };
      }
      const published = await publishDraft(tx, {
        table: schedule.table_name,
        id: schedule.row_id,
        actor,
        write: (writeTx, values) => update(writeTx, values),
      });
      return published ? { state: "done" } : { state: "failed", outcome: scheduleOutcomes.noItem };
    }
    const remove = table.remove;
    if (!remove) throw new ContentError("METHOD_NOT_ALLOWED");
    const removed = await writeContent(tx, {
      table: table.name,
      operation: "delete",
      id: schedule.row_id,
      actor,
      write: (writeTx) => remove(writeTx, schedule.row_id),
    });
    return removed ? { state: "done" } : { state: "failed", outcome: scheduleOutcomes.noItem };
  }

  async function runAllDue(): Promise<PublishingSchedule[]> {
    const finished: PublishingSchedule[] = [];
    for (;;) {
      const schedule = await runNextDueSchedule(deps.db, now(), perform);
      if (!schedule) break;
      finished.push(schedule);
      if (schedule.state === "done") {
        deps.onPublished(
          deps.tableOf(schedule.table_name),
          schedule.action === "publish" ? "update" : "delete",
          schedule.row_id,
        );
        deps.logger.info(
          { schedule: schedule.id, table: schedule.table_name, id: schedule.row_id },
          `scheduled ${schedule.action} done`,
        );
      } else {
        deps.logger.info(
          { schedule: schedule.id, table: schedule.table_name, id: schedule.row_id },
          `scheduled ${schedule.action} failed: ${schedule.outcome}`,
        );
      }
    }
    return finished;
  }

  /** One run at a time in this process; a call during one asks for another after it. */
  function runDue(): Promise<PublishingSchedule[]> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        const finished = await runAllDue();
        while (again && !closed) {
          again = false;
          finished.push(...(await runAllDue()));
        }
        return finished;
      } finally {
        running = null;
        again = false;
      }
    })();
    return running;
  }

  function scheduledAt(runAt: Date): void {
    if (closed || pollMs === 0) return;
    const at = runAt.getTime();
    if (dueTimer && dueTimer.at <= at) return;
    if (dueTimer) clearTimeout(dueTimer.timer);
    const timer = setTimeout(
      () => {
        dueTimer = undefined;
        void tick();
      },
      Math.min(Math.max(at - now().getTime(), 0), longestTimerMs),
    );
    // Waiting schedules never keep the process alive.
    timer.unref();
    dueTimer = { at, timer };
  }

  let ticking: Promise<void> | null = null;
  /** Runs what is due, then arms the timer for the soonest schedule still to come. */
  function tick(): Promise<void> {
    if (closed) return Promise.resolve();
    const current = look().finally(() => {
      if (ticking === current) ticking = null;
    });
    ticking = current;
    return current;
  }
  async function look(): Promise<void> {
    try {
      // One read when nothing is due (most looks); the run's locking transaction only when it is.
      let next = await nextScheduleTime(deps.db);
      if (next && next <= now()) {
        await runDue();
        if (closed) return;
        next = await nextScheduleTime(deps.db);
      }
      // Still due after the run: another process holds it (or it waits for the database to come
      // back); the next poll looks again rather than a timer firing at once over and over.
      if (next && next > now()) scheduledAt(next);
    } catch (error) {
      // The database may be away for a moment: the next poll tries again.
      deps.logger.error({ err: error }, "scheduled publishing: could not run the schedules");
    }
  }

  if (pollMs > 0) {
    void tick();
    pollTimer = setInterval(() => void tick(), pollMs);
    pollTimer.unref();
  }

  return {
    runDue,
    scheduledAt,
    async idle() {
      while (ticking || running) await (ticking ?? running)?.catch(() => {});
    },
    async close() {
      closed = true;
      if (pollTimer) clearInterval(pollTimer);
      if (dueTimer) clearTimeout(dueTimer.timer);
      dueTimer = undefined;
      await ticking?.catch(() => {});
      await running?.catch(() => {});
    },
  };
}
