/**
 * `/internal/api-keys` (contract §3.3): the admin creates, lists, reads, renames and revokes the
 * project's own key sets. Admin access only.
 * @module
 */
import {
  internalApiKeyCreateSchema,
  internalApiKeyUpdateSchema,
  knownErrors,
} from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createInternalApiKey,
  getInternalApiKey,
  listInternalApiKeys,
  updateInternalApiKey,
} from "../../services/projects/internal-api-keys";

/** Key set ids are UUIDs; anything else names no key set (KE API_KEY_NOT_FOUND, not a 500). */
function readKeySetId(raw: string): string {
  if (!z.uuid().safeParse(raw).success) throw knownErrors.apiKeyNotFound();
  return raw;
}

export function createInternalApiKeyRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Create an internal API key set",
      callers: ["admin"],
      body: internalApiKeyCreateSchema,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: internalApiKeyCreateSchema });
      return sendJson(
        c,
        await createInternalApiKey(deps.db, deps.ids, auth.project.id, body, deps.clock()),
      );
    },
  );

  app.get(
    "/",
    describeRoute({ summary: "List internal API key sets", callers: ["admin"], query: emptyQuery }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      const items = await listInternalApiKeys(deps.db, auth.project.id);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.get(
    "/:api_key_id",
    describeRoute({ summary: "Read an internal API key set", callers: ["admin"] }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const id = readKeySetId(c.req.param("api_key_id"));
      return sendJson(c, await getInternalApiKey(deps.db, auth.project.id, id));
    },
  );

  app.patch(
    "/:api_key_id",
    describeRoute({
      summary: "Update or revoke an internal API key set",
      callers: ["admin"],
      body: internalApiKeyUpdateSchema,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const id = readKeySetId(c.req.param("api_key_id"));
      const { body } = validateRequest(c, { body: internalApiKeyUpdateSchema });
      return sendJson(
        c,
        await updateInternalApiKey(deps.db, auth.project.id, id, body, deps.clock()),
      );
    },
  );

  return app;
}
