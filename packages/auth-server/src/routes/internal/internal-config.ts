/**
 * `/internal/config` (contract §3.7): the rendered config (`GET /internal/config`) and the override
 * levels: read, replace (PUT), dot-notation update (PATCH) and reset-keys, and the source of the
 * pushed branch config (`/internal/config/source`: read, unlink). Admin access; server access only
 * for the `branch` override level (as the reference).
 * @module
 */

import { type Context, Hono } from "hono";
import { z } from "zod";
import { jsonNestsDeeperThan, maxJsonDepth } from "../../http/body-parser";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { parseJsonField } from "../../http/input-guard";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  type ConfigLevel,
  configLevels,
  patchConfigOverride,
  readLevelOverride,
  replaceConfigOverride,
  resetConfigOverrideKeys,
} from "../../services/project-settings/config-overrides";
import { projectWriteChecks } from "../../services/project-settings/production-mode";
import {
  branchConfigSourceSchema,
  readBranchConfigSource,
  setBranchConfigSource,
  unlinkBranchConfigSource,
} from "../../services/projects/config-source";
import { renderedConfig } from "../../services/projects/project-config";
import { plainErrors } from "../../services/shared/plain-errors";

const levelParams = z.object({ level: z.enum(configLevels) });
const resetParams = z.object({ level: z.enum(["branch", "environment"]) });
const patchBody = z.strictObject({ config_override_string: z.string() });
const putBody = z.strictObject({
  config_string: z.string(),
  source: branchConfigSourceSchema.optional(),
});
const resetBody = z.strictObject({ keys: z.array(z.string().min(1)) });

/**
 * An override's JSON text: text that is not JSON at all gets the reference's "Invalid config JSON";
 * the general checks (nesting depth, text that cannot be stored) follow.
 */
function parseConfigJson(c: Context<AuthEnv>, field: string, text: string): unknown {
  if (!jsonNestsDeeperThan(text, maxJsonDepth)) {
    try {
      JSON.parse(text);
    } catch {
      throw plainErrors.invalidConfigJson();
    }
  }
  return parseJsonField(c, field, text);
}

/** Server access may only manage the branch level (text 403, as the reference). */
function checkLevelAccess(auth: RequestAuth, level: ConfigLevel): void {
  if (auth.accessType === "server" && level !== "branch") {
    throw plainErrors.serverBranchConfigOnly();
  }
}

export function createInternalConfigRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "Read the project's rendered configuration",
      callers: ["admin"],
      query: emptyQuery,
    }),
    (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      return sendJson(c, { config_string: JSON.stringify(renderedConfig(auth.project.config)) });
    },
  );

  app.get(
    "/override/:level",
    describeRoute({
      summary: "Read a configuration override level",
      callers: ["server", "admin"],
      params: levelParams,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { params } = validateRequest(c, { params: levelParams });
      checkLevelAccess(auth, params.level);
      const override = await readLevelOverride(
        deps.db,
        deps.secrets,
        auth.project.id,
        params.level,
      );
      return sendJson(c, { config_string: JSON.stringify(override) });
    },
  );

  app.put(
    "/override/:level",
    describeRoute({
      summary: "Replace a configuration override level",
      callers: ["server", "admin"],
      params: levelParams,
      body: putBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { params, body } = validateRequest(c, { params: levelParams, body: putBody });
      checkLevelAccess(auth, params.level);
      const override = parseConfigJson(c, "config_string", body.config_string);
      if (params.level === "branch" && !body.source) {
        throw plainErrors.branchConfigSourceRequired();
      }
      await replaceConfigOverride(
        deps.db,
        auth.project,
        params.level,
        override,
        deps.clock(),
        projectWriteChecks(deps),
      );
      // Only the branch level has a source (as the reference); it is kept once the config is in.
      if (params.level === "branch" && body.source) {
        await setBranchConfigSource(deps.db, auth.project.id, body.source, deps.clock());
      }
      return sendSuccess(c);
    },
  );

  app.patch(
    "/override/:level",
    describeRoute({
      summary: "Merge into a configuration override level",
      callers: ["server", "admin"],
      params: levelParams,
      body: patchBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { params, body } = validateRequest(c, { params: levelParams, body: patchBody });
      checkLevelAccess(auth, params.level);
      const override = parseConfigJson(c, "config_override_string", body.config_override_string);
      await patchConfigOverride(
        deps.db,
        auth.project,
        params.level,
        override,
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendSuccess(c);
    },
  );

  app.post(
    "/override/:level/reset-keys",
    describeRoute({
      summary: "Remove keys from a configuration override level",
      callers: ["admin"],
      params: resetParams,
      body: resetBody,
    }),
    async (c) => {
      // Admin only, as the reference (server access gets 401 INSUFFICIENT_ACCESS_TYPE).
      const auth = requireAccess(c, ["admin"]);
      const { params, body } = validateRequest(c, { params: resetParams, body: resetBody });
      await resetConfigOverrideKeys(
        deps.db,
        auth.project,
        params.level,
        body.keys,
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendSuccess(c);
    },
  );

  app.get(
    "/source",
    describeRoute({
      summary: "Read where the branch configuration comes from",
      callers: ["admin"],
      query: emptyQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      return sendJson(c, { source: await readBranchConfigSource(deps.db, auth.project.id) });
    },
  );

  app.delete(
    "/source",
    describeRoute({
      summary: "Forget the branch configuration source",
      callers: ["admin"],
      query: emptyQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      await unlinkBranchConfigSource(deps.db, auth.project.id, deps.clock());
      return sendSuccess(c);
    },
  );

  return app;
}
