/**
 * `GET /projects/current`: the client project object (contract §1.9).
 * @module
 */

import { Hono } from "hono";
import type { AuthEnv } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { clientProjectView } from "../../http/project-views";
import { sendJson } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { toClientProjectConfig } from "../../services/projects/project-config";
import { toClientProject } from "../../services/projects/projects";

export function createProjectRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/current",
    describeRoute({
      summary: "Read the current project (public view)",
      callers: ["client", "server", "admin"],
      query: emptyQuery,
    }),
    (c) => {
      const auth = requireAccess(c);
      validateRequest(c, { query: emptyQuery });
      const project = toClientProject(auth.project, toClientProjectConfig);
      return sendJson(c, clientProjectView(project, c.get("headerSpelling")));
    },
  );
  return app;
}
