/**
 * `GET /internal/metrics` (contract §3.8): the user part of the reference's metrics object.
 * Recent users are server user objects; extra fields are allowed, as the reference's schema does.
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

export const adminMetricsSchema = z.looseObject({
  total_users: z.int(),
  daily_users: dataPointsSchema,
  daily_active_users: dataPointsSchema,
  users_by_country: z.record(z.string(), z.number()),
  recently_registered: z.array(recentUserSchema),
  recently_active: z.array(recentUserSchema),
  login_methods: z.array(z.object({ method: z.string(), count: z.int() })),
});

export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
