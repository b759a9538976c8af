/**
 * `GET /api/v1`: a probe that says who the request authenticated as (contract §1.7); handy to check
 * the §1.3 pipeline.
 * @module
 */

import { Hono } from "hono";
import type { AuthEnv } from "../http/context";
import { sendText } from "../http/respond";
import { emptyQuery, validateRequest } from "../http/validate";
import { describeRoute } from "../openapi/route-description";

const welcome =
  "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.";

const accessTypeLabels = { client: "Client", server: "Server", admin: "Admin" } as const;

export function createProbeRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/",
    describeRoute({
      summary: "Probe: who the request authenticated as (text)",
      callers: ["anyone"],
      query: emptyQuery,
    }),
    (c) => {
      validateRequest(c, { query: emptyQuery });
      const auth = c.get("auth");
      if (!auth) return sendText(c, `${welcome}\n\nAuthentication: None`);
      const user = auth.user ? (auth.user.primaryEmail?.value ?? auth.user.row.id) : "None";
      return sendText(
        c,
        `${welcome}\n\nAuthentication: ${accessTypeLabels[auth.accessType]}\n  Project: ${auth.project.id}\n  User: ${user}`,
      );
    },
  );
  return app;
}
