/**
 * The metrics window (contract §3.8, as the reference): the UTC days from 30 days before today to
 * today, 31 points, oldest first; series have a point for every day, zero when nothing happened.
 * @module
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export const metricsWindowDays = 30;
export const dayMs = 24 * 60 * 60 * 1000;

export interface MetricsDataPoint {
  date: string;
  activity: number;
}

export interface MetricsWindow {
  /** `YYYY-MM-DD` of every day of the window, oldest first. */
  days: string[];
  /** Start of the first day. */
  since: Date;
  /** Start of the day after today. */
  untilExclusive: Date;
}

/** `YYYY-MM-DD` of every UTC day from 30 days ago to today, oldest first. */
export function metricsDays(now: Date): string[] {
  return metricsWindow(now).days;
}

export function metricsWindow(now: Date): MetricsWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = today - metricsWindowDays * dayMs;
  return {
    days: Array.from({ length: metricsWindowDays + 1 }, (_, index) =>
      new Date(since + index * dayMs).toISOString().slice(0, 10),
    ),
    since: new Date(since),
    untilExclusive: new Date(today + dayMs),
  };
}

/** One point per day of the window from per-day counts (days outside the window are dropped). */
export function toSeries(
  days: string[],
  rows: Iterable<{ day: string; n: number | string }>,
): MetricsDataPoint[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, Number(row.n));
  return days.map((date) => ({ date, activity: byDay.get(date) ?? 0 }));
}

/** The UTC day of a timestamp column as `YYYY-MM-DD`, in SQL. */
export const utcDay = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** `part / whole` as a percentage with two decimals, capped at 100; 0 when `whole` is 0. */
export function percentage(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Number((Math.min(part / whole, 1) * 100).toFixed(2));
}
