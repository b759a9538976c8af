/**
 * `/connected-accounts` (the SDK's connected-account calls, contract §3.9): a user's linked provider
 * accounts and provider access tokens for them. Client access only for its own user (`me`).
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  getProviderAccessToken,
  listConnectedAccounts,
} from "../../services/oauth/connected-accounts";
import type { ProviderClient } from "../../services/oauth/provider-client";
import { requireUser } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";

const accessTokenBody = z.strictObject({ scope: z.string().optional() });

/**
 * Resolves `me`; client access may only name its own user (text 403, worded per route as the
 * reference words it: `list` for the list, else the access-token routes').
 */
async function resolveAccountOwner(
  deps: RouteDeps,
  auth: RequestAuth,
  userId: string,
  action: "list" | "token" = "token",
) {
  const resolved = resolveUserId(auth, userId);
  if (auth.accessType === "client" && resolved !== auth.user?.row.id) {
    throw action === "list"
      ? plainErrors.clientConnectedAccountListOfOthers()
      : plainErrors.clientConnectedAccountsOfOthers();
  }
  await requireUser(deps.db, auth.project.id, resolved);
  return resolved;
}

const ownerParams = z.object({ user_id: userIdOrMeSchema });
const providerParams = z.object({ user_id: userIdOrMeSchema, provider_id: z.string() });
const accountParams = z.object({
  user_id: userIdOrMeSchema,
  provider_id: z.string(),
  provider_account_id: z.string(),
});

export function createConnectedAccountRoutes(
  deps: RouteDeps,
  client: ProviderClient,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/:user_id",
    describeRoute({
      summary: "List a user's connected OAuth accounts",
      callers: ["client", "server", "admin"],
      params: ownerParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: ownerParams });
      const userId = await resolveAccountOwner(deps, auth, params.user_id, "list");
      const items = await listConnectedAccounts(deps, auth.project, userId);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/:user_id/:provider_id/access-token",
    describeRoute({
      summary: "Get an access token of the user's connected account for a provider",
      callers: ["client", "server", "admin"],
      params: providerParams,
      body: accessTokenBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, {
        params: providerParams,
        body: accessTokenBody,
      });
      const userId = await resolveAccountOwner(deps, auth, params.user_id);
      const token = await getProviderAccessToken(deps, client, auth.project, {
        userId,
        providerId: params.provider_id,
        ...(body.scope === undefined ? {} : { scope: body.scope }),
      });
      return sendJson(c, token, 201);
    },
  );

  app.post(
    "/:user_id/:provider_id/:provider_account_id/access-token",
    describeRoute({
      summary: "Get an access token of one connected account",
      callers: ["client", "server", "admin"],
      params: accountParams,
      body: accessTokenBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, {
        params: accountParams,
        body: accessTokenBody,
      });
      const userId = await resolveAccountOwner(deps, auth, params.user_id);
      const token = await getProviderAccessToken(deps, client, auth.project, {
        userId,
        providerId: params.provider_id,
        providerAccountId: params.provider_account_id,
        ...(body.scope === undefined ? {} : { scope: body.scope }),
      });
      return sendJson(c, token, 201);
    },
  );

  return app;
}
