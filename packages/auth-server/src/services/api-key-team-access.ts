/**
 * Who may manage a team's API keys with client access (contract §2.12): a member of the team who
 * holds `$manage_api_keys` there.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { permissionGrants } from "../db/schema";
import type { LoadedProject } from "./projects";
import { isTeamMember } from "./teams";

export const manageApiKeysPermission = "$manage_api_keys";

/**
 * TEAM PERMISSION CHECK (single place, issue 7): until the permissions service lands, only a direct
 * grant of `$manage_api_keys` to a member counts; permissions that contain it are not expanded yet.
 */
export async function canManageTeamApiKeys(
  db: Database,
  project: LoadedProject,
  input: { teamId: string; userId: string },
): Promise<boolean> {
  if (!(await isTeamMember(db, project.id, input.teamId, input.userId))) return false;
  const [grant] = await db
    .select({ id: permissionGrants.id })
    .from(permissionGrants)
    .where(
      and(
        eq(permissionGrants.projectId, project.id),
        eq(permissionGrants.teamId, input.teamId),
        eq(permissionGrants.userId, input.userId),
        eq(permissionGrants.permissionId, manageApiKeysPermission),
      ),
    )
    .limit(1);
  return grant !== undefined;
}
