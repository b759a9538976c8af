/**
 * `/team-permissions` and `/project-permissions` (contract §2.11): list a user's permissions
 * (client: only its own; `recursive=true` expands contained permissions) and, with server access,
 * grant and revoke them. Grants and revocations are webhook events (`team_permission.created`,
 * `…deleted`, `project_permission.…`), as in the reference.
 * @module
 */
import { type AccessType, knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { requireUser } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";
import {
  assertGrantablePermission,
  isSystemPermission,
  listPermissions,
  revokePermission,
} from "../../services/teams/permissions";
import { grantPermissions, requireTeamMember } from "../../services/teams/teams";
import { emitWebhookEvent } from "../../services/webhooks/webhook-events";

const serverAccess: readonly AccessType[] = ["server", "admin"];

/** Custom ids, or one of the system permissions (other `$…` ids are rejected). */
export const permissionIdSchema = z
  .string()
  .regex(
    /^\$?[a-z0-9_:]+$/,
    'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed',
  )
  .refine((id) => !id.startsWith("$") || isSystemPermission(id), "Invalid system permission");

const recursiveFlag = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

const teamListQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMeSchema.optional(),
  permission_id: permissionIdSchema.optional(),
  recursive: recursiveFlag,
});
const projectListQuery = z.strictObject({
  user_id: userIdOrMeSchema.optional(),
  permission_id: permissionIdSchema.optional(),
  recursive: recursiveFlag,
});
const teamGrantParams = z.strictObject({
  team_id: z.uuid(),
  user_id: userIdOrMeSchema,
  permission_id: permissionIdSchema,
});
const projectGrantParams = z.strictObject({
  user_id: userIdOrMeSchema,
  permission_id: permissionIdSchema,
});
const emptyBody = z.strictObject({});

/** Client access lists only its own permissions (text 403, as the reference). */
function resolveListedUser(auth: RequestAuth, userId: string | undefined): string | undefined {
  const resolved = userId === undefined ? undefined : resolveUserId(auth, userId);
  if (auth.accessType === "client") {
    if (!auth.user) throw knownErrors.cannotGetOwnUserWithoutUser();
    if (resolved !== auth.user.row.id) {
      throw plainErrors.clientPermissionsOfOthers();
    }
  }
  return resolved;
}

export function createTeamPermissionRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List team permissions",
      callers: ["client", "server", "admin"],
      query: teamListQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: teamListQuery });
      const items = await listPermissions(deps.db, auth.project, {
        scope: "team",
        userId: resolveListedUser(auth, query.user_id),
        teamId: query.team_id,
        permissionId: query.permission_id,
        recursive: query.recursive,
      });
      return sendJson(c, {
        items: items.map((item) => ({ id: item.id, user_id: item.user_id, team_id: item.team_id })),
        is_paginated: false,
      });
    },
  );

  app.post(
    "/:team_id/:user_id/:permission_id",
    describeRoute({
      summary: "Grant a team permission to a member",
      callers: ["server", "admin"],
      params: teamGrantParams,
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: teamGrantParams, body: emptyBody });
      const userId = resolveUserId(auth, params.user_id);
      await requireUser(deps.db, auth.project.id, userId);
      await requireTeamMember(deps.db, auth.project.id, params.team_id, userId);
      assertGrantablePermission(auth.project.config, "team", params.permission_id);
      await grantPermissions(deps.db, deps.ids, {
        projectId: auth.project.id,
        userId,
        teamId: params.team_id,
        permissionIds: [params.permission_id],
        now: deps.clock(),
      });
      const grant = { id: params.permission_id, user_id: userId, team_id: params.team_id };
      await emitWebhookEvent(deps.db, auth.project.id, "team_permission.created", grant);
      return sendJson(c, grant, 201);
    },
  );

  app.delete(
    "/:team_id/:user_id/:permission_id",
    describeRoute({
      summary: "Revoke a team permission from a member",
      callers: ["server", "admin"],
      params: teamGrantParams,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: teamGrantParams });
      const userId = resolveUserId(auth, params.user_id);
      const revoked = await revokePermission(deps.db, auth.project.id, {
        userId,
        teamId: params.team_id,
        permissionId: params.permission_id,
      });
      if (!revoked) {
        throw knownErrors.teamPermissionNotFound({
          team_id: params.team_id,
          user_id: userId,
          permission_id: params.permission_id,
        });
      }
      await emitWebhookEvent(deps.db, auth.project.id, "team_permission.deleted", {
        id: params.permission_id,
        user_id: userId,
        team_id: params.team_id,
      });
      return sendSuccess(c);
    },
  );

  return app;
}

export function createProjectPermissionRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List project permissions",
      callers: ["client", "server", "admin"],
      query: projectListQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: projectListQuery });
      const items = await listPermissions(deps.db, auth.project, {
        scope: "project",
        userId: resolveListedUser(auth, query.user_id),
        permissionId: query.permission_id,
        recursive: query.recursive,
      });
      return sendJson(c, {
        items: items.map((item) => ({ id: item.id, user_id: item.user_id })),
        is_paginated: false,
      });
    },
  );

  app.post(
    "/:user_id/:permission_id",
    describeRoute({
      summary: "Grant a project permission to a user",
      callers: ["server", "admin"],
      params: projectGrantParams,
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: projectGrantParams, body: emptyBody });
      const userId = resolveUserId(auth, params.user_id);
      await requireUser(deps.db, auth.project.id, userId);
      assertGrantablePermission(auth.project.config, "project", params.permission_id);
      await grantPermissions(deps.db, deps.ids, {
        projectId: auth.project.id,
        userId,
        teamId: null,
        permissionIds: [params.permission_id],
        now: deps.clock(),
      });
      const grant = { id: params.permission_id, user_id: userId };
      await emitWebhookEvent(deps.db, auth.project.id, "project_permission.created", grant);
      return sendJson(c, grant, 201);
    },
  );

  app.delete(
    "/:user_id/:permission_id",
    describeRoute({
      summary: "Revoke a project permission from a user",
      callers: ["server", "admin"],
      params: projectGrantParams,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: projectGrantParams });
      const userId = resolveUserId(auth, params.user_id);
      await requireUser(deps.db, auth.project.id, userId);
      const revoked = await revokePermission(deps.db, auth.project.id, {
        userId,
        teamId: null,
        permissionId: params.permission_id,
      });
      if (!revoked) throw knownErrors.permissionNotFound({ permission_id: params.permission_id });
      await emitWebhookEvent(deps.db, auth.project.id, "project_permission.deleted", {
        id: params.permission_id,
        user_id: userId,
      });
      return sendSuccess(c);
    },
  );

  return app;
}
