/**
 * A project's e-mail capacity (`GET /emails/delivery-info`, `POST /emails/capacity-boost`), the
 * reference's formula: a baseline per hour (`STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR`) plus four
 * times the last month's hourly average of sent mail, times a penalty for bounces and spam reports
 * (always 1 here: SMTP reports neither), never below a quarter of the baseline, times 4 while a
 * boost runs (4 hours, one at a time).
 *
 * The queue worker keeps to it (`capacityWait`): a project's queued message waits while the
 * project has sent its hourly capacity within the last hour. The reference meters the same rate
 * per second; a rolling hour lets a burst of up to an hour's capacity go at once.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { emailOutbox, projects } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";

const hourMs = 60 * 60_000;
const windowsMs = {
  hour: hourMs,
  day: 24 * hourMs,
  week: 7 * 24 * hourMs,
  month: 30 * 24 * hourMs,
};
const boostMultiplier = 4;
const boostDurationMs = 4 * hourMs;

export interface WindowStats {
  sent: number;
  bounced: number;
  marked_as_spam: number;
}
export type DeliveryStats = Record<keyof typeof windowsMs, WindowStats>;

export interface Capacity {
  rate_per_second: number;
  boost_multiplier: number;
  penalty_factor: number;
  is_boost_active: boolean;
  boost_expires_at: string | null;
}

/** When a message finished sending: queue mail records it, flow mail only its sent time. */
const finishedAt = sql`coalesce(${emailOutbox.finishedSendingAt}, ${emailOutbox.sentAt})`;

async function countSentSince(db: Database, projectId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.projectId, projectId),
        eq(emailOutbox.status, "sent"),
        sql`${finishedAt} > ${since}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Messages sent in the last hour, day, week and month (30 days); a send exactly that long ago is out. */
export async function deliveryStats(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
): Promise<DeliveryStats> {
  const now = deps.clock().getTime();
  const entries = await Promise.all(
    Object.entries(windowsMs).map(async ([key, ms]) => {
      const sent = await countSentSince(deps.db, projectId, new Date(now - ms));
      return [key, { sent, bounced: 0, marked_as_spam: 0 }] as const;
    }),
  );
  return Object.fromEntries(entries) as DeliveryStats;
}

function penaltyFactor(stats: WindowStats): number {
  if (stats.sent === 0) return 1;
  const failureRate = (stats.bounced + 50 * stats.marked_as_spam) / stats.sent;
  return Math.max(0.1, Math.min(1, 1 - failureRate));
}

export function computeCapacity(
  stats: DeliveryStats,
  baselinePerHour: number,
  boostExpiresAt: Date | null,
  now: Date,
): Capacity {
  const penalty = Math.min(
    penaltyFactor(stats.week),
    penaltyFactor(stats.day),
    penaltyFactor(stats.hour),
  );
  const hourlyBaseline = baselinePerHour + (4 * stats.month.sent) / 30 / 24;
  const ratePerHour = Math.max(hourlyBaseline * penalty, baselinePerHour / 4);
  const isBoostActive = boostExpiresAt !== null && boostExpiresAt > now;
  const multiplier = isBoostActive ? boostMultiplier : 1;
  return {
    rate_per_second: (ratePerHour / 60 / 60) * multiplier,
    boost_multiplier: multiplier,
    penalty_factor: penalty,
    is_boost_active: isBoostActive,
    boost_expires_at: boostExpiresAt?.toISOString() ?? null,
  };
}

async function boostExpiry(db: Database, projectId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: projects.emailCapacityBoostExpiresAt })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.expiresAt ?? null;
}

export async function deliveryInfo(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  baselinePerHour: number,
): Promise<{ stats: DeliveryStats; capacity: Capacity }> {
  const [stats, expiresAt] = await Promise.all([
    deliveryStats(deps, projectId),
    boostExpiry(deps.db, projectId),
  ]);
  return { stats, capacity: computeCapacity(stats, baselinePerHour, expiresAt, deps.clock()) };
}

/** Starts a 4-hour boost; EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE while one runs. */
export async function activateCapacityBoost(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
): Promise<Date> {
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + boostDurationMs);
  // One statement, so two calls at once cannot both start a boost.
  const [started] = await deps.db
    .update(projects)
    .set({ emailCapacityBoostExpiresAt: expiresAt })
    .where(
      and(
        eq(projects.id, projectId),
        or(
          isNull(projects.emailCapacityBoostExpiresAt),
          lte(projects.emailCapacityBoostExpiresAt, now),
        ),
      ),
    )
    .returning({ id: projects.id });
  if (!started) {
    const running = (await boostExpiry(deps.db, projectId)) ?? expiresAt;
    throw knownErrors.emailCapacityBoostAlreadyActive({ expires_at: running.toISOString() });
  }
  return expiresAt;
}

/**
 * How long a project's next queued message must wait for its capacity (0: it may go now): while
 * the project has sent a rolling hour's capacity, until the oldest of those sends is an hour old.
 */
export async function capacityWait(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  baselinePerHour: number,
): Promise<number> {
  const now = deps.clock();
  const { stats, capacity } = await deliveryInfo(deps, projectId, baselinePerHour);
  const perHour = Math.max(1, Math.floor(capacity.rate_per_second * 3600));
  if (stats.hour.sent < perHour) return 0;
  const [oldest] = await deps.db
    .select({ at: finishedAt })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.projectId, projectId),
        eq(emailOutbox.status, "sent"),
        sql`${finishedAt} > ${new Date(now.getTime() - hourMs)}`,
      ),
    )
    .orderBy(finishedAt)
    .offset(stats.hour.sent - perHour)
    .limit(1);
  const at = oldest?.at ? new Date(oldest.at as string | Date).getTime() : now.getTime();
  return Math.max(1_000, at + hourMs - now.getTime());
}
