/**
 * @module
 * The admin's calls for publishing at a given time (issue 34, item 3; decision 038): the
 * schedules pending or finished (`GET /functions/schedules`), one item's pending ones, making or
 * moving one (`schedule`) and cancelling it (`cancel-schedule`). Part of the content client
 * (`client.schedules`).
 */
import { z } from "zod";
import type { CallData } from "./data-call";
import type { DraftTable } from "./draft-client";

export type ScheduleAction = "publish" | "unpublish";

export const scheduleSchema = z.object({
  id: z.string(),
  table: z.enum(["projects", "faqs", "site_content"]),
  row_id: z.string(),
  action: z.enum(["publish", "unpublish"]),
  run_at: z.string(),
  /** The item's name when it was scheduled. */
  label: z.string(),
  state: z.enum(["pending", "done", "failed", "cancelled"]),
  /**
   * Why it did not run: NO_DRAFT, NO_ITEM, ITEM_CHANGED, DRAFT_CHANGED, INVALID_DRAFT,
   * DRAFT_DISCARDED or DRAFT_PUBLISHED (cancelled: the draft was thrown away or published by hand).
   */
  outcome: z.string().nullable(),
  created_by_id: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Schedule = z.output<typeof scheduleSchema>;

export function createScheduleCalls(callData: CallData) {
  return {
    /** What waits, soonest first; or what ran or was cancelled, most recent first. */
    list: (state: "pending" | "finished") =>
      callData("GET", "schedules", z.array(scheduleSchema), { query: { state } }),
    /** An item's pending schedules. */
    ofItem: (table: DraftTable, id: string) =>
      callData("GET", "schedules", z.array(scheduleSchema), {
        query: { state: "pending", table, id },
      }),
    /** Makes the schedule, or moves the time of the item's pending one of that action. */
    schedule: (table: DraftTable, id: string, action: ScheduleAction, runAt: Date) =>
      callData("POST", "schedule", scheduleSchema, {
        body: { table, id, action, run_at: runAt.toISOString() },
      }),
    cancel: (id: string) => callData("POST", "cancel-schedule", scheduleSchema, { body: { id } }),
  };
}

export type ScheduleCalls = ReturnType<typeof createScheduleCalls>;
