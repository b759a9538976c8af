/**
 * Permissions (contract §2.11): definitions live in the project's config (`rbac.permissions`), grants
 * in `auth.permission_grants` (team-scoped when `team_id` is set). The six `$`-prefixed system
 * permissions are team permissions that always exist. Listing expands contained permissions
 * transitively when asked to; a grant whose definition was deleted is skipped.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { permissionGrants, projects } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { recordLevelEntries } from "../project-settings/config-overrides";
import { type ProjectConfig, parseProjectConfig } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { requireTeamMember } from "./teams";

export type PermissionScope = "team" | "project";

/** The system team permissions and their fixed descriptions (the reference's texts). */
export const teamSystemPermissions: Readonly<Record<string, string>> = {
  $update_team: "Update the team information",
  $delete_team: "Delete the team",
  $read_members: "Read and list the other members of the team",
  $remove_members: "Remove other members from the team",
  $invite_members: "Invite other users to the team",
  $manage_api_keys: "Create and manage API keys for the team",
};

export function isSystemPermission(id: string): boolean {
  return Object.hasOwn(teamSystemPermissions, id);
}

/** A definition on the wire: `{id, description?, contained_permission_ids}`. */
export interface PermissionDefinition {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function descriptionOf(id: string, description: string | undefined): string | undefined {
  return description || teamSystemPermissions[id];
}

/** The definitions of a scope, sorted by id; the team scope includes the system permissions. */
export function listPermissionDefinitions(
  config: ProjectConfig,
  scope: PermissionScope,
): PermissionDefinition[] {
  const custom = Object.entries(config.rbac.permissions)
    .filter(([, definition]) => definition.scope === scope)
    .map(([id, definition]) => {
      const description = descriptionOf(id, definition.description);
      return {
        id,
        ...(description === undefined ? {} : { description }),
        contained_permission_ids: Object.keys(definition.containedPermissionIds).sort(byText),
      };
    });
  const system =
    scope === "team"
      ? Object.entries(teamSystemPermissions)
          .filter(([id]) => !Object.hasOwn(config.rbac.permissions, id))
          .map(([id, description]) => ({ id, description, contained_permission_ids: [] }))
      : [];
  return [...custom, ...system].sort((a, b) => byText(a.id, b.id));
}

/** PERMISSION_NOT_FOUND / WRONG_PERMISSION_SCOPE unless `id` can be granted in `scope`. */
export function assertGrantablePermission(
  config: ProjectConfig,
  scope: PermissionScope,
  permissionId: string,
): void {
  const definition = config.rbac.permissions[permissionId];
  if (definition === undefined) {
    if (scope === "team" && isSystemPermission(permissionId)) return;
    throw knownErrors.permissionNotFound({ permission_id: permissionId });
  }
  if (definition.scope !== scope) {
    throw knownErrors.wrongPermissionScope({
      permission_id: permissionId,
      expected_scope: scope,
      actual_scope: definition.scope,
    });
  }
}

/** A listed permission: `team_id` is null for project permissions. */
export interface PermissionEntry {
  id: string;
  user_id: string;
  team_id: string | null;
}

/**
 * The permissions of users (optionally one user, one team, one id), direct grants only or with the
 * contained permissions expanded. Order: team_id, user_id, id.
 */
export async function listPermissions(
  db: Database,
  project: LoadedProject,
  options: {
    scope: PermissionScope;
    userId?: string | undefined;
    teamId?: string | undefined;
    permissionId?: string | undefined;
    recursive: boolean;
  },
): Promise<PermissionEntry[]> {
  const definitions = new Map(
    listPermissionDefinitions(project.config, options.scope).map((d) => [d.id, d]),
  );
  const conditions: SQL[] = [eq(permissionGrants.projectId, project.id)];
  if (options.scope === "project") conditions.push(isNull(permissionGrants.teamId));
  else if (options.teamId) conditions.push(eq(permissionGrants.teamId, options.teamId));
  if (options.userId) conditions.push(eq(permissionGrants.userId, options.userId));
  const grants = await db
    .select()
    .from(permissionGrants)
    .where(and(...conditions))
    .orderBy(asc(permissionGrants.createdAt));

  const groups = new Map<string, { userId: string; teamId: string | null; ids: string[] }>();
  for (const grant of grants) {
    if (options.scope === "team" && grant.teamId === null) continue;
    const key = `${grant.teamId ?? ""}/${grant.userId}`;
    const group = groups.get(key) ?? { userId: grant.userId, teamId: grant.teamId, ids: [] };
    group.ids.push(grant.permissionId);
    groups.set(key, group);
  }
  const entries: PermissionEntry[] = [];
  for (const group of groups.values()) {
    const seen = new Set<string>();
    const pending = [...group.ids];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      const definition = definitions.get(id);
      // A definition deleted since the grant: the grant no longer means anything.
      if (!definition || seen.has(id)) continue;
      seen.add(id);
      if (options.recursive) pending.push(...definition.contained_permission_ids);
    }
    for (const id of seen) entries.push({ id, user_id: group.userId, team_id: group.teamId });
  }
  return entries
    .filter((entry) => options.permissionId === undefined || entry.id === options.permissionId)
    .sort(
      (a, b) =>
        byText(a.team_id ?? "", b.team_id ?? "") ||
        byText(a.user_id, b.user_id) ||
        byText(a.id, b.id),
    );
}

/** Whether the user holds the permission in the team, directly or through a containing one. */
export async function hasTeamPermission(
  db: Database,
  project: LoadedProject,
  input: { teamId: string; userId: string; permissionId: string },
): Promise<boolean> {
  const entries = await listPermissions(db, project, {
    scope: "team",
    teamId: input.teamId,
    userId: input.userId,
    permissionId: input.permissionId,
    recursive: true,
  });
  return entries.length > 0;
}

/**
 * TEAM_MEMBERSHIP_NOT_FOUND for a non-member (as the reference checks membership first), then
 * TEAM_PERMISSION_REQUIRED unless the member holds the permission.
 */
export async function requireTeamPermission(
  db: Database,
  project: LoadedProject,
  input: { teamId: string; userId: string; permissionId: string },
): Promise<void> {
  await requireTeamMember(db, project.id, input.teamId, input.userId);
  if (!(await hasTeamPermission(db, project, input))) {
    throw knownErrors.teamPermissionRequired({
      team_id: input.teamId,
      user_id: input.userId,
      permission_id: input.permissionId,
    });
  }
}

/** Removes a direct grant; false when there was none. */
export async function revokePermission(
  db: Database,
  projectId: string,
  input: { userId: string; teamId: string | null; permissionId: string },
): Promise<boolean> {
  const deleted = await db
    .delete(permissionGrants)
    .where(
      and(
        eq(permissionGrants.projectId, projectId),
        eq(permissionGrants.userId, input.userId),
        input.teamId === null
          ? isNull(permissionGrants.teamId)
          : eq(permissionGrants.teamId, input.teamId),
        eq(permissionGrants.permissionId, input.permissionId),
      ),
    )
    .returning({ id: permissionGrants.id });
  return deleted.length > 0;
}

type StoredDefinitions = ProjectConfig["rbac"]["permissions"];
type DefinitionDeps = Pick<AuthDeps, "db" | "clock" | "secrets">;

/**
 * Rewrites the project's permission definitions under a row lock (concurrent admin edits apply one
 * after the other); `change` may throw to leave the config untouched. As in the reference, the new
 * definitions are an environment-level config key (`rbac.permissions`), so that level's override
 * shows them and replacing or resetting it takes them back.
 */
async function changeDefinitions(
  deps: DefinitionDeps,
  projectId: string,
  change: (current: StoredDefinitions, tx: Database) => Promise<StoredDefinitions>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ config: projects.config })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    const config = parseProjectConfig(row?.config);
    const permissions = await change(structuredClone(config.rbac.permissions), tx);
    const next = { ...config, rbac: { ...config.rbac, permissions } };
    await tx.update(projects).set({ config: next }).where(eq(projects.id, projectId));
    await recordLevelEntries(
      tx,
      deps.secrets,
      projectId,
      "environment",
      [[["rbac", "permissions"], permissions]],
      deps.clock(),
    );
  });
}

function assertContainedExist(
  definitions: StoredDefinitions,
  scope: PermissionScope,
  contained: readonly string[],
): void {
  for (const id of contained) {
    const exists = definitions[id]?.scope === scope || (scope === "team" && isSystemPermission(id));
    if (!exists) throw knownErrors.containedPermissionNotFound({ permission_id: id });
  }
}

function toStored(scope: PermissionScope, input: { description?: string; contained: string[] }) {
  return {
    ...(input.description ? { description: input.description } : {}),
    scope,
    containedPermissionIds: Object.fromEntries(input.contained.map((id) => [id, true as const])),
  };
}

function toDefinition(
  id: string,
  input: { description?: string | undefined; contained: string[] },
): PermissionDefinition {
  const description = descriptionOf(id, input.description);
  return {
    id,
    ...(description === undefined ? {} : { description }),
    contained_permission_ids: [...input.contained].sort(byText),
  };
}

export async function createPermissionDefinition(
  deps: DefinitionDeps,
  project: LoadedProject,
  scope: PermissionScope,
  input: { id: string; description?: string | undefined; containedPermissionIds?: string[] },
): Promise<PermissionDefinition> {
  const contained = input.containedPermissionIds ?? [];
  await changeDefinitions(deps, project.id, async (definitions) => {
    if (definitions[input.id] !== undefined || isSystemPermission(input.id)) {
      throw knownErrors.permissionIdAlreadyExists({ permission_id: input.id });
    }
    assertContainedExist(definitions, scope, contained);
    const description = input.description;
    definitions[input.id] = toStored(scope, { ...(description ? { description } : {}), contained });
    return definitions;
  });
  return toDefinition(input.id, { description: input.description, contained });
}

/** Updates (and may rename) a definition; grants and containing definitions follow a rename. */
export async function updatePermissionDefinition(
  deps: DefinitionDeps,
  project: LoadedProject,
  scope: PermissionScope,
  oldId: string,
  input: { id?: string; description?: string | undefined; containedPermissionIds?: string[] },
): Promise<PermissionDefinition> {
  const newId = input.id ?? oldId;
  let result: PermissionDefinition | undefined;
  await changeDefinitions(deps, project.id, async (definitions, tx) => {
    const existing = definitions[oldId];
    if (!existing || existing.scope !== scope) {
      throw knownErrors.permissionNotFound({ permission_id: oldId });
    }
    if (newId !== oldId && (definitions[newId] !== undefined || isSystemPermission(newId))) {
      throw knownErrors.permissionIdAlreadyExists({ permission_id: newId });
    }
    const listed = input.containedPermissionIds ?? Object.keys(existing.containedPermissionIds);
    assertContainedExist(definitions, scope, listed);
    // A definition that names itself keeps naming itself under its new id: the old id must not
    // stay behind, or a definition made later under it would be granted through this one.
    const contained = [...new Set(listed.map((id) => (id === oldId ? newId : id)))];
    const description = input.description ?? existing.description;
    delete definitions[oldId];
    for (const definition of Object.values(definitions)) {
      if (newId !== oldId && definition.containedPermissionIds[oldId]) {
        delete definition.containedPermissionIds[oldId];
        definition.containedPermissionIds[newId] = true;
      }
    }
    definitions[newId] = toStored(scope, { ...(description ? { description } : {}), contained });
    if (newId !== oldId) {
      await tx
        .update(permissionGrants)
        .set({ permissionId: newId })
        .where(
          and(eq(permissionGrants.projectId, project.id), eq(permissionGrants.permissionId, oldId)),
        );
    }
    result = toDefinition(newId, { description, contained });
    return definitions;
  });
  if (!result) throw new Error("The permission definition update did not run");
  return result;
}

/** Deletes a definition, its grants, and its mentions in other definitions. */
export async function deletePermissionDefinition(
  deps: DefinitionDeps,
  project: LoadedProject,
  scope: PermissionScope,
  id: string,
): Promise<void> {
  await changeDefinitions(deps, project.id, async (definitions, tx) => {
    if (definitions[id]?.scope !== scope) {
      throw knownErrors.permissionNotFound({ permission_id: id });
    }
    delete definitions[id];
    for (const definition of Object.values(definitions)) {
      delete definition.containedPermissionIds[id];
    }
    await tx
      .delete(permissionGrants)
      .where(
        and(eq(permissionGrants.projectId, project.id), eq(permissionGrants.permissionId, id)),
      );
    return definitions;
  });
}
