/**
 * Daily actives split as the reference does: on each day, `total` active users (or teams), of
 * which `new` were active for the first time ever that day, `retained` were also active the day
 * before, and `reactivated` came back after a gap (or were first seen in the window that day
 * without being new).
 * @module
 */
import { dayMs, type MetricsDataPoint } from "./metrics-window";

export interface ActivitySplit {
  total: MetricsDataPoint[];
  new: MetricsDataPoint[];
  retained: MetricsDataPoint[];
  reactivated: MetricsDataPoint[];
}

const previousDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - dayMs).toISOString().slice(0, 10);

/**
 * @param days the window, oldest first
 * @param activeDays distinct (entity, day) pairs; days outside the window are ignored
 * @param firstDays each entity's first active day, all time
 */
export function splitActivity(
  days: string[],
  activeDays: { id: string; day: string }[],
  firstDays: Map<string, string>,
): ActivitySplit {
  const inWindow = new Set(days);
  const daysById = new Map<string, string[]>();
  for (const { id, day } of activeDays) {
    if (!inWindow.has(day)) continue;
    const list = daysById.get(id) ?? [];
    list.push(day);
    daysById.set(id, list);
  }
  const counts = new Map(
    days.map((day) => [day, { total: 0, new: 0, retained: 0, reactivated: 0 }]),
  );
  for (const [id, list] of daysById) {
    list.sort();
    const first = firstDays.get(id) ?? list[0];
    list.forEach((day, index) => {
      const count = counts.get(day);
      if (!count) return;
      count.total += 1;
      if (first === day) count.new += 1;
      else if (index > 0 && list[index - 1] === previousDay(day)) count.retained += 1;
      else count.reactivated += 1;
    });
  }
  const series = (key: keyof ActivitySplit) =>
    days.map((date) => ({ date, activity: counts.get(date)?.[key] ?? 0 }));
  return {
    total: series("total"),
    new: series("new"),
    retained: series("retained"),
    reactivated: series("reactivated"),
  };
}
