/**
 * `/internal/projects` (contract §3.1, §3.2): the projects an internal-project user owns through
 * their teams (list, create, transfer; client access or more on `internal` with a user), and the
 * admin's own project at `/internal/projects/current` (read, update, delete; admin access only).
 * @module
 */
import {
  adminProjectCreateSchema,
  adminProjectUpdateSchema,
  knownErrors,
  projectTransferSchema,
} from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { adminProjectView } from "../../http/project-views";
import { sendJson, sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createOwnedProject,
  deleteAdminProject,
  listOwnedProjects,
  toAdminProject,
  transferProject,
  updateAdminProject,
} from "../../services/admin/admin-projects";
import { projectWriteChecks } from "../../services/project-settings/production-mode";
import { internalProjectId } from "../../services/projects/projects";

const noQuery = { query: z.strictObject({}) };

/** The internal user behind a dashboard request (project first, then the user, as the reference). */
function requireInternalUser(auth: RequestAuth): string {
  if (auth.project.id !== internalProjectId) throw knownErrors.expectedInternalProject();
  if (!auth.user) throw knownErrors.userAuthenticationRequired();
  return auth.user.row.id;
}

export function createInternalProjectRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/current",
    describeRoute({
      summary: "Read the admin's current project",
      callers: ["admin"],
      query: noQuery.query,
    }),
    (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, noQuery);
      return sendJson(c, adminProjectView(toAdminProject(auth.project), c.get("headerSpelling")));
    },
  );

  app.patch(
    "/current",
    describeRoute({
      summary: "Update the admin's current project",
      callers: ["admin"],
      query: noQuery.query,
      body: adminProjectUpdateSchema,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { ...noQuery, body: adminProjectUpdateSchema });
      const updated = await updateAdminProject(
        deps.db,
        auth.project,
        body,
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendJson(c, adminProjectView(updated, c.get("headerSpelling")));
    },
  );

  app.delete(
    "/current",
    describeRoute({
      summary: "Delete the admin's current project",
      callers: ["admin"],
      query: noQuery.query,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, noQuery);
      await deleteAdminProject(deps.db, auth.project.id);
      return sendSuccess(c);
    },
  );

  app.post(
    "/transfer",
    describeRoute({
      summary: "Transfer a project to another team",
      callers: ["client", "server", "admin"],
      signedIn: true,
      body: projectTransferSchema,
    }),
    async (c) => {
      const userId = requireInternalUser(requireAccess(c));
      const { body } = validateRequest(c, { body: projectTransferSchema });
      await transferProject(deps.db, userId, body.project_id, body.new_team_id);
      // The reference answers the string "true" here (its e2e suite pins it), unlike its deletes.
      return sendJson(c, { success: "true" });
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: "List the projects the signed-in internal user owns",
      callers: ["client", "server", "admin"],
      signedIn: true,
      query: noQuery.query,
    }),
    async (c) => {
      const userId = requireInternalUser(requireAccess(c));
      validateRequest(c, noQuery);
      const items = await listOwnedProjects(deps.db, deps.secrets, userId);
      const spelling = c.get("headerSpelling");
      return sendJson(c, {
        items: items.map((project) => adminProjectView(project, spelling)),
        is_paginated: false,
      });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Create a project owned by the signed-in internal user",
      callers: ["client", "server", "admin"],
      signedIn: true,
      body: adminProjectCreateSchema,
    }),
    async (c) => {
      const userId = requireInternalUser(requireAccess(c));
      const { body } = validateRequest(c, { body: adminProjectCreateSchema });
      const project = await createOwnedProject(
        deps.db,
        deps.ids,
        userId,
        body,
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendJson(c, adminProjectView(project, c.get("headerSpelling")), 201);
    },
  );

  return app;
}
