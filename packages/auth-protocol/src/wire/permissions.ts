/**
 * Permissions on the wire (contract §2.11): granted team and project permissions, and permission
 * definitions with their contained permissions (the team list includes the `$` system permissions).
 * @module
 */
import { z } from "zod";

/** A team permission a user holds (`GET /team-permissions`, grant response). */
export const teamPermissionSchema = z.strictObject({
  id: z.string(),
  user_id: z.uuid(),
  team_id: z.uuid(),
});
export type TeamPermission = z.infer<typeof teamPermissionSchema>;

/** A project permission a user holds (`GET /project-permissions`, grant response). */
export const projectPermissionSchema = z.strictObject({ id: z.string(), user_id: z.uuid() });
export type ProjectPermission = z.infer<typeof projectPermissionSchema>;

/** `/team-permission-definitions`, `/project-permission-definitions`. */
export const permissionDefinitionSchema = z.strictObject({
  id: z.string(),
  description: z.string().optional(),
  contained_permission_ids: z.array(z.string()),
});
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;
