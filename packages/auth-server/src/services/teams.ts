/**
 * The minimal team rules Tier 1 needs: a personal team on sign-up, membership checks for
 * `selected_team_id` and for admin access tokens, default permission grants. Issue 7 extends this.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { permissionGrants, teamMembers, teams } from "../db/schema";
import type { IdGenerators } from "./secrets";

export async function createTeam(
  db: Database,
  ids: Pick<IdGenerators, "generateId">,
  input: { projectId: string; displayName: string; now: Date; id?: string },
): Promise<string> {
  const id = input.id ?? ids.generateId();
  await db.insert(teams).values({
    id,
    projectId: input.projectId,
    displayName: input.displayName,
    createdAt: input.now,
  });
  return id;
}

export async function addTeamMember(
  db: Database,
  input: { projectId: string; teamId: string; userId: string; now: Date },
): Promise<void> {
  await db
    .insert(teamMembers)
    .values({
      projectId: input.projectId,
      teamId: input.teamId,
      userId: input.userId,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

export async function isTeamMember(
  db: Database,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, projectId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Grants permissions (project-wide when `teamId` is null); already granted ones are kept. */
export async function grantPermissions(
  db: Database,
  ids: Pick<IdGenerators, "generateId">,
  input: {
    projectId: string;
    userId: string;
    teamId: string | null;
    permissionIds: readonly string[];
    now: Date;
  },
): Promise<void> {
  if (input.permissionIds.length === 0) return;
  await db
    .insert(permissionGrants)
    .values(
      input.permissionIds.map((permissionId) => ({
        id: ids.generateId(),
        projectId: input.projectId,
        userId: input.userId,
        teamId: input.teamId,
        permissionId,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing();
}
