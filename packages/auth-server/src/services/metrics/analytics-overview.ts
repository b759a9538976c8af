/**
 * `analytics_overview` of `GET /internal/metrics`. We store no web-analytics events (page views,
 * clicks, referrers, regions) and no session replays, so those figures are zero counts over the
 * window (and no top region); revenue is 0 as in `payments_overview` (no amounts recorded). The
 * SDK's fallback for projects without page-view events is filled from our activity record:
 * anonymous users active per day and in the window.
 * @module
 */
import { type MetricsDataPoint, type MetricsWindow, toSeries } from "./metrics-window";
import type { ActiveDay } from "./user-activity";

export interface AnalyticsOverview {
  daily_page_views: MetricsDataPoint[];
  daily_clicks: MetricsDataPoint[];
  daily_visitors: MetricsDataPoint[];
  daily_anonymous_visitors_fallback: MetricsDataPoint[];
  daily_revenue: { date: string; new_cents: number; refund_cents: number }[];
  total_revenue_cents: number;
  total_replays: number;
  recent_replays: number;
  visitors: number;
  anonymous_visitors_fallback: number;
  avg_session_seconds: number;
  online_live: number;
  revenue_per_visitor: number;
  top_referrers: { referrer: string; visitors: number }[];
  top_region: { country_code: string | null; region_code: string | null; count: number } | null;
}

export function buildAnalyticsOverview(
  window: MetricsWindow,
  userActiveDays: ActiveDay[],
): AnalyticsOverview {
  const zeros = () => toSeries(window.days, []);
  const inWindow = new Set(window.days);
  const anonymous = userActiveDays.filter(
    (active) => active.isAnonymous && inWindow.has(active.day),
  );
  const anonymousPerDay = new Map<string, number>();
  for (const { day } of anonymous) anonymousPerDay.set(day, (anonymousPerDay.get(day) ?? 0) + 1);
  return {
    daily_page_views: zeros(),
    daily_clicks: zeros(),
    daily_visitors: zeros(),
    daily_anonymous_visitors_fallback: toSeries(
      window.days,
      [...anonymousPerDay].map(([day, n]) => ({ day, n })),
    ),
    daily_revenue: window.days.map((date) => ({ date, new_cents: 0, refund_cents: 0 })),
    total_revenue_cents: 0,
    total_replays: 0,
    recent_replays: 0,
    visitors: 0,
    anonymous_visitors_fallback: new Set(anonymous.map((active) => active.id)).size,
    avg_session_seconds: 0,
    online_live: 0,
    revenue_per_visitor: 0,
    top_referrers: [],
    top_region: null,
  };
}
