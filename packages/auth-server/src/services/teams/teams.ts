/**
 * Teams and memberships (contract §2.7, §2.8): create (the creator joins with the team-creator
 * default permissions), read, list, update and delete teams; add members (with the team-member
 * default permissions) and remove them (their team permissions and team selection go with them).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { permissionGrants, type TeamRow, teamMembers, teams, users } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { grantFreeDashboardPlan } from "../product-grants/dashboard-plans";
import type { LoadedProject } from "../projects/projects";
import { toServerTeam } from "../records/team-wire";
import type { IdGenerators } from "../secrets/secrets";
import { emitWebhookEvent } from "../webhooks/webhook-events";

/**
 * Throws the contract's USER_NOT_FOUND unless the user exists in the project: the check
 * records/user-records.ts's `requireUser` makes, without loading the user (the users modules import
 * this one).
 */
async function requireUserInProject(db: Database, projectId: string, userId: string) {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)))
    .limit(1);
  if (!found) throw knownErrors.userNotFound();
}

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

export async function findTeam(
  db: Database,
  projectId: string,
  teamId: string,
): Promise<TeamRow | null> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

/** The team, or KE TEAM_NOT_FOUND. */
export async function requireTeam(
  db: Database,
  projectId: string,
  teamId: string,
): Promise<TeamRow> {
  const team = await findTeam(db, projectId, teamId);
  if (!team) throw knownErrors.teamNotFound({ team_id: teamId });
  return team;
}

/** KE TEAM_MEMBERSHIP_NOT_FOUND unless the user is in the team. */
export async function requireTeamMember(
  db: Database,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<void> {
  if (!(await isTeamMember(db, projectId, teamId, userId))) {
    throw knownErrors.teamMembershipNotFound({ team_id: teamId, user_id: userId });
  }
}

/** The project's teams (only the user's when `userId` is given), oldest first. */
export async function listTeams(
  db: Database,
  projectId: string,
  userId?: string,
): Promise<TeamRow[]> {
  const conditions: SQL[] = [eq(teams.projectId, projectId)];
  if (userId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.projectId} = ${teams.projectId} and ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${userId})`,
    );
  }
  return db
    .select()
    .from(teams)
    .where(and(...conditions))
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

/** The writable team fields, as the wire names them. */
export interface TeamWriteInput {
  display_name?: string;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
}

type TeamDeps = Pick<AuthDeps, "db" | "ids" | "clock">;

/**
 * Adds a member with the project's default team permissions for creators or members. As the
 * reference, a member who joins (`POST /team-memberships`, an accepted invitation) is announced:
 * `team_membership.created`, then `team_permission.created` for each permission the join
 * granted; a team's creator is announced by `team.created` alone.
 */
async function joinTeam(
  tx: Database,
  deps: TeamDeps,
  project: LoadedProject,
  input: { teamId: string; userId: string; role: "creator" | "member" },
): Promise<void> {
  const now = deps.clock();
  await addTeamMember(tx, {
    projectId: project.id,
    teamId: input.teamId,
    userId: input.userId,
    now,
  });
  const defaults = project.config.rbac.defaultPermissions;
  const permissionIds = input.role === "creator" ? defaults.teamCreator : defaults.teamMember;
  await grantPermissions(tx, deps.ids, {
    projectId: project.id,
    userId: input.userId,
    teamId: input.teamId,
    permissionIds,
    now,
  });
  if (input.role === "member") {
    const membership = { team_id: input.teamId, user_id: input.userId };
    await emitWebhookEvent(tx, project.id, "team_membership.created", membership);
    for (const id of permissionIds) {
      await emitWebhookEvent(tx, project.id, "team_permission.created", { id, ...membership });
    }
  }
}

/** Creates a team; the creator (if any, an existing user) joins it. */
export async function createTeamWithCreator(
  deps: TeamDeps,
  project: LoadedProject,
  input: TeamWriteInput & { display_name: string; creatorUserId: string | null },
): Promise<TeamRow> {
  return deps.db.transaction(async (tx) => {
    if (input.creatorUserId !== null)
      await requireUserInProject(tx, project.id, input.creatorUserId);
    const id = deps.ids.generateId();
    const now = deps.clock();
    await tx.insert(teams).values({
      id,
      projectId: project.id,
      displayName: input.display_name,
      profileImageUrl: input.profile_image_url ?? null,
      clientMetadata: input.client_metadata ?? null,
      clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
      serverMetadata: input.server_metadata ?? null,
      createdAt: now,
    });
    await grantFreeDashboardPlan(tx, deps.ids, project, id, now);
    const team = await requireTeam(tx, project.id, id);
    await emitWebhookEvent(tx, project.id, "team.created", toServerTeam(team));
    if (input.creatorUserId !== null) {
      await joinTeam(tx, deps, project, {
        teamId: id,
        userId: input.creatorUserId,
        role: "creator",
      });
    }
    return team;
  });
}

export async function updateTeam(
  db: Database,
  projectId: string,
  teamId: string,
  input: TeamWriteInput,
): Promise<TeamRow> {
  const changes: Partial<typeof teams.$inferInsert> = {};
  if (input.display_name !== undefined) changes.displayName = input.display_name;
  if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
  if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
  if (input.client_read_only_metadata !== undefined) {
    changes.clientReadOnlyMetadata = input.client_read_only_metadata;
  }
  if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
  await requireTeam(db, projectId, teamId);
  if (Object.keys(changes).length > 0) {
    await db
      .update(teams)
      .set(changes)
      .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId)));
  }
  const updated = await requireTeam(db, projectId, teamId);
  await emitWebhookEvent(db, projectId, "team.updated", toServerTeam(updated));
  return updated;
}

/** Deletes a team; memberships, team permissions and selections of it go with it (cascade). */
export async function deleteTeam(db: Database, projectId: string, teamId: string): Promise<void> {
  const deleted = await db
    .delete(teams)
    .where(and(eq(teams.projectId, projectId), eq(teams.id, teamId)))
    .returning({ id: teams.id });
  if (deleted.length === 0) throw knownErrors.teamNotFound({ team_id: teamId });
  await emitWebhookEvent(db, projectId, "team.deleted", { id: teamId });
}

/** `POST /team-memberships`: USER_NOT_FOUND, TEAM_NOT_FOUND, TEAM_MEMBERSHIP_ALREADY_EXISTS. */
export async function addMemberToTeam(
  deps: TeamDeps,
  project: LoadedProject,
  input: { teamId: string; userId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireUserInProject(tx, project.id, input.userId);
    await requireTeam(tx, project.id, input.teamId);
    if (await isTeamMember(tx, project.id, input.teamId, input.userId)) {
      throw knownErrors.teamMembershipAlreadyExists();
    }
    await joinTeam(tx, deps, project, { ...input, role: "member" });
  });
}

/**
 * Adds the user unless already a member (accepting an invitation twice changes nothing). The team
 * and the user must be the project's own (USER_NOT_FOUND, TEAM_NOT_FOUND), whoever calls.
 */
export async function ensureTeamMember(
  deps: TeamDeps,
  project: LoadedProject,
  input: { teamId: string; userId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireUserInProject(tx, project.id, input.userId);
    await requireTeam(tx, project.id, input.teamId);
    if (await isTeamMember(tx, project.id, input.teamId, input.userId)) return;
    await joinTeam(tx, deps, project, { ...input, role: "member" });
  });
}

/** Removes a member with their team permissions; a team they had selected is unselected. */
export async function removeTeamMember(
  db: Database,
  projectId: string,
  input: { teamId: string; userId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.projectId, projectId),
          eq(teamMembers.teamId, input.teamId),
          eq(teamMembers.userId, input.userId),
        ),
      )
      .returning({ userId: teamMembers.userId });
    if (deleted.length === 0) {
      throw knownErrors.teamMembershipNotFound({ team_id: input.teamId, user_id: input.userId });
    }
    await emitWebhookEvent(tx, projectId, "team_membership.deleted", {
      team_id: input.teamId,
      user_id: input.userId,
    });
    await tx
      .delete(permissionGrants)
      .where(
        and(
          eq(permissionGrants.projectId, projectId),
          eq(permissionGrants.teamId, input.teamId),
          eq(permissionGrants.userId, input.userId),
        ),
      );
    await tx
      .update(users)
      .set({ selectedTeamId: null })
      .where(and(eq(users.id, input.userId), eq(users.selectedTeamId, input.teamId)));
  });
}
