/**
 * `/internal/config` (contract §3.7), the part this platform serves: the rendered config
 * (`GET /internal/config`) and dot-notation overrides (`PATCH /internal/config/override/{level}`,
 * used by the SDK's `project.updateConfig` and `project.update({ requirePublishableClientKey })`).
 * Admin access; server access only for the `branch` level (as the reference). Per-level override
 * documents (GET/PUT of one level, reset-keys, pushed config sources) are not stored here, so those
 * endpoints answer 404.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../http/context";
import { requireAccess } from "../http/project-access";
import { sendJson, sendSuccess } from "../http/respond";
import { throwSchemaError, validateRequest } from "../http/validate";
import { configLevels, patchConfigOverride } from "../services/config-overrides";
import { StatusError } from "../services/status-error";

const levelParams = z.object({ level: z.enum(configLevels) });
const patchBody = z.strictObject({ config_override_string: z.string() });

export function createInternalConfigRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get("/", (c) => {
    const auth = requireAccess(c, ["admin"]);
    validateRequest(c, { query: z.strictObject({}) });
    return sendJson(c, { config_string: JSON.stringify(auth.project.config) });
  });

  app.patch("/override/:level", async (c) => {
    const auth = requireAccess(c, ["server", "admin"]);
    const { params, body } = validateRequest(c, { params: levelParams, body: patchBody });
    if (auth.accessType === "server" && params.level !== "branch") {
      throw new StatusError(403, "Server access can only manage branch config overrides.");
    }
    let override: unknown;
    try {
      override = JSON.parse(body.config_override_string);
    } catch {
      throwSchemaError(c, ["body.config_override_string must be valid JSON"]);
    }
    await patchConfigOverride(deps.db, auth.project, params.level, override);
    return sendSuccess(c);
  });

  return app;
}
