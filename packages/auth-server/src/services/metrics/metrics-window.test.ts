/**
 * The metrics' pure parts (contract §3.8): the 31-day UTC window and its series, percentages, the
 * daily split into new, retained and reactivated, recurring prices, and the analytics overview
 * built from the activity record. Inputs outside the window or malformed are left out, never
 * counted and never an error.
 */
import { describe, expect, it } from "vitest";
import { splitActivity } from "./activity-split";
import { buildAnalyticsOverview } from "./analytics-overview";
import { metricsWindow, percentage, toSeries } from "./metrics-window";
import { hasRecurringPrice } from "./payments-overview";

const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"];
const seriesOf = (values: number[]) =>
  days.map((date, index) => ({ date, activity: values[index] ?? 0 }));

describe("the metrics window and its series (happy)", () => {
  it("covers the 31 UTC days up to today, whatever the time of day", () => {
    const noon = metricsWindow(new Date("2026-03-10T12:00:00.000Z"));
    expect(noon.days).toHaveLength(31);
    expect(noon.days[0]).toBe("2026-02-08");
    expect(noon.days.at(-1)).toBe("2026-03-10");
    expect(noon.since.toISOString()).toBe("2026-02-08T00:00:00.000Z");
    expect(noon.untilExclusive.toISOString()).toBe("2026-03-11T00:00:00.000Z");
    expect(metricsWindow(new Date("2026-03-10T23:59:59.999Z"))).toEqual(noon);
    expect(metricsWindow(new Date("2026-03-11T00:00:00.000Z")).days.at(-1)).toBe("2026-03-11");
    // A leap day is one of the days, and the days are consecutive.
    const leap = metricsWindow(new Date("2024-03-05T08:00:00.000Z")).days;
    expect(leap).toContain("2024-02-29");
    expect(new Set(leap).size).toBe(31);
  });

  it("gives every day a point, zero where nothing happened, counts read as numbers", () => {
    expect(
      toSeries(days, [
        { day: "2026-03-02", n: "3" },
        { day: "2026-03-05", n: 1 },
      ]),
    ).toEqual(seriesOf([0, 3, 0, 0, 1]));
  });

  it("splits daily actives into new, retained and reactivated", () => {
    const split = splitActivity(
      days,
      [
        // New on the 1st, retained on the 2nd, back after a gap on the 4th.
        { id: "a", day: "2026-03-01" },
        { id: "a", day: "2026-03-02" },
        { id: "a", day: "2026-03-04" },
        // First seen before the window: reactivated on its first day in it, then retained.
        { id: "b", day: "2026-03-03" },
        { id: "b", day: "2026-03-04" },
        // New on the 5th.
        { id: "c", day: "2026-03-05" },
      ],
      new Map([
        ["a", "2026-03-01"],
        ["b", "2026-01-15"],
        ["c", "2026-03-05"],
      ]),
    );
    expect(split).toEqual({
      total: seriesOf([1, 1, 1, 2, 1]),
      new: seriesOf([1, 0, 0, 0, 1]),
      retained: seriesOf([0, 1, 0, 1, 0]),
      reactivated: seriesOf([0, 0, 1, 1, 0]),
    });
  });

  it("counts anonymous visitors per day and in all from the activity record, nothing else", () => {
    const window = metricsWindow(new Date("2026-03-10T12:00:00.000Z"));
    const overview = buildAnalyticsOverview(window, [
      { id: "anon-1", isAnonymous: true, day: "2026-03-09" },
      { id: "anon-1", isAnonymous: true, day: "2026-03-10" },
      { id: "anon-2", isAnonymous: true, day: "2026-03-10" },
      { id: "known", isAnonymous: false, day: "2026-03-10" },
      // Before the window.
      { id: "anon-3", isAnonymous: true, day: "2026-01-01" },
    ]);
    expect(overview.anonymous_visitors_fallback).toBe(2);
    const fallback = overview.daily_anonymous_visitors_fallback;
    expect(fallback).toHaveLength(31);
    expect(fallback.slice(-2)).toEqual([
      { date: "2026-03-09", activity: 1 },
      { date: "2026-03-10", activity: 2 },
    ]);
    expect(fallback.slice(0, -2).every((point) => point.activity === 0)).toBe(true);
    expect(overview.daily_page_views.every((point) => point.activity === 0)).toBe(true);
    expect(overview.daily_revenue[0]).toEqual({
      date: "2026-02-08",
      new_cents: 0,
      refund_cents: 0,
    });
    expect(overview).toMatchObject({ visitors: 0, total_revenue_cents: 0, top_region: null });
  });
});

describe("the metrics window and its series (error)", () => {
  it("drops days outside the window from series and splits", () => {
    expect(
      toSeries(days, [
        { day: "2026-02-28", n: 7 },
        { day: "2026-03-06", n: 7 },
        { day: "not a day", n: 7 },
      ]),
    ).toEqual(seriesOf([0, 0, 0, 0, 0]));
    const split = splitActivity(
      days,
      [
        { id: "late", day: "2026-03-09" },
        { id: "early", day: "2026-02-27" },
      ],
      new Map([
        ["late", "2026-03-09"],
        ["early", "2026-02-27"],
      ]),
    );
    expect(split.total).toEqual(seriesOf([0, 0, 0, 0, 0]));
    // Without a first day on record, the first day in the window counts as new.
    const unknown = splitActivity(days, [{ id: "x", day: "2026-03-03" }], new Map());
    expect(unknown.new).toEqual(seriesOf([0, 0, 1, 0, 0]));
  });

  it("answers 0 for an empty or negative whole, and caps at 100", () => {
    expect(percentage(5, 0)).toBe(0);
    expect(percentage(5, -2)).toBe(0);
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(9, 4)).toBe(100);
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
  });

  it("takes only prices with an interval as recurring, and malformed prices as one-time", () => {
    expect(hasRecurringPrice({ monthly: { USD: "9.99", interval: [1, "month"] } })).toBe(true);
    expect(
      hasRecurringPrice({ once: { USD: "5" }, yearly: { USD: "50", interval: [1, "year"] } }),
    ).toBe(true);
    expect(hasRecurringPrice({ once: { USD: "5.00" } })).toBe(false);
    expect(hasRecurringPrice({ broken: { USD: "5", interval: null } })).toBe(false);
    expect(hasRecurringPrice("include-by-default")).toBe(false);
    expect(hasRecurringPrice([{ interval: [1, "month"] }])).toBe(false);
    expect(hasRecurringPrice(null)).toBe(false);
    expect(hasRecurringPrice({ odd: "interval" })).toBe(false);
  });
});
