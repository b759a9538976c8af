/**
 * Team member profiles (contract §2.10): a member's name and picture within one team, falling back
 * to the user's own when the member has set none. Server access also sees the full user.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { teamMembers } from "../../db/schema";
import type { ProjectConfig } from "../projects/project-config";
import { type LoadedUser, requireUser } from "../records/user-records";
import { toServerUser } from "../records/user-wire";
import { requireTeamMember } from "./teams";

export interface MemberProfile {
  teamId: string;
  user: LoadedUser;
  displayName: string | null;
  profileImageUrl: string | null;
}

export async function listMemberProfiles(
  db: Database,
  projectId: string,
  filter: { teamId?: string | undefined; userId?: string | undefined },
): Promise<MemberProfile[]> {
  const conditions: SQL[] = [eq(teamMembers.projectId, projectId)];
  if (filter.teamId) conditions.push(eq(teamMembers.teamId, filter.teamId));
  if (filter.userId) conditions.push(eq(teamMembers.userId, filter.userId));
  const rows = await db
    .select()
    .from(teamMembers)
    .where(and(...conditions))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.userId));
  const profiles: MemberProfile[] = [];
  for (const row of rows) {
    const user = await requireUser(db, projectId, row.userId);
    profiles.push({
      teamId: row.teamId,
      user,
      displayName: row.displayName ?? user.row.displayName,
      profileImageUrl: row.profileImageUrl ?? user.row.profileImageUrl,
    });
  }
  return profiles;
}

/** One member's profile, or KE TEAM_MEMBERSHIP_NOT_FOUND. */
export async function getMemberProfile(
  db: Database,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<MemberProfile> {
  await requireTeamMember(db, projectId, teamId, userId);
  const [profile] = await listMemberProfiles(db, projectId, { teamId, userId });
  if (!profile) throw new Error("A member without a profile row");
  return profile;
}

export async function updateMemberProfile(
  db: Database,
  projectId: string,
  input: {
    teamId: string;
    userId: string;
    displayName?: string | null | undefined;
    profileImageUrl?: string | null | undefined;
  },
): Promise<MemberProfile> {
  await requireTeamMember(db, projectId, input.teamId, input.userId);
  const changes: Partial<typeof teamMembers.$inferInsert> = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.profileImageUrl !== undefined) changes.profileImageUrl = input.profileImageUrl;
  if (Object.keys(changes).length > 0) {
    await db
      .update(teamMembers)
      .set(changes)
      .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
  }
  return getMemberProfile(db, projectId, input.teamId, input.userId);
}

/** The wire object; `withUser` (server access) adds the full server user. */
export function toMemberProfileWire(
  profile: MemberProfile,
  config: ProjectConfig,
  withUser: boolean,
): Record<string, unknown> {
  return {
    team_id: profile.teamId,
    user_id: profile.user.row.id,
    display_name: profile.displayName,
    profile_image_url: profile.profileImageUrl,
    ...(withUser ? { user: toServerUser(profile.user, config) } : {}),
  };
}
