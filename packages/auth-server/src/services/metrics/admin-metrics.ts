/**
 * `GET /internal/metrics` (contract §3.8), computed from the database: user totals, the daily
 * sign-up and active-user series of the last 30 days plus today (UTC days), users by country,
 * the most recently registered and active users, the count of each login method, who is online,
 * and the auth, payments, e-mail and analytics overviews (services/metrics/).
 *
 * Activity comes from our activity record (services/metrics/user-activity.ts), a lower bound of
 * the reference's token-refresh analytics.
 * @module
 */
import type { ServerUser } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, count, eq, gte, isNotNull } from "drizzle-orm";
import { oauthAccounts, passkeyCredentials, passwordCredentials, users } from "../../db/schema";
import type { LoadedProject } from "../projects/projects";
import { findUser, listUsers } from "../records/user-records";
import { toServerUser } from "../records/user-wire";
import { type AnalyticsOverview, buildAnalyticsOverview } from "./analytics-overview";
import { type AuthOverview, loadAuthOverview } from "./auth-overview";
import { type EmailOverview, loadEmailOverview } from "./email-overview";
import { type MetricsDataPoint, metricsWindow, toSeries, utcDay } from "./metrics-window";
import { loadPaymentsOverview, type PaymentsOverview } from "./payments-overview";
import { loadActiveDays, loadUsersActiveSince } from "./user-activity";

export type { MetricsDataPoint } from "./metrics-window";
export { metricsDays, metricsWindowDays } from "./metrics-window";

/** As the reference: the newest sign-ups listed, and the most recently active. */
const recentlyRegisteredCount = 100;
const recentlyActiveCount = 5;
/** "Online now": active within the last two minutes, as the SDK's `live_users`. */
const liveWindowMs = 2 * 60 * 1000;
/** At most this many online users are loaded for `active_users_by_country`. */
const liveUsersListed = 50;

export interface AdminMetrics {
  total_users: number;
  live_users: number;
  daily_users: MetricsDataPoint[];
  daily_active_users: MetricsDataPoint[];
  users_by_country: Record<string, number>;
  active_users_by_country: Record<string, ServerUser[]>;
  recently_registered: ServerUser[];
  recently_active: ServerUser[];
  login_methods: { method: string; count: number }[];
  auth_overview: AuthOverview;
  payments_overview: PaymentsOverview;
  email_overview: EmailOverview;
  analytics_overview: AnalyticsOverview;
}

export async function loadAdminMetrics(
  db: Database,
  project: LoadedProject,
  options: { includeAnonymous: boolean; now: Date },
): Promise<AdminMetrics> {
  const window = metricsWindow(options.now);
  const { days, since } = window;
  const userFilter = and(
    eq(users.projectId, project.id),
    options.includeAnonymous ? undefined : eq(users.isAnonymous, false),
  );

  const signUps = await db
    .select({ day: utcDay(users.signedUpAt), n: count() })
    .from(users)
    .where(and(userFilter, gte(users.signedUpAt, since)))
    .groupBy(utcDay(users.signedUpAt));

  const userActiveDays = await loadActiveDays(db, project.id, since, "user");
  const activePerDay = new Map<string, number>();
  for (const active of userActiveDays) {
    if (active.isAnonymous && !options.includeAnonymous) continue;
    activePerDay.set(active.day, (activePerDay.get(active.day) ?? 0) + 1);
  }

  const countries = await db
    .select({ countryCode: users.countryCode, n: count() })
    .from(users)
    .where(and(userFilter, isNotNull(users.countryCode)))
    .groupBy(users.countryCode);

  const recent = async (orderBy: "signed_up_at" | "last_active_at", limit: number) => {
    const page = await listUsers(db, project, {
      limit,
      orderBy,
      desc: true,
      includeRestricted: true,
      includeAnonymous: options.includeAnonymous,
      onlyAnonymous: false,
    });
    return page.users.map((user) => toServerUser(user, project.config));
  };

  const liveUserIds = await loadUsersActiveSince(
    db,
    project.id,
    new Date(options.now.getTime() - liveWindowMs),
    options.includeAnonymous,
  );
  const activeUsersByCountry: Record<string, ServerUser[]> = {};
  for (const userId of liveUserIds.slice(0, liveUsersListed)) {
    const user = await findUser(db, project.id, userId);
    const countryCode = user?.row.countryCode;
    if (!user || !countryCode) continue;
    activeUsersByCountry[countryCode] ??= [];
    activeUsersByCountry[countryCode].push(toServerUser(user, project.config));
  }

  const authOverview = await loadAuthOverview(db, project.id, window, {
    includeAnonymous: options.includeAnonymous,
    userActiveDays,
  });

  return {
    total_users: authOverview.total_users_filtered,
    live_users: liveUserIds.length,
    daily_users: toSeries(days, signUps),
    daily_active_users: toSeries(
      days,
      [...activePerDay].map(([day, n]) => ({ day, n })),
    ),
    users_by_country: Object.fromEntries(
      countries.map((row) => [row.countryCode ?? "", row.n] as const),
    ),
    active_users_by_country: activeUsersByCountry,
    recently_registered: await recent("signed_up_at", recentlyRegisteredCount),
    recently_active: await recent("last_active_at", recentlyActiveCount),
    login_methods: await loadLoginMethods(db, project.id),
    auth_overview: authOverview,
    payments_overview: await loadPaymentsOverview(db, project.id, window),
    email_overview: await loadEmailOverview(db, project.id, window),
    analytics_overview: buildAnalyticsOverview(window, userActiveDays),
  };
}

/** Auth methods of the project's users: password, passkey, otp and one entry per OAuth provider. */
async function loadLoginMethods(
  db: Database,
  projectId: string,
): Promise<{ method: string; count: number }[]> {
  const [passwords] = await db
    .select({ n: count() })
    .from(passwordCredentials)
    .innerJoin(users, eq(users.id, passwordCredentials.userId))
    .where(eq(users.projectId, projectId));
  const [passkeys] = await db
    .select({ n: count() })
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.projectId, projectId));
  const [otp] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.otpAuthEnabled, true)));
  const providers = await db
    .select({ method: oauthAccounts.providerConfigId, n: count() })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.projectId, projectId))
    .groupBy(oauthAccounts.providerConfigId);
  const methods = [
    { method: "password", count: passwords?.n ?? 0 },
    { method: "passkey", count: passkeys?.n ?? 0 },
    { method: "otp", count: otp?.n ?? 0 },
    ...providers.map((row) => ({ method: row.method.toLowerCase(), count: row.n })),
  ];
  // As the reference, only methods somebody uses are listed.
  return methods.filter((entry) => entry.count > 0);
}
