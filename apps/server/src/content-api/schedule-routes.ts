/**
 * @module
 * Publishing at a given time through the content API (issue 34, item 3; decision 038;
 * `@heritage/content`'s schedules/ has the rules, scheduled-publisher.ts runs them):
 *
 * - `GET /functions/schedules?state=pending|finished` (`&table=&id=` for one item's): the
 *   pending ones soonest first, or the finished ones (done, failed with why, cancelled).
 * - `POST /functions/schedule` `{table, id, action, run_at}`: `publish` publishes the item's draft
 *   at `run_at`, `unpublish` moves a project or FAQ item to the trash then. Scheduling the same
 *   action of an item again moves its time.
 * - `POST /functions/cancel-schedule` `{id}`.
 *
 * Editors may schedule: publishing a draft and deleting a project or FAQ item are theirs now too.
 */
import { describeRoute } from "@heritage/auth-server";
import {
  type ContentActor,
  ContentError,
  cancelSchedule,
  type DraftableTable,
  draftableTables,
  findDraft,
  listSchedules,
  type PublishingSchedule,
  rowLabel,
  scheduleActions,
  schedulePublishing,
  selectRows,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { checkQueryText, readJsonObject, respondWithData, respondWithError } from "./api-response";

export interface ScheduleRouteDeps {
  db: Database;
  authorize: (c: Context) => Promise<{ actor: ContentActor | null } | { refusal: Response }>;
  limitBody: MiddlewareHandler;
  /** A schedule was made or moved: this process runs it at its time. */
  scheduledAt: (runAt: Date) => void;
  clock: () => Date;
}

/** How far ahead a schedule may be (a typo of the year should not wait for ever). */
const furthestAheadMs = 5 * 366 * 24 * 60 * 60 * 1000;
/** A time a little in the past (the editor's clock, the request's way) is taken as "now". */
const pastToleranceMs = 60_000;

export const scheduleBody = z.strictObject({
  table: z.enum(draftableTables, { error: "table must be projects, faqs or site_content" }),
  id: z.string().trim().min(1, "The id is required").max(200),
  action: z.enum(scheduleActions, { error: "action must be publish or unpublish" }),
  run_at: z.iso
    .datetime({ offset: true, error: "run_at must be a date and time with its offset (ISO 8601)" })
    .meta({ description: "When, e.g. 2026-12-24T09:00:00+01:00" }),
});
export const cancelScheduleBody = z.strictObject({
  id: z.uuid({ error: "id must be a schedule's id" }),
});
export const schedulesQuery = z.object({
  state: z
    .enum(["pending", "finished"])
    .optional()
    .meta({ description: "pending (default): soonest first; finished: most recent first" }),
  table: z.enum(draftableTables).optional().meta({ description: "Only this table's" }),
  id: z.string().min(1).optional().meta({ description: "Only this item's (with table)" }),
});

/** A schedule as the API sends it. */
export function presentSchedule(schedule: PublishingSchedule) {
  return {
    id: schedule.id,
    table: schedule.table_name,
    row_id: schedule.row_id,
    action: schedule.action,
    run_at: schedule.run_at,
    label: schedule.label,
    state: schedule.state,
    outcome: schedule.outcome,
    created_by_id: schedule.created_by_id,
    created_by_name: schedule.created_by_name,
    created_at: schedule.created_at,
    finished_at: schedule.finished_at,
  };
}

function refused(field: string, message: string): ContentError {
  return new ContentError("VALIDATION_FAILED", `${field}: ${message}`, {
    fields: [{ field, message }],
  });
}

async function liveRow(db: Database, table: DraftableTable, id: string) {
  const [row] = await selectRows(db, table, {
    filters: [{ column: "id", operator: "eq", value: id }],
    limit: 1,
  });
  return (row as Record<string, unknown> | undefined) ?? null;
}

export function addScheduleRoutes(app: Hono, deps: ScheduleRouteDeps): void {
  app.get(
    "/schedules",
    describeRoute({
      summary: "Scheduled publishing: pending or finished",
      description:
        "Answers `{ data: [{ id, table, row_id, action, run_at, label, state, outcome, created_by_id, created_by_name, created_at, finished_at }] }`. `state=pending` (the default) lists what waits, soonest first; `state=finished` what ran (`done`, or `failed` with `outcome`: NO_DRAFT, NO_ITEM, ITEM_CHANGED, DRAFT_CHANGED, INVALID_DRAFT) or was `cancelled`, most recent first (200 at most).",
      callers: ["site-admin"],
      query: schedulesQuery,
    }),
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const url = new URL(c.req.url);
      checkQueryText(url);
      const parsed = schedulesQuery.safeParse(Object.fromEntries(url.searchParams));
      const extra = [...url.searchParams.keys()].filter(
        (key) => key !== "state" && key !== "table" && key !== "id",
      );
      if (!parsed.success || extra.length > 0) {
        throw new ContentError(
          "INVALID_QUERY",
          "schedules takes state (pending or finished), table (projects, faqs or site_content) and id",
        );
      }
      const { state = "pending", table, id } = parsed.data;
      const schedules = await listSchedules(deps.db, { state, table, id });
      return respondWithData(c, schedules.map(presentSchedule));
    },
  );

  app.post(
    "/schedule",
    describeRoute({
      summary: "Publish an item's draft, or unpublish an item, at a given time",
      description:
        "`publish` publishes the item's draft at `run_at` as publish-draft would (refused with 409 NO_DRAFT when it has none now); `unpublish` moves a project or FAQ item to the trash at `run_at` (page sections cannot be unpublished). Each runs as the caller, with the item's revision and audit entry, and every process's pages change within a minute of the time. Scheduling the same action of an item again moves its time. 400 for a time in the past or more than five years ahead; 404 PGRST116 for an item that does not exist. Answers the schedule.",
      callers: ["site-admin"],
      body: scheduleBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const body = scheduleBody.parse(await readJsonObject(c));
      const runAt = new Date(body.run_at);
      const now = deps.clock().getTime();
      if (runAt.getTime() < now - pastToleranceMs) {
        throw refused("run_at", "The time has passed: choose a time in the future");
      }
      if (runAt.getTime() > now + furthestAheadMs) {
        throw refused("run_at", "Choose a time within the next five years");
      }
      if (body.action === "unpublish" && body.table === "site_content") {
        throw refused("action", "Page sections cannot be unpublished, only changed");
      }
      const live = await liveRow(deps.db, body.table, body.id);
      let label: string;
      if (body.action === "publish") {
        const draft = await findDraft(deps.db, body.table, body.id);
        if (!draft) throw new ContentError("NO_DRAFT");
        label = rowLabel({ ...(live ?? {}), ...draft.data, id: body.id });
      } else {
        if (!live) return respondWithError(c, new ContentError("NO_ROWS"));
        label = rowLabel(live);
      }
      const schedule = await schedulePublishing(deps.db, {
        table: body.table,
        id: body.id,
        action: body.action,
        runAt,
        label,
        actor: access.actor,
      });
      deps.scheduledAt(schedule.run_at);
      return respondWithData(c, presentSchedule(schedule));
    },
  );

  app.post(
    "/cancel-schedule",
    describeRoute({
      summary: "Cancel a pending schedule",
      description:
        "The item stays as it is. Answers the schedule, now `cancelled`; 404 PGRST116 when there is no such schedule or it is no longer pending (it ran, or was cancelled).",
      callers: ["site-admin"],
      body: cancelScheduleBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const body = cancelScheduleBody.parse(await readJsonObject(c));
      const cancelled = await cancelSchedule(deps.db, body.id, access.actor);
      if (!cancelled) return respondWithError(c, new ContentError("NO_ROWS"));
      return respondWithData(c, presentSchedule(cancelled));
    },
  );
}
