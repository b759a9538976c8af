/**
 * `GET /internal/metrics` (contract §3.8), computed from the database: user totals, the daily
 * sign-up and active-user series of the last 30 days plus today (UTC days), users by country,
 * the most recently registered and active users and the count of each login method.
 *
 * We keep no event history, so a user counts as active on a day when their `last_active_at`, or the
 * start or last refresh of one of their sessions, falls on it: a lower bound of the reference's
 * token-refresh analytics.
 * @module
 */
import type { ServerUser } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, count, eq, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  oauthAccounts,
  passkeyCredentials,
  passwordCredentials,
  sessions,
  users,
} from "../db/schema";
import type { LoadedProject } from "./projects";
import { listUsers, toServerUser } from "./users";

export const metricsWindowDays = 30;
const recentUsersCount = 5;
const dayMs = 24 * 60 * 60 * 1000;

export interface MetricsDataPoint {
  date: string;
  activity: number;
}

export interface AdminMetrics {
  total_users: number;
  daily_users: MetricsDataPoint[];
  daily_active_users: MetricsDataPoint[];
  users_by_country: Record<string, number>;
  recently_registered: ServerUser[];
  recently_active: ServerUser[];
  login_methods: { method: string; count: number }[];
}

/** `YYYY-MM-DD` of every UTC day from 30 days ago to today, oldest first. */
export function metricsDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: metricsWindowDays + 1 }, (_, index) =>
    new Date(today - (metricsWindowDays - index) * dayMs).toISOString().slice(0, 10),
  );
}

function toSeries(days: string[], rows: { day: string; n: number | string }[]): MetricsDataPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return days.map((date) => ({ date, activity: byDay.get(date) ?? 0 }));
}

const utcDay = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function loadAdminMetrics(
  db: Database,
  project: LoadedProject,
  options: { includeAnonymous: boolean; now: Date },
): Promise<AdminMetrics> {
  const days = metricsDays(options.now);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  const userFilter = and(
    eq(users.projectId, project.id),
    options.includeAnonymous ? undefined : eq(users.isAnonymous, false),
  );

  const [totals] = await db.select({ n: count() }).from(users).where(userFilter);

  const signUps = await db
    .select({ day: utcDay(users.signedUpAt), n: count() })
    .from(users)
    .where(and(userFilter, gte(users.signedUpAt, since)))
    .groupBy(utcDay(users.signedUpAt));

  // Every (user, day) with some activity, then distinct users per day.
  const activity = db
    .select({ userId: users.id, day: utcDay(users.lastActiveAt).as("day") })
    .from(users)
    .where(and(userFilter, gte(users.lastActiveAt, since)))
    .unionAll(
      db
        .select({ userId: users.id, day: utcDay(sessions.createdAt).as("day") })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(userFilter, gte(sessions.createdAt, since))),
    )
    .unionAll(
      db
        .select({ userId: users.id, day: utcDay(sessions.lastActiveAt).as("day") })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(userFilter, gte(sessions.lastActiveAt, since))),
    )
    .as("activity");
  const active = await db
    .select({ day: activity.day, n: sql<number>`count(distinct ${activity.userId})` })
    .from(activity)
    .groupBy(activity.day);

  const countries = await db
    .select({ countryCode: users.countryCode, n: count() })
    .from(users)
    .where(and(userFilter, isNotNull(users.countryCode)))
    .groupBy(users.countryCode);

  const recent = async (orderBy: "signed_up_at" | "last_active_at") => {
    const page = await listUsers(db, project, {
      limit: recentUsersCount,
      orderBy,
      desc: true,
      includeRestricted: true,
      includeAnonymous: options.includeAnonymous,
      onlyAnonymous: false,
    });
    return page.users.map((user) => toServerUser(user, project.config));
  };

  return {
    total_users: totals?.n ?? 0,
    daily_users: toSeries(days, signUps),
    daily_active_users: toSeries(days, active),
    users_by_country: Object.fromEntries(
      countries.map((row) => [row.countryCode ?? "", row.n] as const),
    ),
    recently_registered: await recent("signed_up_at"),
    recently_active: await recent("last_active_at"),
    login_methods: await loadLoginMethods(db, project.id),
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
