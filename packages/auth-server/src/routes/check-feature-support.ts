/**
 * `POST /check-feature-support`: the SDK asks whether the server supports a feature it is about to
 * use, and shows the answer to the developer. As the reference, every feature named here is one the
 * SDK already knows to be unsupported, so the answer is always the same text (200, plain text); the
 * request is logged so that an operator sees which features developers reach for.
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../http/context";
import { sendText } from "../http/respond";
import { validateRequest } from "../http/validate";
import { describeRoute } from "../openapi/route-description";

const checkBody = z.looseObject({
  feature_name: z.string().max(1000).optional(),
});

export function createCheckFeatureSupportRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Ask whether a feature is supported (text answer for the developer)",
      callers: ["anyone"],
      body: checkBody,
      responseMediaType: "text/plain",
    }),
    (c) => {
      const { body } = validateRequest(c, { body: checkBody });
      const auth = c.get("auth");
      deps.logger.info(
        { featureName: body.feature_name ?? null, projectId: auth?.project.id ?? null },
        "An SDK checked support of a feature this server does not offer",
      );
      return sendText(
        c,
        `${body.feature_name ?? "This feature"} is not yet supported. Please reach out to Stack support for more information.`,
      );
    },
  );
  return app;
}
