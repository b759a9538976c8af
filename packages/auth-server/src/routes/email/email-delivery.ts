/**
 * `GET /emails/delivery-info` and `POST /emails/capacity-boost` (server access, the reference's
 * shapes): the project's sent mail per hour, day, week and month with its sending capacity, and a
 * 4-hour boost of that capacity (one at a time). See services/email/email-capacity.ts.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import { Hono } from "hono";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { emptyBody, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { activateCapacityBoost, deliveryInfo } from "../../services/email/email-capacity";

const serverAccess: readonly AccessType[] = ["server", "admin"];

export function createEmailDeliveryRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/delivery-info",
    describeRoute({
      summary: "Show the project's sent mail and sending capacity",
      callers: serverAccess,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const info = await deliveryInfo(
        deps,
        auth.project.id,
        deps.config.STACK_DEFAULT_EMAIL_CAPACITY_PER_HOUR,
      );
      return sendJson(c, info);
    },
  );

  app.post(
    "/capacity-boost",
    describeRoute({
      summary: "Boost the project's sending capacity fourfold for 4 hours",
      description: "One boost at a time: EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE while one runs.",
      callers: serverAccess,
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      validateRequest(c, { body: emptyBody });
      const expiresAt = await activateCapacityBoost(deps, auth.project.id);
      return sendJson(c, { expires_at: expiresAt.toISOString() });
    },
  );

  return app;
}
