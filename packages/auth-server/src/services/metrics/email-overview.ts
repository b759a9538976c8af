/**
 * `email_overview` of `GET /internal/metrics`, from the project's rows in `auth.email_outbox`.
 * Our outbox knows four states; they map onto the reference's simple statuses as `sent` → `ok`,
 * `failed` → `error`, `queued` → `in-progress` (without SMTP, e-mails stay queued), `skipped` → `ok`,
 * and onto its detailed statuses as `SENT`, `SERVER_ERROR`, `QUEUED` and `SKIPPED`. `emails_sent` counts e-mails whose
 * sending finished (sent or failed), as the reference. SMTP reports no delivery, bounce or click,
 * so, as the reference for e-mails without delivery information, `delivered`, `bounced` and their
 * rates are 0.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, count, desc, eq, gte } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import { type MetricsDataPoint, type MetricsWindow, percentage, utcDay } from "./metrics-window";

/** As the reference: the newest e-mails listed. */
const recentEmailsCount = 100;

type OutboxStatus = "queued" | "sent" | "failed" | "skipped";
const simpleStatusOf = {
  sent: "ok",
  failed: "error",
  queued: "in-progress",
  skipped: "ok",
} as const;
const detailedStatusOf = {
  sent: "SENT",
  failed: "SERVER_ERROR",
  queued: "QUEUED",
  skipped: "SKIPPED",
} as const;

export interface EmailOverview {
  emails_by_status: Record<string, number>;
  total_emails: number;
  daily_emails: MetricsDataPoint[];
  daily_emails_by_status: { date: string; ok: number; error: number; in_progress: number }[];
  emails_sent: number;
  recent_emails: { id: string; status: string; subject: string; created_at_millis: number }[];
  deliverability_status: { delivered: number; bounced: number; error: number; in_progress: number };
  deliverability_rate: number;
  bounce_rate: number;
  click_rate: number;
}

export async function loadEmailOverview(
  db: Database,
  projectId: string,
  window: MetricsWindow,
): Promise<EmailOverview> {
  const ofProject = eq(emailOutbox.projectId, projectId);
  const byStatus = await db
    .select({ status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .where(ofProject)
    .groupBy(emailOutbox.status);
  const day = utcDay(emailOutbox.createdAt);
  const byDayAndStatus = await db
    .select({ day, status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .where(and(ofProject, gte(emailOutbox.createdAt, window.since)))
    .groupBy(day, emailOutbox.status);
  const recent = await db
    .select({
      id: emailOutbox.id,
      status: emailOutbox.status,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(ofProject)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.sequence))
    .limit(recentEmailsCount);

  const countOf = (status: OutboxStatus) =>
    Number(byStatus.find((row) => row.status === status)?.n ?? 0);
  // Only statuses that occur, as the reference.
  const emailsByStatus: Record<string, number> = {};
  for (const status of ["sent", "failed", "queued", "skipped"] as const) {
    const key = simpleStatusOf[status];
    if (countOf(status) > 0) emailsByStatus[key] = (emailsByStatus[key] ?? 0) + countOf(status);
  }
  const perDay = new Map(window.days.map((date) => [date, { ok: 0, error: 0, in_progress: 0 }]));
  for (const row of byDayAndStatus) {
    const entry = perDay.get(row.day);
    if (!entry) continue;
    const key =
      row.status === "sent" || row.status === "skipped"
        ? "ok"
        : row.status === "failed"
          ? "error"
          : "in_progress";
    entry[key] += Number(row.n);
  }
  const finishedSending = countOf("sent") + countOf("failed");
  const delivered = 0;
  const bounced = 0;
  const clicked = 0;

  return {
    emails_by_status: emailsByStatus,
    total_emails: countOf("sent") + countOf("failed") + countOf("queued") + countOf("skipped"),
    daily_emails: window.days.map((date) => {
      const entry = perDay.get(date);
      return { date, activity: entry ? entry.ok + entry.error + entry.in_progress : 0 };
    }),
    daily_emails_by_status: window.days.map((date) => ({
      date,
      ...(perDay.get(date) ?? { ok: 0, error: 0, in_progress: 0 }),
    })),
    emails_sent: finishedSending,
    recent_emails: recent.map((email) => ({
      id: email.id,
      status: detailedStatusOf[email.status],
      subject: email.subject || "(no subject)",
      created_at_millis: email.createdAt.getTime(),
    })),
    deliverability_status: {
      delivered,
      bounced,
      error: countOf("failed"),
      in_progress: countOf("queued"),
    },
    deliverability_rate: percentage(delivered, finishedSending),
    bounce_rate: percentage(bounced, finishedSending),
    click_rate: percentage(clicked, finishedSending),
  };
}
