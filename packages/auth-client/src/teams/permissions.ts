/**
 * @module
 * Permissions (contract §2.11): the signed-in user's team and project permissions (client access),
 * granting and revoking any user's (server access), and permission definitions (admin access). A
 * team permission is asked for with `{ teamId }`; without it the call is about project permissions.
 */
import {
  listEnvelopeSchema,
  type PermissionDefinition,
  permissionDefinitionSchema,
  projectPermissionSchema,
  teamPermissionSchema,
} from "@heritage/auth-protocol";
import { type AppCore, parseResponse } from "../calls-core";

/** A permission a user holds; `teamId` is null for project permissions. */
export interface GrantedPermission {
  id: string;
  userId: string;
  teamId: string | null;
}

export interface PermissionScopeOptions {
  /** A team permission in this team; omit for a project permission. */
  teamId?: string;
}

export interface ListPermissionsOptions extends PermissionScopeOptions {
  /** Include the permissions contained in the granted ones (default true). */
  recursive?: boolean;
}

/** The signed-in user's permissions (every access level, as that user). */
export interface UserPermissionCalls {
  /** `GET /team-permissions` or `/project-permissions` with `user_id=me`. */
  listPermissions(options?: ListPermissionsOptions): Promise<GrantedPermission[]>;
  /** Whether the user holds the permission, directly or through a containing one. */
  hasPermission(permissionId: string, options?: PermissionScopeOptions): Promise<boolean>;
}

/** Any user's permissions (server and admin access). */
export interface PermissionManagement {
  grantPermission(input: { userId: string; permissionId: string; teamId?: string }): Promise<void>;
  /** Throws `TEAM_PERMISSION_NOT_FOUND` / `PERMISSION_NOT_FOUND` when it was not granted directly. */
  revokePermission(input: { userId: string; permissionId: string; teamId?: string }): Promise<void>;
  listUserPermissions(
    userId: string,
    options?: ListPermissionsOptions,
  ): Promise<GrantedPermission[]>;
  hasUserPermission(
    userId: string,
    permissionId: string,
    options?: PermissionScopeOptions,
  ): Promise<boolean>;
}

export type PermissionScope = "team" | "project";

export interface PermissionDefinitionInput {
  description?: string;
  containedPermissionIds?: string[];
}

/** A permission definition; team definitions include the `$` system permissions. */
export interface PermissionDefinitionInfo {
  id: string;
  description: string | null;
  containedPermissionIds: string[];
}

/** Permission definitions (admin access). */
export interface PermissionDefinitionCalls {
  listPermissionDefinitions(scope: PermissionScope): Promise<PermissionDefinitionInfo[]>;
  createPermissionDefinition(
    scope: PermissionScope,
    input: PermissionDefinitionInput & { id: string },
  ): Promise<PermissionDefinitionInfo>;
  /** Giving a new `id` renames it; grants follow. */
  updatePermissionDefinition(
    scope: PermissionScope,
    permissionId: string,
    input: PermissionDefinitionInput & { id?: string },
  ): Promise<PermissionDefinitionInfo>;
  /** Also removes every grant of it. */
  deletePermissionDefinition(scope: PermissionScope, permissionId: string): Promise<void>;
}

const teamList = listEnvelopeSchema(teamPermissionSchema);
const projectList = listEnvelopeSchema(projectPermissionSchema);
const definitionList = listEnvelopeSchema(permissionDefinitionSchema);

async function listFor(
  core: AppCore,
  userId: string,
  options: ListPermissionsOptions & { permissionId?: string },
  withSession: boolean,
): Promise<GrantedPermission[]> {
  const session = withSession ? core.session : null;
  const query = {
    user_id: userId,
    permission_id: options.permissionId,
    recursive: String(options.recursive ?? true),
  };
  if (options.teamId !== undefined) {
    const response = await core.send("/team-permissions", {
      session,
      query: { ...query, team_id: options.teamId },
    });
    const page = await parseResponse(response, teamList);
    return page.items.map((p) => ({ id: p.id, userId: p.user_id, teamId: p.team_id }));
  }
  const response = await core.send("/project-permissions", { session, query });
  const page = await parseResponse(response, projectList);
  return page.items.map((p) => ({ id: p.id, userId: p.user_id, teamId: null }));
}

export function createUserPermissionCalls(core: AppCore): UserPermissionCalls {
  return {
    listPermissions: (options = {}) => listFor(core, "me", options, true),
    async hasPermission(permissionId, options = {}) {
      const found = await listFor(core, "me", { ...options, permissionId, recursive: true }, true);
      return found.length > 0;
    },
  };
}

function grantPath(input: { userId: string; permissionId: string; teamId?: string }): string {
  const user = encodeURIComponent(input.userId);
  const permission = encodeURIComponent(input.permissionId);
  return input.teamId === undefined
    ? `/project-permissions/${user}/${permission}`
    : `/team-permissions/${encodeURIComponent(input.teamId)}/${user}/${permission}`;
}

export function createPermissionManagement(core: AppCore): PermissionManagement {
  return {
    async grantPermission(input) {
      await core.send(grantPath(input), { method: "POST", body: {} });
    },
    async revokePermission(input) {
      await core.send(grantPath(input), { method: "DELETE", body: {} });
    },
    listUserPermissions: (userId, options = {}) => listFor(core, userId, options, false),
    async hasUserPermission(userId, permissionId, options = {}) {
      const found = await listFor(
        core,
        userId,
        { ...options, permissionId, recursive: true },
        false,
      );
      return found.length > 0;
    },
  };
}

function toDefinition(wire: PermissionDefinition): PermissionDefinitionInfo {
  return {
    id: wire.id,
    description: wire.description ?? null,
    containedPermissionIds: wire.contained_permission_ids,
  };
}

function toDefinitionBody(input: PermissionDefinitionInput & { id?: string }) {
  return {
    ...(input.id === undefined ? {} : { id: input.id }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.containedPermissionIds === undefined
      ? {}
      : { contained_permission_ids: input.containedPermissionIds }),
  };
}

export function createPermissionDefinitionCalls(core: AppCore): PermissionDefinitionCalls {
  const base = (scope: PermissionScope) => `/${scope}-permission-definitions`;
  const item = (scope: PermissionScope, id: string) => `${base(scope)}/${encodeURIComponent(id)}`;
  return {
    async listPermissionDefinitions(scope) {
      const page = await parseResponse(await core.send(base(scope)), definitionList);
      return page.items.map(toDefinition);
    },
    async createPermissionDefinition(scope, input) {
      const response = await core.send(base(scope), {
        method: "POST",
        body: toDefinitionBody(input),
      });
      return toDefinition(await parseResponse(response, permissionDefinitionSchema));
    },
    async updatePermissionDefinition(scope, permissionId, input) {
      const response = await core.send(item(scope, permissionId), {
        method: "PATCH",
        body: toDefinitionBody(input),
      });
      return toDefinition(await parseResponse(response, permissionDefinitionSchema));
    },
    async deletePermissionDefinition(scope, permissionId) {
      await core.send(item(scope, permissionId), { method: "DELETE", body: {} });
    },
  };
}
