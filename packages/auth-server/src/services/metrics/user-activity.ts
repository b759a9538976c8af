/**
 * User activity as the metrics see it. The reference counts `$token-refresh` analytics events; we
 * keep no event history, so a user counts as active at each moment we still have on record: their
 * sign-up, their `last_active_at`, and the start and last refresh of each of their sessions. Older
 * activity that a later one overwrote is lost, so every activity figure is a lower bound of the
 * reference's. A team counts as active when one of its members is, from the team's creation on
 * (no event names a team here).
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import { sessions, teamMembers, teams, users } from "../../db/schema";
import { utcDay } from "./metrics-window";

/** A day on which a user (or a team: one of its members) was active. */
export interface ActiveDay {
  id: string;
  isAnonymous: boolean;
  day: string;
}

/** Users, or teams (active when one of their members is). */
export type ActivityEntity = "user" | "team";

/** Every moment of activity on record of the project's users at or after `since`. */
function activityMoments(db: Database, projectId: string, since: Date) {
  const ofProject = (moment: SQL) => and(eq(users.projectId, projectId), gte(moment, since));
  return db
    .select({
      userId: users.id,
      isAnonymous: users.isAnonymous,
      at: sql`${users.lastActiveAt}`.as("at"),
    })
    .from(users)
    .where(ofProject(sql`${users.lastActiveAt}`))
    .unionAll(
      db
        .select({
          userId: users.id,
          isAnonymous: users.isAnonymous,
          at: sql`${users.signedUpAt}`.as("at"),
        })
        .from(users)
        .where(ofProject(sql`${users.signedUpAt}`)),
    )
    .unionAll(
      db
        .select({
          userId: users.id,
          isAnonymous: users.isAnonymous,
          at: sql`${sessions.createdAt}`.as("at"),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(ofProject(sql`${sessions.createdAt}`)),
    )
    .unionAll(
      db
        .select({
          userId: users.id,
          isAnonymous: users.isAnonymous,
          at: sql`${sessions.lastActiveAt}`.as("at"),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(ofProject(sql`${sessions.lastActiveAt}`)),
    )
    .as("activity");
}

/** The distinct (user or team, UTC day) pairs with activity at or after `since`. */
export async function loadActiveDays(
  db: Database,
  projectId: string,
  since: Date,
  entity: ActivityEntity,
): Promise<ActiveDay[]> {
  const activity = activityMoments(db, projectId, since);
  const day = utcDay(sql`${activity.at}`);
  if (entity === "user") {
    return db
      .selectDistinct({ id: activity.userId, isAnonymous: activity.isAnonymous, day })
      .from(activity);
  }
  return db
    .selectDistinct({ id: teamMembers.teamId, isAnonymous: sql<boolean>`false`, day })
    .from(activity)
    .innerJoin(teamMembers, eq(teamMembers.userId, activity.userId))
    .innerJoin(
      teams,
      and(eq(teams.id, teamMembers.teamId), gte(sql`${activity.at}`, teams.createdAt)),
    );
}

/** Each user's (or team's) first day of activity on record, all time: who is new on a day. */
export async function loadFirstActiveDays(
  db: Database,
  projectId: string,
  entity: ActivityEntity,
): Promise<Map<string, string>> {
  const activity = activityMoments(db, projectId, new Date(0));
  const first = sql<string>`min(${utcDay(sql`${activity.at}`)})`;
  const rows =
    entity === "user"
      ? await db.select({ id: activity.userId, first }).from(activity).groupBy(activity.userId)
      : await db
          .select({ id: teamMembers.teamId, first })
          .from(activity)
          .innerJoin(teamMembers, eq(teamMembers.userId, activity.userId))
          .innerJoin(
            teams,
            and(eq(teams.id, teamMembers.teamId), gte(sql`${activity.at}`, teams.createdAt)),
          )
          .groupBy(teamMembers.teamId);
  return new Map(rows.map((row) => [row.id, row.first]));
}

/** The ids of users active at or after `since` (the "online now" window), most recent first. */
export async function loadUsersActiveSince(
  db: Database,
  projectId: string,
  since: Date,
  includeAnonymous: boolean,
): Promise<string[]> {
  const activity = activityMoments(db, projectId, since);
  const rows = await db
    .select({ userId: activity.userId })
    .from(activity)
    .where(includeAnonymous ? undefined : eq(activity.isAnonymous, false))
    .groupBy(activity.userId)
    .orderBy(sql`max(${activity.at}) desc`);
  return rows.map((row) => row.userId);
}
