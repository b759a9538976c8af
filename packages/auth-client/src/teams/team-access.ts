/**
 * @module
 * The team and permission calls of each access level in one place, so each app adds them with one
 * spread: client (the signed-in user's teams and permissions), server (any team, granting and
 * revoking) and admin (server plus permission definitions).
 */
import type { AppCore } from "../calls-core";
import {
  createPermissionDefinitionCalls,
  createPermissionManagement,
  createUserPermissionCalls,
  type PermissionDefinitionCalls,
  type PermissionManagement,
  type UserPermissionCalls,
} from "./permissions";
import {
  type ClientTeamCalls,
  createClientTeamCalls,
  createServerTeamCalls,
  type ServerTeamCalls,
} from "./teams";

export interface ClientTeamAccess extends ClientTeamCalls, UserPermissionCalls {}

export interface ServerTeamAccess
  extends ServerTeamCalls,
    UserPermissionCalls,
    PermissionManagement {}

export interface AdminTeamAccess extends ServerTeamAccess, PermissionDefinitionCalls {}

export function createClientTeamAccess(core: AppCore): ClientTeamAccess {
  return { ...createClientTeamCalls(core), ...createUserPermissionCalls(core) };
}

export function createServerTeamAccess(core: AppCore): ServerTeamAccess {
  return {
    ...createServerTeamCalls(core),
    ...createUserPermissionCalls(core),
    ...createPermissionManagement(core),
  };
}

export function createAdminTeamAccess(core: AppCore): AdminTeamAccess {
  return { ...createServerTeamAccess(core), ...createPermissionDefinitionCalls(core) };
}
