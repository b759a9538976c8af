/**
 * @module
 * Publishing at a given time (issue 34, item 3; decision 038). A schedule says what happens to an
 * item at its time: `publish` publishes the item's draft, `unpublish` takes the item off the site
 * into the trash. Both run through the item's own write (its version check, revision, audit entry
 * and announcement), as the person who scheduled them, so at that time every process's page
 * cache turns over as for any save.
 *
 * The schedules live in the database: whichever process is up at a schedule's time runs it, also
 * one started after a restart that missed the time. `runNextDueSchedule` locks the schedule it
 * runs and skips those another process holds, and marks it done or failed in the write's own
 * transaction, so a schedule runs once, and a crash half-way leaves it pending for the next try.
 */
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { ZodError } from "zod";
import { ContentError } from "../content-errors";
import { type DraftableTable, publishingSchedules, type ScheduleAction } from "../db/schema";
import { recordAuditEntry } from "../revisions/audit-log";
import type { ContentActor } from "../revisions/content-writes";

export type PublishingSchedule = typeof publishingSchedules.$inferSelect;

/** Why a schedule did not run, as `outcome` keeps it (the admin words each). */
export const scheduleOutcomes = {
  /** The draft was published, discarded or never saved before the time. */
  noDraft: "NO_DRAFT",
  /** The item is gone (deleted, or in the trash). */
  noItem: "NO_ITEM",
  /** The live item was saved after the draft was based on it (a publish would overwrite it). */
  itemChanged: "ITEM_CHANGED",
  /** The draft was saved again while it was being published. */
  draftChanged: "DRAFT_CHANGED",
  /** Cancelled because its draft was discarded. */
  draftDiscarded: "DRAFT_DISCARDED",
  /** Cancelled because its draft was published by hand before the time. */
  draftPublished: "DRAFT_PUBLISHED",
  /** The draft's fields are no longer what a save takes (a field's rules changed since). */
  invalidDraft: "INVALID_DRAFT",
} as const;

/**
 * Schedules `action` on an item at `runAt`, or moves the time of the item's pending schedule of
 * that action (one per item and action). Recorded in the audit log (`content.schedule`).
 */
export async function schedulePublishing(
  db: Database,
  options: {
    table: DraftableTable;
    id: string;
    action: ScheduleAction;
    runAt: Date;
    label: string;
    actor: ContentActor | null;
  },
): Promise<PublishingSchedule> {
  const { actor } = options;
  return db.transaction(async (tx) => {
    const values = {
      run_at: options.runAt,
      label: options.label,
      created_by_id: actor?.id ?? null,
      created_by_name: actor?.name ?? null,
    };
    const [saved] = await tx
      .insert(publishingSchedules)
      .values({
        table_name: options.table,
        row_id: options.id,
        action: options.action,
        ...values,
      })
      .onConflictDoUpdate({
        target: [
          publishingSchedules.table_name,
          publishingSchedules.row_id,
          publishingSchedules.action,
        ],
        targetWhere: sql`${publishingSchedules.state} = 'pending'`,
        set: { ...values, created_at: sql`now()` },
      })
      .returning();
    if (!saved) throw new Error(`scheduling ${options.action} of ${options.table} returned no row`);
    await recordScheduleAction(tx, "content.schedule", saved, actor);
    return saved;
  });
}

/**
 * Schedules, the pending ones soonest first, or the finished ones (done, failed, cancelled) most
 * recent first; only an item's with `table` and `id`.
 */
export async function listSchedules(
  db: Database,
  filter: {
    state: "pending" | "finished";
    table?: DraftableTable | undefined;
    id?: string | undefined;
    limit?: number;
  },
): Promise<PublishingSchedule[]> {
  const pending = filter.state === "pending";
  return db
    .select()
    .from(publishingSchedules)
    .where(
      and(
        pending
          ? eq(publishingSchedules.state, "pending")
          : isNotNull(publishingSchedules.finished_at),
        filter.table ? eq(publishingSchedules.table_name, filter.table) : undefined,
        filter.id === undefined ? undefined : eq(publishingSchedules.row_id, filter.id),
      ),
    )
    .orderBy(
      pending ? asc(publishingSchedules.run_at) : desc(publishingSchedules.finished_at),
      asc(publishingSchedules.id),
    )
    .limit(filter.limit ?? 200);
}

/** The time of the soonest pending schedule, or null when none waits. */
export async function nextScheduleTime(db: Database): Promise<Date | null> {
  const [next] = await db
    .select({ run_at: publishingSchedules.run_at })
    .from(publishingSchedules)
    .where(eq(publishingSchedules.state, "pending"))
    .orderBy(asc(publishingSchedules.run_at))
    .limit(1);
  return next?.run_at ?? null;
}

/**
 * Cancels a pending schedule (recorded in the audit log as `content.unschedule`). Null when there
 * is no such schedule or it is no longer pending (it ran, or was cancelled).
 */
export async function cancelSchedule(
  db: Database,
  id: string,
  actor: ContentActor | null,
): Promise<PublishingSchedule | null> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(publishingSchedules)
      .set({ state: "cancelled", finished_at: sql`now()` })
      .where(and(eq(publishingSchedules.id, id), eq(publishingSchedules.state, "pending")))
      .returning();
    if (!cancelled) return null;
    await recordScheduleAction(tx, "content.unschedule", cancelled, actor);
    return cancelled;
  });
}

/** A schedule made, moved or cancelled, in the audit log (an actor-less call is not recorded). */
async function recordScheduleAction(
  tx: Database,
  action: "content.schedule" | "content.unschedule",
  schedule: PublishingSchedule,
  actor: ContentActor | null,
): Promise<void> {
  if (!actor) return;
  await recordAuditEntry(tx, {
    actor,
    action,
    target: { type: schedule.table_name, id: schedule.row_id, summary: schedule.label },
    details: { schedule_id: schedule.id, action: schedule.action, run_at: schedule.run_at },
  });
}

/**
 * Cancels the pending publish of an item's draft, there being nothing left for it to publish: the
 * draft was discarded, or published by hand (`outcome` says which).
 */
export async function cancelPendingPublish(
  tx: Database,
  table: DraftableTable,
  id: string,
  outcome: string = scheduleOutcomes.draftDiscarded,
): Promise<void> {
  await tx
    .update(publishingSchedules)
    .set({ state: "cancelled", outcome, finished_at: sql`now()` })
    .where(
      and(
        eq(publishingSchedules.table_name, table),
        eq(publishingSchedules.row_id, id),
        eq(publishingSchedules.action, "publish"),
        eq(publishingSchedules.state, "pending"),
      ),
    );
}

/** What a schedule's run did: done, or failed with the outcome to keep. */
export type ScheduleRun = { state: "done" } | { state: "failed"; outcome: string };

/**
 * Runs the soonest pending schedule due at `now`, if any: `run` performs its action on the
 * transaction (a savepoint of its own), and the schedule is marked done, or failed with the
 * outcome `run` gives or the refusal it throws (a `ContentError`, or a `ZodError` of the save's
 * input checks: the write's own rules said no, which a retry would not change). Any other error
 * (the database away for a moment) rolls everything back: the schedule stays pending for the next
 * try. Null when nothing is due (or what is due is being run elsewhere).
 */
export async function runNextDueSchedule(
  db: Database,
  now: Date,
  run: (tx: Database, schedule: PublishingSchedule) => Promise<ScheduleRun>,
): Promise<PublishingSchedule | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(publishingSchedules)
      .where(and(eq(publishingSchedules.state, "pending"), lte(publishingSchedules.run_at, now)))
      .orderBy(asc(publishingSchedules.run_at), asc(publishingSchedules.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    let result: ScheduleRun;
    try {
      result = await tx.transaction((inner) => run(inner, due));
    } catch (error) {
      if (error instanceof ZodError) {
        result = { state: "failed", outcome: scheduleOutcomes.invalidDraft };
      } else if (error instanceof ContentError) {
        result = { state: "failed", outcome: outcomeOf(error) };
      } else {
        throw error;
      }
    }
    const [finished] = await tx
      .update(publishingSchedules)
      .set({
        state: result.state,
        outcome: result.state === "failed" ? result.outcome : null,
        finished_at: now,
      })
      .where(eq(publishingSchedules.id, due.id))
      .returning();
    return finished ?? null;
  });
}

function outcomeOf(error: ContentError): string {
  if (error.code === "VERSION_CONFLICT") return scheduleOutcomes.itemChanged;
  if (error.code === "DRAFT_CHANGED") return scheduleOutcomes.draftChanged;
  return error.code;
}
