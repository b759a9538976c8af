/**
 * `GET /internal/metrics?include_anonymous=true|false` (contract §3.8): the project's user metrics
 * and its auth, payments, e-mail and analytics overviews (services/metrics/admin-metrics.ts). Admin access
 * only.
 * @module
 */
import type { AdminMetrics } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { loadAdminMetrics } from "../../services/metrics/admin-metrics";

const metricsQuery = z.strictObject({ include_anonymous: z.enum(["true", "false"]).optional() });

export function createInternalMetricsRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "Read the project's metrics (dashboard)",
      callers: ["admin"],
      query: metricsQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { query } = validateRequest(c, { query: metricsQuery });
      const metrics = await loadAdminMetrics(deps.db, auth.project, {
        includeAnonymous: query.include_anonymous === "true",
        now: deps.clock(),
      });
      return sendJson(c, metrics satisfies AdminMetrics);
    },
  );

  return app;
}
