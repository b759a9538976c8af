/**
 * `GET /internal/metrics` (contract §3.8): the reference's metrics object, with the fields SDK
 * 2.8.108 adds (`live_users`, `active_users_by_country`, the anonymous-visitor fallback).
 * Recent users are server user objects whose extra fields are kept, as the reference's schema
 * allows; unknown fields elsewhere are dropped.
 * @module
 */
import { z } from "zod";

const dataPointsSchema = z.array(z.object({ date: z.string(), activity: z.number() }));

const recentUserSchema = z.looseObject({
  id: z.string(),
  display_name: z.string().nullable(),
  primary_email: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  signed_up_at_millis: z.number(),
  last_active_at_millis: z.number().nullable(),
});

/** Daily actives: all, first-time, active the day before too, and back after a gap. */
const activitySplitSchema = z.object({
  total: dataPointsSchema,
  new: dataPointsSchema,
  retained: dataPointsSchema,
  reactivated: dataPointsSchema,
});

const authOverviewSchema = z.object({
  verified_users: z.int(),
  unverified_users: z.int(),
  anonymous_users: z.int(),
  total_teams: z.int(),
  mau: z.int(),
  daily_active_users_split: activitySplitSchema,
  daily_active_teams_split: activitySplitSchema,
  total_users_filtered: z.int(),
});

const paymentsOverviewSchema = z.object({
  subscriptions_by_status: z.record(z.string(), z.number()),
  active_subscription_count: z.int(),
  total_one_time_purchases: z.int(),
  daily_subscriptions: dataPointsSchema,
  revenue_cents: z.int(),
  mrr_cents: z.int(),
  total_orders: z.int(),
  checkout_conversion_rate: z.number(),
});

const emailOverviewSchema = z.object({
  emails_by_status: z.record(z.string(), z.number()),
  total_emails: z.int(),
  daily_emails: dataPointsSchema,
  daily_emails_by_status: z.array(
    z.object({ date: z.string(), ok: z.int(), error: z.int(), in_progress: z.int() }),
  ),
  emails_sent: z.int(),
  recent_emails: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      subject: z.string(),
      created_at_millis: z.number(),
    }),
  ),
  deliverability_status: z.object({
    delivered: z.int(),
    bounced: z.int(),
    error: z.int(),
    in_progress: z.int(),
  }),
  deliverability_rate: z.number(),
  bounce_rate: z.number(),
  click_rate: z.number(),
});

const analyticsOverviewSchema = z.object({
  daily_page_views: dataPointsSchema,
  daily_clicks: dataPointsSchema,
  daily_visitors: dataPointsSchema,
  daily_anonymous_visitors_fallback: dataPointsSchema.default([]),
  daily_revenue: z.array(z.object({ date: z.string(), new_cents: z.int(), refund_cents: z.int() })),
  total_revenue_cents: z.int(),
  total_replays: z.int(),
  recent_replays: z.int(),
  visitors: z.int(),
  anonymous_visitors_fallback: z.int().default(0),
  avg_session_seconds: z.number(),
  online_live: z.int(),
  revenue_per_visitor: z.number(),
  top_referrers: z.array(z.object({ referrer: z.string(), visitors: z.int() })),
  top_region: z
    .object({
      country_code: z.string().nullable(),
      region_code: z.string().nullable(),
      count: z.int(),
    })
    .nullable(),
  // The reference's development fallback fields (non-production servers only).
  bounce_rate: z.number().optional(),
  conversion_rate: z.number().optional(),
  deltas: z.unknown().optional(),
});

export const adminMetricsSchema = z.object({
  total_users: z.int(),
  live_users: z.int().default(0),
  daily_users: dataPointsSchema,
  daily_active_users: dataPointsSchema,
  users_by_country: z.record(z.string(), z.number()),
  active_users_by_country: z.record(z.string(), z.array(recentUserSchema)).default({}),
  recently_registered: z.array(recentUserSchema),
  recently_active: z.array(recentUserSchema),
  login_methods: z.array(z.object({ method: z.string(), count: z.int() })),
  auth_overview: authOverviewSchema,
  payments_overview: paymentsOverviewSchema,
  email_overview: emailOverviewSchema,
  analytics_overview: analyticsOverviewSchema,
});

export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
