/**
 * The outbox as the reference's API shows it (`/emails/outbox`, server access): each message of
 * the project with its lifecycle status, and the edits allowed before it is sent (pause, resume,
 * reschedule, change its source, recipient, theme or variables, cancel).
 *
 * The reference keeps the status in generated columns; ours is one SQL expression over our columns
 * (`apiStatus`), read with every row and used to filter, so a listing and a filter cannot disagree.
 * `scheduled` and `queued` depend on the time of reading: a rendered message waits `scheduled`
 * until its time, then `queued` until a worker starts `sending` it. Mail a flow sends at once
 * (sign-in codes, ...) has no source: it appears as sent to its address, and cannot be edited.
 * Delivery tracking (opened, clicked, bounced, ...) needs a provider that reports it; SMTP does not,
 * so those statuses never occur (`can_have_delivery_info` is false).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, desc, eq, lte, or, type SQL, sql } from "drizzle-orm";
import { type EmailOutboxRow, emailOutbox, type OutboxRecipient } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { wakeEmailQueue } from "./email-queue";

export const outboxStatuses = [
  "paused",
  "preparing",
  "rendering",
  "render-error",
  "scheduled",
  "queued",
  "sending",
  "server-error",
  "skipped",
  "bounced",
  "delivery-delayed",
  "sent",
  "opened",
  "clicked",
  "marked-as-spam",
] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxSimpleStatuses = ["in-progress", "ok", "error"] as const;
export type OutboxSimpleStatus = (typeof outboxSimpleStatuses)[number];

/** The reference's editable statuses, as it names them in EMAIL_NOT_EDITABLE. */
const editableStatuses: readonly OutboxStatus[] = [
  "paused",
  "preparing",
  "rendering",
  "render-error",
  "scheduled",
  "queued",
  "server-error",
];

const t = emailOutbox;

/** The reference's status of each row at `now` (see the module comment). */
function apiStatusSql(now: Date): SQL<OutboxStatus> {
  return sql<OutboxStatus>`case
    when ${t.isPaused} then 'paused'
    when ${t.status} = 'skipped' then 'skipped'
    when ${t.status} = 'sent' then 'sent'
    when ${t.status} = 'failed' and ${t.renderError} is not null then 'render-error'
    when ${t.status} = 'failed' then 'server-error'
    when ${t.tsxSource} is null then 'sending'
    when ${t.startedRenderingAt} is null then 'preparing'
    when ${t.renderedAt} is null then 'rendering'
    when ${t.startedSendingAt} is not null then 'sending'
    when coalesce(${t.nextAttemptAt}, ${t.scheduledAt}, ${t.createdAt}) > ${now} then 'scheduled'
    else 'queued' end`;
}

function simpleStatusOf(status: OutboxStatus): OutboxSimpleStatus {
  if (status === "render-error" || status === "server-error" || status === "bounced") {
    return "error";
  }
  if (status === "skipped" || status === "sent" || status === "delivery-delayed") return "ok";
  if (status === "opened" || status === "clicked" || status === "marked-as-spam") return "ok";
  return "in-progress";
}

function statusesWithSimpleStatus(simple: OutboxSimpleStatus): OutboxStatus[] {
  return outboxStatuses.filter((status) => simpleStatusOf(status) === simple);
}

type OutboxRow = EmailOutboxRow & { apiStatus: OutboxStatus };

async function selectRows(
  deps: Pick<AuthDeps, "db" | "clock">,
  where: SQL | undefined,
  limit: number,
): Promise<OutboxRow[]> {
  const now = deps.clock();
  const rows = await deps.db
    .select({ row: t, apiStatus: apiStatusSql(now) })
    .from(t)
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.sequence))
    .limit(limit);
  return rows.map(({ row, apiStatus }) => ({ ...row, apiStatus }));
}

const millis = (date: Date | null | undefined) => (date ? date.getTime() : undefined);

/** One outbox entry in the reference's shape (its fields depend on the status). */
export function outboxItemOf(row: OutboxRow): Record<string, unknown> {
  const status = row.apiStatus;
  const to: Record<string, unknown> = row.recipient
    ? { type: row.recipient.type, user_id: row.recipient.user_id }
    : { type: "custom-emails", emails: [row.to] };
  // Flow mail is rendered when it is stored.
  const renderedAt = row.tsxSource === null ? row.createdAt : row.renderedAt;
  const startedRenderingAt = row.tsxSource === null ? row.createdAt : row.startedRenderingAt;
  const attemptErrors = row.sendAttemptErrors ?? [];
  const base: Record<string, unknown> = {
    id: row.id,
    created_at_millis: row.createdAt.getTime(),
    updated_at_millis: row.updatedAt.getTime(),
    tsx_source: row.tsxSource ?? "",
    theme_id: row.themeId,
    to,
    variables: row.variables ?? {},
    skip_deliverability_check: false,
    scheduled_at_millis: (row.scheduledAt ?? row.createdAt).getTime(),
    created_with: row.createdWith ?? "programmatic-call",
    email_draft_id: row.emailDraftId,
    email_programmatic_call_template_id: row.templateId,
    send_retries: attemptErrors.length,
    next_send_retry_at_millis:
      attemptErrors.length > 0 && row.status === "queued"
        ? (millis(row.nextAttemptAt) ?? null)
        : null,
    send_attempt_errors: attemptErrors.length > 0 ? attemptErrors : null,
    status,
    simple_status: simpleStatusOf(status),
    is_paused: status === "paused",
    has_rendered: false,
    has_delivered: false,
  };
  const hasRendered = renderedAt !== null && row.renderError === null;
  const rendered = hasRendered
    ? {
        started_rendering_at_millis: millis(startedRenderingAt ?? renderedAt),
        rendered_at_millis: renderedAt.getTime(),
        subject: row.subject,
        html: row.html,
        text: row.text,
        is_transactional: row.isTransactional ?? true,
        is_high_priority: row.isHighPriority,
        notification_category_id: row.notificationCategoryId,
        has_rendered: true,
      }
    : {};
  const startedSending = millis(row.startedSendingAt ?? row.sentAt ?? row.finishedSendingAt);
  switch (status) {
    case "paused":
    case "preparing":
      return base;
    case "rendering":
      return { ...base, started_rendering_at_millis: millis(startedRenderingAt) };
    case "render-error":
      return {
        ...base,
        started_rendering_at_millis: millis(startedRenderingAt),
        rendered_at_millis: millis(renderedAt),
        render_error: row.renderError ?? "Unknown render error",
      };
    case "scheduled":
    case "queued":
      return { ...base, ...rendered };
    case "sending":
      return {
        ...base,
        ...rendered,
        started_sending_at_millis: startedSending ?? millis(row.createdAt),
      };
    case "server-error":
      return {
        ...base,
        ...rendered,
        started_sending_at_millis: startedSending,
        error_at_millis: millis(row.finishedSendingAt ?? row.updatedAt),
        server_error: row.error ?? "Unknown send error",
      };
    case "skipped":
      return {
        ...base,
        ...rendered,
        has_rendered: hasRendered,
        skipped_at_millis: row.updatedAt.getTime(),
        skipped_reason: row.skippedReason ?? "UNKNOWN",
        skipped_details: row.skippedDetails ?? {},
        started_rendering_at_millis: millis(startedRenderingAt),
        started_sending_at_millis: millis(row.startedSendingAt),
      };
    default:
      return {
        ...base,
        ...rendered,
        started_sending_at_millis: startedSending,
        delivered_at_millis: millis(row.sentAt ?? row.finishedSendingAt ?? row.updatedAt),
        has_delivered: true,
        can_have_delivery_info: false,
      };
  }
}

export interface OutboxListQuery {
  status?: OutboxStatus | undefined;
  simpleStatus?: OutboxSimpleStatus | undefined;
  limit: number;
  /** The id of the first entry of the page (`pagination.next_cursor` of the page before). */
  cursor?: string | undefined;
}

/** A page of the project's outbox, newest first. An unknown cursor gives an empty page. */
export async function listOutboxEntries(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  query: OutboxListQuery,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const now = deps.clock();
  const conditions: SQL[] = [eq(t.projectId, projectId)];
  if (query.status) conditions.push(sql`${apiStatusSql(now)} = ${query.status}`);
  if (query.simpleStatus) {
    const statuses = statusesWithSimpleStatus(query.simpleStatus);
    conditions.push(
      sql`${apiStatusSql(now)} in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  if (query.cursor) {
    const [start] = await deps.db
      .select({ createdAt: t.createdAt, sequence: t.sequence })
      .from(t)
      .where(and(eq(t.projectId, projectId), eq(t.id, query.cursor)));
    if (!start) return { items: [], nextCursor: null };
    const atOrBefore = or(
      sql`${t.createdAt} < ${start.createdAt}`,
      and(eq(t.createdAt, start.createdAt), lte(t.sequence, start.sequence)),
    );
    if (atOrBefore) conditions.push(atOrBefore);
  }
  const rows = await selectRows(deps, and(...conditions), query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { items: page.map(outboxItemOf), nextCursor: rows[query.limit]?.id ?? null };
}

async function findRow(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  id: string,
): Promise<OutboxRow | null> {
  const [row] = await selectRows(deps, and(eq(t.projectId, projectId), eq(t.id, id)), 1);
  return row ?? null;
}

export async function getOutboxEntry(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  id: string,
): Promise<Record<string, unknown> | null> {
  const row = await findRow(deps, projectId, id);
  return row ? outboxItemOf(row) : null;
}

export interface OutboxEdit {
  tsxSource?: string | undefined;
  themeId?: string | null | undefined;
  to?: OutboxRecipient | undefined;
  variables?: Record<string, unknown> | undefined;
  scheduledAt?: Date | undefined;
  isPaused?: boolean | undefined;
  cancel?: boolean | undefined;
}

/**
 * Applies an edit to an entry that is still editable (the status is checked in the same UPDATE, so
 * a worker that starts sending meanwhile wins); null when the entry does not exist. A change of
 * what is rendered (source, theme, recipient, variables) starts rendering over. Throws
 * EMAIL_NOT_EDITABLE for an entry past the editable statuses, and for flow mail.
 */
export async function editOutboxEntry(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  id: string,
  edit: OutboxEdit,
): Promise<Record<string, unknown> | null> {
  const now = deps.clock();
  const changes: Partial<typeof emailOutbox.$inferInsert> = { updatedAt: now };
  let resume = false;
  if (edit.cancel) {
    Object.assign(changes, {
      isPaused: false,
      status: "skipped",
      skippedReason: "MANUALLY_CANCELLED",
      skippedDetails: {},
      nextAttemptAt: null,
    });
  } else {
    const rerender =
      edit.tsxSource !== undefined ||
      edit.themeId !== undefined ||
      edit.to !== undefined ||
      edit.variables !== undefined;
    if (edit.tsxSource !== undefined) changes.tsxSource = edit.tsxSource;
    if (edit.themeId !== undefined) changes.themeId = edit.themeId;
    if (edit.to !== undefined) changes.recipient = edit.to;
    if (edit.variables !== undefined) changes.variables = edit.variables;
    if (edit.scheduledAt !== undefined) changes.scheduledAt = edit.scheduledAt;
    if (rerender) {
      Object.assign(changes, {
        status: "queued",
        to: "",
        subject: "",
        html: "",
        text: "",
        startedRenderingAt: null,
        renderedAt: null,
        renderError: null,
        error: null,
        isTransactional: null,
        notificationCategoryId: null,
        startedSendingAt: null,
        finishedSendingAt: null,
        attemptCount: 0,
        sendAttemptErrors: null,
      });
    }
    if (edit.isPaused !== undefined) changes.isPaused = edit.isPaused;
    // A paused entry leaves the queue; anything else changed is due again (rendered first when its
    // rendering starts over, else at its scheduled time).
    resume = edit.isPaused !== true;
  }
  const editable = sql`${t.tsxSource} is not null and ${apiStatusSql(now)} in (${sql.join(
    editableStatuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set(changes)
      .where(and(eq(t.projectId, projectId), eq(t.id, id), editable))
      .returning({ id: t.id });
    if (!row) return false;
    if (!edit.cancel) {
      // Recomputed from the row as it now is: paused, or due for its next step.
      await tx
        .update(t)
        .set({
          nextAttemptAt: resume
            ? sql`case when ${t.isPaused} then null
                when ${t.status} <> 'queued' then null
                when ${t.renderedAt} is null then ${now}
                else coalesce(${t.scheduledAt}, ${now}) end`
            : null,
        })
        .where(eq(t.id, id));
    }
    return true;
  });
  const row = await findRow(deps, projectId, id);
  if (!row) return null;
  if (!updated) {
    throw knownErrors.emailNotEditable({
      email_id: row.id,
      status: row.apiStatus.toUpperCase().replace(/-/g, "_"),
    });
  }
  if (row.apiStatus !== "paused") wakeEmailQueue(deps.db);
  return outboxItemOf(row);
}
