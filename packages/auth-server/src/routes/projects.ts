/**
 * `GET /projects/current`: the client project object (contract §1.9).
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv } from "../http/context";
import { requireAccess } from "../http/project-access";
import { clientProjectView } from "../http/project-views";
import { sendJson } from "../http/respond";
import { validateRequest } from "../http/validate";
import { toClientProjectConfig } from "../services/projects/project-config";
import { toClientProject } from "../services/projects/projects";

export function createProjectRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get("/current", (c) => {
    const auth = requireAccess(c);
    validateRequest(c, { query: z.strictObject({}) });
    const project = toClientProject(auth.project, toClientProjectConfig);
    return sendJson(c, clientProjectView(project, c.get("headerSpelling")));
  });
  return app;
}
