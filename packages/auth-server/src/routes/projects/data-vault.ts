/**
 * `/data-vault/stores/{store_id}/set|get` (contract §3.5), server or admin access. Both are POST so
 * the hashed key never appears in a URL or access log.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { getDataVaultValue, setDataVaultValue } from "../../services/data-vault/data-vault";

const serverAccess: readonly AccessType[] = ["server", "admin"];
const params = z.strictObject({ store_id: z.string().min(1) });
const setBody = z.strictObject({
  hashed_key: z.string().min(1),
  encrypted_value: z.string(),
});
const getBody = z.strictObject({ hashed_key: z.string().min(1) });

export function createDataVaultRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/stores/:store_id/set",
    describeRoute({
      summary: "Store a value in a data vault",
      callers: ["server", "admin"],
      params: params,
      body: setBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const input = validateRequest(c, { params, body: setBody });
      await setDataVaultValue(
        deps,
        auth.project,
        input.params.store_id,
        input.body.hashed_key,
        input.body.encrypted_value,
      );
      return sendSuccess(c);
    },
  );

  app.post(
    "/stores/:store_id/get",
    describeRoute({
      summary: "Read a value from a data vault",
      callers: ["server", "admin"],
      params: params,
      body: getBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const input = validateRequest(c, { params, body: getBody });
      const value = await getDataVaultValue(
        deps,
        auth.project,
        input.params.store_id,
        input.body.hashed_key,
      );
      return sendJson(c, { encrypted_value: value });
    },
  );

  return app;
}
