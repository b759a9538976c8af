/**
 * Who may manage a team's API keys with client access (contract §2.12): a member of the team who
 * holds `$manage_api_keys` there, directly or through a permission that contains it.
 * @module
 */
import type { Database } from "@heritage/db";
import type { LoadedProject } from "../projects/projects";
import { hasTeamPermission } from "../teams/permissions";
import { isTeamMember } from "../teams/teams";

export const manageApiKeysPermission = "$manage_api_keys";

export async function canManageTeamApiKeys(
  db: Database,
  project: LoadedProject,
  input: { teamId: string; userId: string },
): Promise<boolean> {
  // Only members count, so a grant left behind by a departed member gives no access.
  if (!(await isTeamMember(db, project.id, input.teamId, input.userId))) return false;
  return hasTeamPermission(db, project, { ...input, permissionId: manageApiKeysPermission });
}
