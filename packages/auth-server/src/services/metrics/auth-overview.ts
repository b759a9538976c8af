/**
 * `auth_overview` of `GET /internal/metrics` (reference field meanings): verified, unverified and
 * anonymous users (the three add up to all users, whatever `include_anonymous` says), teams,
 * monthly active users, the daily active users and teams split into new, retained and
 * reactivated, and the user total the request's anonymous filter selects.
 * @module
 */
import type { Database } from "@heritage/db";
import { count, eq, sql } from "drizzle-orm";
import { contactChannels, teams, users } from "../../db/schema";
import { type ActivitySplit, splitActivity } from "./activity-split";
import type { MetricsWindow } from "./metrics-window";
import { type ActiveDay, loadActiveDays, loadFirstActiveDays } from "./user-activity";

export interface AuthOverview {
  verified_users: number;
  unverified_users: number;
  anonymous_users: number;
  total_teams: number;
  mau: number;
  daily_active_users_split: ActivitySplit;
  daily_active_teams_split: ActivitySplit;
  total_users_filtered: number;
}

export async function loadAuthOverview(
  db: Database,
  projectId: string,
  window: MetricsWindow,
  options: { includeAnonymous: boolean; userActiveDays: ActiveDay[] },
): Promise<AuthOverview> {
  const hasVerifiedEmail = sql`exists (select 1 from ${contactChannels} where ${contactChannels.userId} = ${users.id} and ${contactChannels.type} = 'email' and ${contactChannels.isVerified})`;
  const [userCounts] = await db
    .select({
      total: count(),
      anonymous: sql<number>`count(*) filter (where ${users.isAnonymous})`,
      verified: sql<number>`count(*) filter (where not ${users.isAnonymous} and ${hasVerifiedEmail})`,
    })
    .from(users)
    .where(eq(users.projectId, projectId));
  const [teamCount] = await db
    .select({ n: count() })
    .from(teams)
    .where(eq(teams.projectId, projectId));
  const total = Number(userCounts?.total ?? 0);
  const anonymous = Number(userCounts?.anonymous ?? 0);
  const verified = Number(userCounts?.verified ?? 0);

  const activeUsers = options.userActiveDays.filter(
    (active) => options.includeAnonymous || !active.isAnonymous,
  );
  const inWindow = new Set(window.days);
  const monthlyActive = new Set(
    activeUsers.filter((active) => inWindow.has(active.day)).map((active) => active.id),
  );
  const [firstUserDays, teamActiveDays, firstTeamDays] = await Promise.all([
    loadFirstActiveDays(db, projectId, "user"),
    loadActiveDays(db, projectId, window.since, "team"),
    loadFirstActiveDays(db, projectId, "team"),
  ]);

  return {
    verified_users: verified,
    unverified_users: total - anonymous - verified,
    anonymous_users: anonymous,
    total_teams: Number(teamCount?.n ?? 0),
    mau: monthlyActive.size,
    daily_active_users_split: splitActivity(window.days, activeUsers, firstUserDays),
    daily_active_teams_split: splitActivity(window.days, teamActiveDays, firstTeamDays),
    total_users_filtered: options.includeAnonymous ? total : total - anonymous,
  };
}
