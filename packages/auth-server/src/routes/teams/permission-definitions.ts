/**
 * `/team-permission-definitions` and `/project-permission-definitions` (contract §2.11), admin
 * access only: the project's permission definitions with their contained permissions. The team list
 * includes the six system permissions, which cannot be created, changed or deleted.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createPermissionDefinition,
  deletePermissionDefinition,
  listPermissionDefinitions,
  type PermissionScope,
  updatePermissionDefinition,
} from "../../services/teams/permissions";
import { permissionIdSchema } from "./permissions";

const adminAccess: readonly AccessType[] = ["admin"];
const customIdSchema = z
  .string()
  .regex(/^[a-z0-9_:]+$/, 'Only lowercase letters, numbers, ":", "_" are allowed');

const createBody = z.strictObject({
  id: customIdSchema,
  description: z.string().optional(),
  contained_permission_ids: z.array(permissionIdSchema).optional(),
});
const updateBody = z.strictObject({
  id: customIdSchema.optional(),
  description: z.string().optional(),
  contained_permission_ids: z.array(permissionIdSchema).optional(),
});
const idParams = z.strictObject({ permission_id: customIdSchema });

export function createPermissionDefinitionRoutes(
  deps: RouteDeps,
  scope: PermissionScope,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({ summary: "List permission definitions", callers: ["admin"] }),
    (c) => {
      const auth = requireAccess(c, adminAccess);
      const items = listPermissionDefinitions(auth.project.config, scope);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Create a permission definition",
      callers: ["admin"],
      body: createBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: createBody });
      const definition = await createPermissionDefinition(deps, auth.project, scope, {
        id: body.id,
        description: body.description,
        ...(body.contained_permission_ids
          ? { containedPermissionIds: body.contained_permission_ids }
          : {}),
      });
      return sendJson(c, definition, 201);
    },
  );

  app.patch(
    "/:permission_id",
    describeRoute({
      summary: "Update a permission definition",
      callers: ["admin"],
      params: idParams,
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params, body } = validateRequest(c, { params: idParams, body: updateBody });
      const definition = await updatePermissionDefinition(
        deps,
        auth.project,
        scope,
        params.permission_id,
        {
          ...(body.id ? { id: body.id } : {}),
          description: body.description,
          ...(body.contained_permission_ids
            ? { containedPermissionIds: body.contained_permission_ids }
            : {}),
        },
      );
      return sendJson(c, definition);
    },
  );

  app.delete(
    "/:permission_id",
    describeRoute({
      summary: "Delete a permission definition",
      callers: ["admin"],
      params: idParams,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      await deletePermissionDefinition(deps, auth.project, scope, params.permission_id);
      return sendSuccess(c);
    },
  );

  return app;
}
